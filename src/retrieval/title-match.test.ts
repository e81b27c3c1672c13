import { describe, expect, it } from "vitest";
import { synonymIndex } from "./synonyms.js";
import { asksVariantWords, nameConventions, nameCoverage, questionWords, refusedNames, titleCoverage, titleWords } from "./title-match.js";

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

describe("titleCoverage read with the question's own words", () => {
  const none = synonymIndex({});
  const names = (files: string[]) => files.map((f) => result(f));

  it("does not want what the question negates, and marks down a name holding it", () => {
    const question = "Give me a plain single-shot EPI without ramp sampling, with no labels and no navigators.";
    expect(
      questionWords(question)
        .filter((w) => w.negated)
        .map((w) => w.word),
    ).toEqual(["ramp", "sampling", "labels", "navigators"]);
    const [plain, label] = titleCoverage(names(["write_epi.py", "write_epi_label.py"]), ["epi", "labels", "navigators"], none, {
      question,
    });
    expect(plain).toBeGreaterThan(label! + 0.1);
    // Without the question the label file covers more of the key terms.
    const [plainBare, labelBare] = titleCoverage(names(["write_epi.py", "write_epi_label.py"]), ["epi", "labels", "navigators"], none);
    expect(labelBare).toBeGreaterThan(plainBare!);
  });

  it("keeps a word asked elsewhere in the question though a negation also covers it", () => {
    const question =
      "A radial gradient-echo where each spoke is rotated by the rotation extension instead of rotating the gradient waveforms";
    const [rotExt, plain] = titleCoverage(
      names(["writeRadialGradientEcho_rotExt.m", "writeRadialGradientEcho.m"]),
      ["radial", "gradient", "echo", "rotated", "rotation", "extension", "rotating"],
      none,
      { question },
    );
    expect(rotExt).toBeGreaterThan(plain!);
  });

  it("reads a short word of a name as the initials of words the question writes in a row (RS: ramp sampling)", () => {
    const question = "An EPI with ramp sampling";
    const [rs, plain] = titleCoverage(names(["writeEpiRS.m", "writeEpi.m"]), ["epi", "ramp", "sampling"], none, { question });
    expect(rs).toBeGreaterThan(0.9);
    expect(plain).toBeLessThan(0.5);
    // Not the TS of TSEprop: a name's word counts only where the name writes it as a word of its own.
    const [tse] = titleCoverage(names(["writeTSEprop.m", "writeTrufi.m"]), ["truefisp", "sequence"], none, {
      question: "a TrueFISP sequence",
    });
    expect(tse).toBe(0);
    // Nor the SE of write_epi_se from "simple educational": a plain-variant word spells nothing out.
    const words = ["simple", "educational", "epi", "slices"];
    const [se, epi] = titleCoverage(names(["write_epi_se.py", "write_epi.py"]), words, none, {
      question: "a simple educational EPI for a few slices",
    });
    expect(se).toBeLessThanOrEqual(epi!);
  });

  it("does not take a spin echo for the gradient-echo asked, spelled out or by a sibling name's initials", () => {
    const question = "A high-performance gradient-echo EPI that uses ramp sampling";
    const files = ["writeEpiSpinEchoRS.m", "write_epi_se_rs.py", "writeEpiRS.m"];
    const [spinEcho, se, gre] = titleCoverage(names(files), ["gradient", "echo", "epi", "ramp", "sampling"], none, { question });
    expect(gre).toBeGreaterThan(spinEcho! + 0.1);
    expect(gre).toBeGreaterThan(se! + 0.1);
    // Asked for a spin-echo, the spin-echo names win.
    const [spinEcho2, se2, gre2] = titleCoverage(names(files), ["spin", "echo", "epi", "ramp", "sampling"], none, {
      question: "A spin-echo EPI with ramp sampling",
    });
    expect(spinEcho2).toBeGreaterThan(gre2!);
    expect(se2).toBeGreaterThan(gre2!);
  });

  it("does not take a program named for a compound's words for the noun the compound modifies (gradient-echo EPI)", () => {
    const question = "is there a basic gradient-echo EPI without ramp sampling, just for teaching?";
    const terms = ["basic", "gradient", "echo", "epi", "ramp", "sampling", "teaching"];
    const [grappa, epi] = titleCoverage(
      names(["writeGradientEcho_grappa.m", "writeEpi.m", "writeEpiRS.m", "write_epi_label.py"]),
      terms,
      none,
      {
        question,
      },
    );
    expect(epi).toBeGreaterThan(grappa!);
    expect(grappa).toBe(0);
    // Where no name has the noun ("a gradient-echo sequence"), the compound's words count as before.
    const [gre, plainEpi] = titleCoverage(names(["writeGradientEcho.m", "writeEpi.m"]), ["gradient", "echo", "sequence"], none, {
      question: "a gradient-echo sequence for teaching",
    });
    expect(gre).toBeGreaterThan(0.5);
    expect(plainEpi).toBe(0);
  });

  it("splits a run of capitals after the whole run when another name has it as a word (TSEprop beside TSE)", () => {
    const question = "Show me an example of a PROPELLER turbo spin echo sequence";
    const terms = ["propeller", "turbo", "spin", "echo", "sequence"];
    const [tse, prop] = titleCoverage(names(["writeTSE.m", "writeTSEprop.m"]), terms, none, { question });
    expect(prop).toBeGreaterThan(tse! + 0.1);
    // Alone, TSEprop reads as TS and Eprop (as HTMLParser is HTML and Parser): neither is asked.
    expect(titleCoverage(names(["writeTSEprop.m", "writeEpi.m"]), terms, none, { question })[0]).toBe(0);
  });

  it("splits 2Dt1 into 2D and t1", () => {
    expect(titleWords("write_2Dt1_mprage.py")).toEqual(expect.arrayContaining(["2d", "t1", "mprage"]));
  });

  it("reads an abbreviated word only with the rest of its piece of the name (rotExt is rotation extension, not 'rotates')", () => {
    const files = names(["writeRadialGradientEcho_rotExt.m", "writeRadialGradientEcho.m", "writeFastRadialGradientEcho_rot3D.m"]);
    const question = "Is there a 2D radial gradient-echo example that rotates the gradients of each spoke with mr.rotate?";
    const terms = ["2d", "radial", "gradient", "echo", "rotates", "gradients", "spoke", "mr.rotate"];
    const [rotExt, plain, rot3D] = titleCoverage(files, terms, none, { question });
    expect(plain).toBeGreaterThan(rotExt!);
    expect(plain).toBeGreaterThan(rot3D!);
    // With the rest of its piece asked, the abbreviation stands: "a 3D rotation", "the rotation extension".
    const in3D = titleCoverage(files, ["radial", "gradient", "echo", "rotated", "3d", "rotation"], none, {
      question: "a radial gradient echo whose spokes are rotated with a 3D rotation",
    });
    expect(in3D[2]).toBeGreaterThan(in3D[1]!);
    const ext = titleCoverage(files, ["radial", "gradient", "echo", "rotation", "extension"], none, {
      question: "a radial gradient echo that uses the rotation extension",
    });
    expect(ext[0]).toBeGreaterThan(ext[1]!);
  });

  it("does not read a run of a sibling's words holding the word itself as its initials (gre is not gre, rot, ext)", () => {
    const question = "Is there a radial gradient-echo example that rotates each spoke with mr.rotate?";
    const [plain, rotExt] = titleCoverage(names(["writeRadialGre.m", "writeRadialGre_rotExt.m"]), ["radial", "rotates"], none, {
      question,
    });
    // Of two names, the word only one has sets it apart: it costs what an unasked word costs.
    expect(plain).toBeGreaterThan(rotExt!);
  });

  it("asked for the plain one, marks down a name that is a sibling's plus words not asked for", () => {
    const files = names(["writeZTE_Petra_sodium.m", "writeZTE_Petra.m", "writeUTE.m"]);
    const terms = ["basic", "3d", "zero", "te", "zte", "petra", "proton", "1h", "imaging"];
    const question = "I need a basic 3D zero-TE (ZTE/PETRA) sequence for proton (1H) imaging.";
    const [sodium, plain] = titleCoverage(files, terms, none, { question, extraWordCost: 0.03, variantCost: 0.1 });
    expect(plain! - sodium!).toBeGreaterThan(0.1);
    // Not asked for the plain one, the extra word costs what any unasked word costs.
    const [sodium2, plain2] = titleCoverage(files, ["zte", "petra"], none, {
      question: "a ZTE PETRA sequence",
      extraWordCost: 0.03,
      variantCost: 0.1,
    });
    expect(plain2! - sodium2!).toBeCloseTo(0.03);
    // A variant whose extra word is asked is what is asked.
    const [sodium3, plain3] = titleCoverage(files, ["basic", "zte", "sodium"], none, {
      question: "a basic ZTE for sodium",
      variantCost: 0.1,
    });
    expect(sodium3).toBeGreaterThan(plain3!);
  });

  it("reads a name's word gluing two question words together as both (softdelay: soft delays)", () => {
    const files = names(["write_gre_label_softdelay.py", "soft_delay_simple_example.py", "write_gre.py"]);
    const question = "GRE with soft delays";
    const [glued, simple, gre] = titleCoverage(files, ["gre", "soft", "delays"], none, { question, extraWordCost: 0.03 });
    expect(glued).toBeGreaterThan(0.9);
    expect(glued).toBeGreaterThan(simple!);
    expect(glued).toBeGreaterThan(gre!);
    // Words the question does not write one after the other are not glued.
    const [apart] = titleCoverage(files, ["gre", "soft", "delays"], none, { question: "GRE delays, soft", extraWordCost: 0.03 });
    expect(apart).toBeLessThan(glued!);
  });
});

