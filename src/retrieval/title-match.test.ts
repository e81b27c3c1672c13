import { describe, expect, it } from "vitest";
import { synonymIndex } from "./synonyms.js";
import { titleCoverage, titleWords } from "./title-match.js";

const result = (file: string, summary = "") => ({ uri: `/data/demoSeq/${file}`, docTitle: file, sectionTitle: summary || null });

describe("titleCoverage", () => {
  it("splits code names into words", () => {
    expect(titleWords("writeGradientEcho3D.m")).toEqual(expect.arrayContaining(["write", "gradient", "echo", "3d"]));
    expect(titleWords("write_epi_se.py")).toEqual(expect.arrayContaining(["write", "epi", "se"]));
  });

  it("scores the file named for what is asked highest, the shorter name first, request words ignored", () => {
    const results = [
      result("writeEpi_label.m"),
      result("writeEpi.m"),
      result("writeGradientEcho.m"),
      result("epi_example.py", "an example"),
    ];
    const [label, epi, gre] = titleCoverage(results, ["epi", "code"], synonymIndex({}));
    expect(epi).toBeGreaterThan(label!);
    expect(label).toBeGreaterThan(0.9);
    expect(gre).toBe(0);
  });

  it("counts a synonym in the title, configured or mined", () => {
    const results = [result("writeTrufi.m", "a crude True-FISP a.k.a. bSSFP sequence"), result("writeEpi.m")];
    const index = synonymIndex({ "true-fisp": ["truefisp", "bssfp"] });
    expect(titleCoverage(results, ["truefisp"], index)[0]).toBeGreaterThan(0.9);
    expect(titleCoverage(results, ["truefisp"], synonymIndex({}))[0]).toBe(0);
  });

  it("matches a question's word to a name's word by stem", () => {
    const results = [result("writeGRE_rfShim.m"), result("writeGRE_multiEcho_label.m"), result("writeGradientEcho_label.m")];
    const [shim, multi, plain] = titleCoverage(results, ["shimming", "multi-echo", "labels"], synonymIndex({}));
    expect(shim).toBeGreaterThan(0);
    expect(multi).toBeGreaterThan(plain!);
  });

  it("reads a name's abbreviated words as the words they begin", () => {
    const results = [result("writeRadialGradientEcho_rotExt.m"), result("writeRadialGradientEcho.m")];
    const [rotExt, plain] = titleCoverage(results, ["radial", "rotation", "extension"], synonymIndex({}));
    expect(rotExt).toBeGreaterThan(plain!);
    // Two letters are too few to stand for a word.
    expect(titleCoverage([result("writeGRE_rf.m"), result("writeGRE.m")], ["rfx"], synonymIndex({}))[0]).toBe(0);
  });
});
