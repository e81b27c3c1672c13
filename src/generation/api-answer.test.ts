import { describe, expect, it } from "vitest";
import { callOnly } from "./api-answer.js";
import { entryFacts, returnLines } from "./api-entry.js";

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

  it("keeps returns prose wrapped without indentation on one line, and each returned value on its own", () => {
    // pypulseq's Sequence.write: one value whose sentence wraps at the margin.
    expect(
      returnLines(
        "md5 or None : If create_signature is True, it returns the written .seq file's signature as a string,\notherwise it returns None. Note that, if remove_duplicates is True, signature belongs to the\ndeduplicated sequences signature, and not the Sequence that is stored in the Sequence object.",
      ),
    ).toEqual([
      "md5 or None : If create_signature is True, it returns the written .seq file's signature as a string, otherwise it returns None. Note that, if remove_duplicates is True, signature belongs to the deduplicated sequences signature, and not the Sequence that is stored in the Sequence object.",
    ]);
    // A value named by its type alone heads its own indented description; MATLAB outputs sit in columns.
    expect(returnLines("int, [int, ...]\n    For gradient events: list of shape IDs\nint\n    For trapezoid gradient events")).toEqual([
      "int, [int, ...] For gradient events: list of shape IDs",
      "int For trapezoid gradient events",
    ]);
    expect(returnLines("total_energy  double, integral over the pulse duration\npeak_pwr      double, maximum of |rf|^2")).toEqual([
      "total_energy double, integral over the pulse duration",
      "peak_pwr double, maximum of |rf|^2",
    ]);
  });
});
