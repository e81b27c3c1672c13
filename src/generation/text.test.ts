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

  it("splits a run of table rows with no sentence end into its lines when it is too long for a sentence", () => {
    const rows = [
      "make_date ( year int, month int, day int ) → date Create date from year, month and day fields make_date(2013, 7, 15) → 2013-07-15",
      "make_interval ( [ years int [, months int ]] ) → interval Create interval from years and months fields make_interval(days => 10) → 10 days",
    ].join("\n");
    expect(splitUnits(rows, 200).map((u) => [u.text.slice(0, 13), u.kind])).toEqual([
      ["make_date ( y", "line"],
      ["make_interval", "line"],
    ]);
    // Short enough for one sentence, the wrapped lines stay one.
    expect(splitUnits(rows).map((u) => u.kind)).toEqual(["sentence"]);
  });

  it("keeps list items and code one line each, labels apart, fences out", () => {
    const units = splitUnits("Parameters:\n- channel: the axis\n- area: the area\n\n```matlab\ng = make(1);\n```");
    expect(units.map((u) => u.text)).toEqual(["Parameters:", "- channel: the axis", "- area: the area", "g = make(1);"]);
  });

  it("reads a long line of sentences with an equals sign as prose, not code", () => {
    // From a SciFact abstract: "> or =1000 IU (25 microg)" once made the whole abstract one unquotable line.
    const abstract =
      "In most persons, these concentrations could not be reached with the currently recommended intakes. " +
      "An intake for all adults of > or =1000 IU (25 microg) vitamin D (cholecalciferol)/d is needed to bring concentrations up. " +
      "The implications of higher doses should be addressed in future studies.";
    expect(splitUnits(abstract).map((u) => u.kind)).toEqual(["sentence", "sentence", "sentence"]);
    expect(splitUnits("g = mr.makeTrapezoid('x', 'Area', 10); % a short call (one line)")[0]?.kind).toBe("line");
  });
});

describe("clip", () => {
  it("cuts at a word boundary", () => {
    expect(clip("one two three four", 10)).toBe("one two…");
    expect(clip("short", 10)).toBe("short");
  });
});
