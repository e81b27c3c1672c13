import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { DEFAULT_SYNONYMS, retrievalSettings } from "./settings.js";

describe("retrievalSettings", () => {
  it("fills defaults in one place", () => {
    const s = retrievalSettings(undefined);
    expect(s.synonyms).toEqual(DEFAULT_SYNONYMS);
    expect(s.interleave).toEqual(["local", "local", "global"]);
    expect(s.rerank.model).toBe("local/fusion");
  });

  it("names every bad value", () => {
    try {
      retrievalSettings({ retrieval: { interleave: ["sideways"], rerank: { keepMin: 0 } } });
      expect.unreachable();
    } catch (error) {
      expect(ConfigError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/retrieval\.interleave\.0/);
      expect((error as Error).message).toMatch(/retrieval\.rerank\.keepMin/);
    }
  });
});
