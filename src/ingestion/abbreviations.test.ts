import { describe, expect, it } from "vitest";
import { abbreviationSynonyms, mineAbbreviations, spelledOut } from "./abbreviations.js";

describe("mineAbbreviations", () => {
  it("finds Full Name (ABBR), ABBR (Full Name) and X a.k.a. Y, letters checked", () => {
    const text = [
      "Create a basic gradient echo (GRE) sequence.",
      "EPI (echo planar imaging) reads a plane per shot.",
      "% a crude True-FISP a.k.a. bSSFP sequence",
      "a radio-frequency (RF) pulse, sampled by the analog-to-digital converter (ADC)",
    ].join("\n");
    expect(mineAbbreviations(text)).toEqual([
      { abbr: "GRE", expansion: "gradient echo" },
      { abbr: "EPI", expansion: "echo planar imaging" },
      { abbr: "RF", expansion: "radio-frequency" },
      { abbr: "ADC", expansion: "analog-to-digital converter" },
      { abbr: "True-FISP", expansion: "bSSFP" },
    ]);
  });

  it("ignores brackets that spell nothing out, names in mixed case, and asides", () => {
    const text = "a dummy MR sequence (FID); see (e.g. makeTrapezoid); the volume TR (TRout); Toolbox a.k.a. PyPulseq (see below)";
    expect(mineAbbreviations(text)).toEqual([]);
  });

  it("takes the shortest long form that starts where the short form's first letter opens a word", () => {
    expect(spelledOut("TSE", "Example reconstructions of the Turbo Spin Echo")).toBe("Turbo Spin Echo");
    expect(spelledOut("GRE", "echo only")).toBeNull();
  });
});

describe("abbreviationSynonyms", () => {
  it("maps each pair both ways under every spelling a query may use", () => {
    const map = abbreviationSynonyms([{ abbr: "True-FISP", expansion: "bSSFP" }]);
    expect(map["truefisp"]).toEqual(["true-fisp", "true fisp", "bssfp"]);
    expect(map["bssfp"]).toEqual(["true-fisp", "truefisp", "true fisp"]);
  });

  it("does not expand a side far more common in the corpus into a rare one", () => {
    const df = new Map([
      ["MR", 169],
      ["magnetic resonance", 19],
    ]);
    const map = abbreviationSynonyms([{ abbr: "MR", expansion: "magnetic resonance" }], { df: (p) => df.get(p) });
    expect(map["mr"]).toBeUndefined();
    expect(map["magnetic resonance"]).toEqual(["mr"]);
  });

  it("leaves out a pair whose side is only a stop word, so 'risk of fractures' is not expanded to osteitis fibrosa", () => {
    const df = new Map([
      ["OF", 0],
      ["osteitis fibrosa", 3],
      ["PTH", 40],
      ["parathyroid hormone", 35],
    ]);
    const map = abbreviationSynonyms(
      [
        { abbr: "OF", expansion: "osteitis fibrosa" },
        { abbr: "PTH", expansion: "parathyroid hormone" },
      ],
      { df: (p) => df.get(p) },
    );
    expect(map["of"]).toBeUndefined();
    expect(map["osteitis fibrosa"]).toBeUndefined();
    expect(map["pth"]).toEqual(["parathyroid hormone"]);
  });

  it("pairs a short form the corpus spells out several ways only with the meaning most of its documents use", () => {
    const map = abbreviationSynonyms([
      { abbr: "PD", expansion: "Parkinson's disease", documents: 9 },
      { abbr: "PD", expansion: "Parkinson disease", documents: 2 },
      { abbr: "PD", expansion: "peritoneal dialysis", documents: 3 },
      { abbr: "EGFR", expansion: "epidermal growth factor receptor", documents: 2 },
      { abbr: "EGFR", expansion: "estimated glomerular filtration rate", documents: 2 },
    ]);
    expect(map["pd"]).toEqual(["parkinson's disease", "parkinson disease"]);
    expect(map["peritoneal dialysis"]).toBeUndefined();
    expect(map["parkinson disease"]).toEqual(["pd"]);
    expect(map["egfr"]).toBeUndefined();
    expect(map["epidermal growth factor receptor"]).toBeUndefined();
  });
});
