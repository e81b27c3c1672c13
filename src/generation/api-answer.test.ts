import { describe, expect, it } from "vitest";
import { callOnly } from "./api-answer.js";
import { entryFacts } from "./api-entry.js";

describe("API answer lines", () => {
  it("keeps a help example's call and drops the prose glued after it", () => {
    expect(callOnly("rf=makeBlockPulse(flip, 'Duration', dur) Create block pulse with given flip angle.", "makeBlockPulse")).toBe(
      "rf=makeBlockPulse(flip, 'Duration', dur)",
    );
    expect(callOnly("g = mr.makeTrapezoid(channel, ...)   % uses mr.opts() defaults", "makeTrapezoid")).toBe(
      "g = mr.makeTrapezoid(channel, ...)   % uses mr.opts() defaults",
    );
  });

  it("does not list a Python method's receiver as a parameter", () => {
    const facts = entryFacts({
      language: "python",
      kind: "method",
      name: "write",
      signature: "def write(self, file_name)",
      params: [{ name: "self" }, { name: "file_name", description: "File name." }],
    });
    expect(facts!.params.map((p) => p.name)).toEqual(["file_name"]);
  });
});