describe("nameCoverage", () => {
  const all = ["writeEpi.m", "writeEpi_label.m", "writeUTE.m", "writeUTE_rs.m", "write_ute.py", "writeGRE_rfShim.m"].map((f) => result(f));
  const conventions = nameConventions(all.map((r) => r.uri));

  it("sets aside the words most names share, and only those", () => {
    expect([...conventions]).toEqual(["write"]);
    // Three hits that all hold `ute` would make it a convention: conventions come from every file.
    expect(nameConventions(all.slice(2, 5).map((r) => r.uri))).toContain("ute");
  });

  it("is the share of a name's own words a long description asks for", () => {
    const q = "basic 2D radial UTE-like sequence, TE around 300 to 400 us";
    const [epi, label, ute, uteRs, utePy] = nameCoverage(all, q, synonymIndex({}), conventions);
    expect([ute, utePy]).toEqual([1, 1]);
    expect(uteRs).toBe(0.5);
    expect([epi, label]).toEqual([0, 0]);
  });

  it("reads a name's short word from the question's initials, its words by stem and by synonym", () => {
    const [, label, , uteRs] = nameCoverage(all, "an educational EPI filling the header with labels", synonymIndex({}), conventions);
    expect(label).toBe(1);
    expect(uteRs).toBe(0);
    expect(nameCoverage(all, "a ramp-sampled UTE", synonymIndex({}), conventions)[3]).toBe(1);
    const gre = nameCoverage(all, "gradient echo with RF shimming", synonymIndex({ gre: ["gradient echo"] }), conventions)[5];
    expect(gre).toBe(1);
  });

  it("is 0 for a name holding a word the question refuses", () => {
    const q = "a UTE without ramp sampling";
    const [, , ute, uteRs] = nameCoverage(all, q, synonymIndex({}), conventions);
    expect(ute).toBe(1);
    expect(uteRs).toBe(0);
  });
});

