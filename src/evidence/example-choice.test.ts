import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retrievalContext } from "../../test/helpers/retrieval.js";
import type { RunContext } from "../context/run-context.js";
import { extractKeyTerms } from "../planner/terms.js";
import { exampleNameScores, isVariantOf, preferredExample, TITLE_MARGIN } from "./example-choice.js";

const files = (...rows: [string, number, number][]) => rows.map(([uri, name, relevance]) => ({ uri, name, relevance }));
const pick = (rows: ReturnType<typeof files>) =>
  preferredExample(
    rows,
    (r) => r.uri,
    (uri) => rows.find((r) => r.uri === uri)!.name,
    (r) => r.relevance,
  )?.uri;

describe("preferredExample", () => {
  it("takes the best-ranked file named about as well as the best-named one", () => {
    expect(pick(files(["a", 0.4, 0.8], ["b", 0.6, 0.5]))).toBe("b");
    expect(pick(files(["a", 0.57, 0.8], ["b", 0.6, 0.5]))).toBe("a");
  });

  it("is not led astray by a middling name between the best-ranked and the best-named file", () => {
    expect(pick(files(["spinEcho", 0, 0.78], ["diffusion", 0.15, 0.32], ["plain", 0.17, 0.25]))).toBe("diffusion");
    expect(pick(files(["spinEcho", 0, 0.78], ["diffusion", 0.1, 0.32], ["plain", 0.17, 0.25]))).toBe("plain");
  });

  it("lets a far less relevant file answer only when its name is far better than every relevant file's", () => {
    expect(pick(files(["live", 0, 0.82], ["shim", 0.06, 0.03]))).toBe("live");
    expect(pick(files(["multiEcho", 0.27, 0.7], ["shim", 0.5, 0.1]))).toBe("shim");
  });

  it("weighs a variant of the most relevant file by its name, however low the ranking scored it", () => {
    // `…_rotExt` says "rotation extension"; the ranking scored its longer name at a sixth of the plain one's.
    const twins = files(["demoSeq/writeFast.m", 0.3, 0.59], ["demoSeq/writeFast_rotExt.m", 0.4, 0.1], ["demoSeq/writeUte.m", 0.2, 0.05]);
    expect(pick(twins)).toBe("demoSeq/writeFast_rotExt.m");
    // Named no better than the plain file, the variant does not answer; another file far below is no variant.
    expect(pick(files(["demoSeq/writeFast.m", 0.3, 0.59], ["demoSeq/writeFast_rotExt.m", 0.32, 0.1]))).toBe("demoSeq/writeFast.m");
  });
});

describe("isVariantOf", () => {
  it("is a name the other's plus more, in the same folder", () => {
    expect(isVariantOf("demoSeq/writeEpi_label.m", "demoSeq/writeEpi.m")).toBe(true);
    expect(isVariantOf("demoSeq/writeGradientEcho3D.m", "demoSeq/writeGradientEcho.m")).toBe(true);
    expect(isVariantOf("demoSeq/writeEpiRS.m", "demoSeq/writeEpi.m")).toBe(true);
    expect(isVariantOf("demoSeq/writeEpiSpinEcho.m", "demoSeq/writeEpi.m")).toBe(true);
    expect(isVariantOf("demoSeq/writeEpisode.m", "demoSeq/writeEpi.m")).toBe(false);
    expect(isVariantOf("demoSeq/writeEpi.m", "demoSeq/writeEpi.m")).toBe(false);
    expect(isVariantOf("other/writeEpi_label.m", "demoSeq/writeEpi.m")).toBe(false);
  });
});

describe("exampleNameScores among twins, on the real store", () => {
  let ctx: RunContext;
  beforeAll(async () => {
    ctx = await retrievalContext(
      [{ uri: "notes.md", title: "Notes", sections: [{ title: "Radial", content: "Radial spokes." }] }],
      [{ name: "docs", summary: "notes" }],
    );
  });
  afterAll(async () => {
    await ctx.store.close();
  });
  const plain = "demoSeq/writeFastRadialGradientEcho.m";
  const rotExt = "demoSeq/writeFastRadialGradientEcho_rotExt.m";
  const rot3D = "demoSeq/writeFastRadialGradientEcho_rot3D.m";
  const scores = (question: string) =>
    exampleNameScores(ctx, extractKeyTerms(question), [plain, rotExt, rot3D, "demoSeq/writeTSE.m"], question);

  it("names a variant clearly better than its plain twin when a long request asks for the words it adds", async () => {
    const s = await scores(
      "is there a fast radial gradient echo where TE and TR are as short as the hardware allows and the angle of each spoke is written " +
        "into the file as a rotation extension of the block instead of rotating the gradient objects: 256 spokes, 10 dummy spokes, " +
        "240 mm field of view with 240 readout points and twofold oversampling, a 400 us sinc excitation of 5 degrees on a 6 mm slice?",
    );
    expect(s.get(rotExt)! - s.get(plain)!).toBeGreaterThan(TITLE_MARGIN);
    expect(s.get(rot3D)!).toBeLessThan(s.get(rotExt)!);
  });

  it("leaves the plain twin first when the request asks for none of them", async () => {
    const s = await scores("is there a fast radial gradient echo with 256 spokes and a 5 degree sinc excitation?");
    expect(s.get(rotExt)!).toBeLessThanOrEqual(s.get(plain)!);
  });

  it("puts a name the request refuses clearly below one that says as little of a long request", async () => {
    const epi = ["demoSeq/writeEpiRS.m", "demoSeq/writeEpiRS_label.m", "demoSeq/writeEpiSpinEchoRS.m"];
    const question =
      "do you have a plain ramp-sampled gradient-echo EPI with no labels and no navigators, with the system limits " +
      "registered as the default so that later calls need not pass them, a single 4 mm slice (slice gap and " +
      "interleaved ordering prepared for more), 64 by 64 over 256 mm without oversampling, a 420 us readout, a 110 " +
      "degree fat saturation given in ppm for a 2890 mT field, an output trigger with each excitation, a " +
      "publication-style plot of the first 41 blocks and an optional rotating three-dimensional k-space animation " +
      "saved frame by frame?";
    const s = await exampleNameScores(ctx, extractKeyTerms(question), epi, question);
    // Each name says little of 50-odd key terms (the plain one under TITLE_MARGIN); "no labels" refuses `_label` all the same.
    expect(s.get(epi[0]!)!).toBeLessThan(TITLE_MARGIN);
    expect(s.get(epi[0]!)! - s.get(epi[1]!)!).toBeGreaterThan(TITLE_MARGIN);
  });

  it("reads the naming convention's word a name opens with as no clash with a compound (`writeSelectiveRf`, 'slice-selective')", async () => {
    const files = ["demoSeq/writeSelectiveRf.m", "demoSeq/writeSpinEcho.m", "demoSeq/writeSpiral.m"];
    const question =
      "do you have a spin echo whose excitation is a two-dimensional spatially selective pulse played along an 8-turn " +
      "spiral k-space trajectory lasting 8 ms, designed for a 200 mm excitation field with a Gaussian target a little " +
      "over 2 cm across and with gradient ramps added to both the spiral and the RF waveform, a 20 degree flip angle, " +
      "followed by a 3 ms slice-selective 180 degree sinc refocusing on 5 mm between two spoilers, TE 20 ms, TR 500 " +
      "ms, 256 by 256 over 220 mm and a 6400 us readout?";
    const s = await exampleNameScores(ctx, extractKeyTerms(question), files, question);
    expect(s.get(files[0]!)!).toBeGreaterThan(s.get(files[2]!)!);
  });
});
