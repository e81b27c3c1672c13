import { describe, expect, it } from "vitest";
import { clip, coverage, hasIdentifier, keyStems, splitUnits, stem, termSet } from "./text.js";

describe("stem", () => {
  it("matches inflections of one word", () => {
    expect(stem("Gradients")).toBe(stem("gradient"));
    expect(stem("computing")).toBe(stem("computed"));
    expect(stem("compute")).toBe(stem("computes"));
    expect(stem("running")).toBe(stem("run"));
    expect(stem("properties")).toBe(stem("property"));
    expect(stem("class")).toBe("class");
  });

  it("leaves identifiers alone", () => {
    expect(stem("make_trapezoid")).toBe("make_trapezoid");
    expect(stem("B0")).toBe("b0");
  });
});

describe("coverage", () => {
  it("counts key terms present in a text, stemmed, dotted names by their parts too", () => {
    const terms = termSet("Use mr.makeTrapezoid to build trapezoidal gradients.");
    expect(coverage(keyStems(["gradient", "maketrapezoid", "slew"]), terms)).toBeCloseTo(2 / 3);
    expect(coverage([], terms)).toBe(1);
  });

  it("matches identifiers as written, not inside longer names", () => {
    expect(hasIdentifier("call makeTrapezoid(...)", "makeTrapezoid")).toBe(true);
    expect(hasIdentifier("call makeTrapezoidal", "makeTrapezoid")).toBe(false);
    expect(hasIdentifier("call maketrapezoid", "makeTrapezoid")).toBe(false);
  });
});

describe("splitUnits", () => {
  it("joins wrapped prose and cuts it at sentence ends", () => {
    const units = splitUnits("The gradient ramps up\nslowly. Then it holds.\n\nA second paragraph.");
    expect(units.map((u) => [u.text, u.kind])).toEqual([
      ["The gradient ramps up slowly.", "sentence"],
      ["Then it holds.", "sentence"],
      ["A second paragraph.", "sentence"],
    ]);
  });

  it("keeps list items and code one line each, labels apart, fences out", () => {
    const units = splitUnits("Parameters:\n- channel: the axis\n- area: the area\n\n```matlab\ng = make(1);\n```");
    expect(units.map((u) => u.text)).toEqual(["Parameters:", "- channel: the axis", "- area: the area", "g = make(1);"]);
  });
});

describe("clip", () => {
  it("cuts at a word boundary", () => {
    expect(clip("one two three four", 10)).toBe("one two…");
    expect(clip("short", 10)).toBe("short");
  });
});