describe("refusedNames", () => {
  const uris = ["demoSeq/writeEpi.m", "demoSeq/writeEpi_label.m", "demoSeq/writeEpiSpinEchoRS.m", "demoSeq/writeEpiDiffusionRS.m"];
  const write = new Set(["write"]);

  it("refuses a name holding a word the request only negates, by itself, its stem or its initials", () => {
    expect(refusedNames(uris, "the simplest EPI, no labels", write)).toEqual([false, true, false, false]);
    expect(refusedNames(uris, "a spin-echo EPI without diffusion gradients", write)).toEqual([false, false, false, true]);
    expect(refusedNames(uris, "a gradient-echo EPI: no ramp sampling, no spin echo", write)).toEqual([false, false, true, true]);
  });

  it('reads one negation over a list joined by "or", and not over one joined by "and"', () => {
    const negated = (q: string) =>
      questionWords(q)
        .filter((w) => w.negated)
        .map((w) => w.word);
    expect(negated("a single-shot EPI without ramp sampling, navigators or labels.")).toEqual(["ramp", "sampling", "navigators", "labels"]);
    expect(negated("an EPI with no labels or navigators")).toEqual(["labels", "navigators"]);
    expect(negated("EPI without ramp sampling, 7 slices and 4 repetitions")).toEqual(["ramp", "sampling"]);
    expect(refusedNames(uris, "a simple EPI without ramp sampling, navigators or labels", write)).toEqual([false, true, true, true]);
  });

  it("does not refuse a word the request also asks for, nor anything when it negates nothing", () => {
    expect(refusedNames(uris, "EPI with labels, but no labels on the navigators", write)).toEqual([false, false, false, false]);
    expect(refusedNames(uris, "an EPI with labels", write)).toEqual([false, false, false, false]);
  });
});

describe("asksVariantWords", () => {
  const rotExt =
    "a fast radial gradient echo where the angle of each spoke is written into the file as a rotation extension of the block instead of rotating the gradient objects";

  it("asks for a variant when the question says every word its name adds, in full or abbreviated", () => {
    expect(asksVariantWords("_rotExt", rotExt)).toBe(true);
    expect(asksVariantWords("_label", "a ramp-sampled EPI with labels for the reconstruction")).toBe(true);
    expect(asksVariantWords("3D", "a 3D gradient echo")).toBe(true);
  });

  it("does not when one added word is unsaid or only negated", () => {
    // `rot3D`: "3D" is unsaid, and "rotating" is negated.
    expect(asksVariantWords("_rot3D", rotExt)).toBe(false);
    expect(asksVariantWords("_label", "the simplest EPI, no labels")).toBe(false);
    expect(asksVariantWords("3D", "a 2D gradient echo")).toBe(false);
    expect(asksVariantWords("_", "anything")).toBe(false);
  });
});
