import { describe, expect, it } from "vitest";
import { chatBodySchema, IngestBodySchema, isCleanText, parseBody } from "./validation.js";

describe("request validation", () => {
  it("tells clean text from NUL, control characters and unpaired surrogates", () => {
    expect(isCleanText("tabs\tand\r\nlines, emoji 😀, accents é")).toBe(true);
    for (const bad of [
      "a\u0000b",
      "bell\u0007",
      "esc\u001b[0m",
      "del\u007f",
      "lone \ud800 high",
      "lone \udc00 low",
      "reversed \udc00\ud800",
    ]) {
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it.each([
    [{ message: "a\u0000b" }, "message"],
    [{ message: "hi \ud800" }, "message"],
    [{ message: "hi", topic: "t\u0000" }, "topic"],
    [{ message: "hi", sources: ["docs", "x\u0000"] }, "sources"],
  ])("names the field of invalid chat text %j", (body, field) => {
    expect(() => parseBody(JSON.stringify(body), chatBodySchema(4000))).toThrow(expect.objectContaining({ status: 400, field }));
  });

  it("names the field of invalid ingest text", () => {
    expect(() => parseBody(JSON.stringify({ paths: ["ok", "a\u0000"] }), IngestBodySchema)).toThrow(
      expect.objectContaining({ status: 400, field: "paths", message: expect.stringMatching(/^paths\.1: /) }),
    );
    expect(() => parseBody(JSON.stringify({ paths: ["ok"], topics: ["\udfff"] }), IngestBodySchema)).toThrow(
      expect.objectContaining({ field: "topics" }),
    );
  });
});
