import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createGraph } from "../src/graph/graph.js";
import type { Citation, Plan } from "../src/state/types.js";
import { ROOT } from "./helpers/demo-corpus.js";
import { fixtureStore } from "./helpers/fixture-store.js";

// A project-written corpus (test/fixtures/variants-corpus): a function spelled alike in a MATLAB
// package (+mr) and in Python, and demos in families of variants whose names differ by a word
// (writeZte / writeZte_sodium, writeRadialGre / writeRadialGre_rotExt).
const FIXTURE = join(ROOT, "test/fixtures/variants-corpus");
const settings = { retrieval: { synonyms: {} } };
const corpus = fixtureStore(FIXTURE, { api_reference: ["matlab", "python"], examples: ["demos"] });

async function ask(question: string) {
  const graph = createGraph({ store: corpus.store, embeddings: corpus.embeddings, settings, streamScratch: true });
  let plan: Plan | undefined;
  let answer = "";
  let verdict = "";
  let citations: Citation[] = [];
  for await (const u of await graph.stream({ question }, { streamMode: "updates" })) {
    const update = u as Record<string, { plan?: Plan; answer?: string; verdict?: string; citations?: Citation[] }>;
    plan ??= update.planner?.plan;
    for (const node of ["generate", "clarify"]) {
      if (update[node]?.answer) answer = update[node]!.answer!;
      if (update[node]?.verdict) verdict = update[node]!.verdict!;
      if (update[node]?.citations) citations = update[node]!.citations!;
    }
  }
  return { plan: plan!, answer, verdict, cited: citations.map((c) => c.uri.split("/").at(-1)) };
}

describe("the entry a qualified name names", () => {
  it("answers mr.convert from the MATLAB package's entry, not the Python function spelled alike", async () => {
    const { answer } = await ask("What arguments does mr.convert take to convert gradient amplitudes between units?");
    expect(answer.split("\n")[0]).toBe("`mr.convert` (matlab)");
    expect(answer).toContain("`fromUnit`");
  });

  it("answers pp.rotate from the Python entry, not mr.rotate, and a connective opening the question is no name to require", async () => {
    const { answer, verdict } = await ask("Besides the gradient events to rotate, which arguments does pp.rotate take?");
    expect(verdict).not.toBe("clarify");
    expect(answer.split("\n").find((l) => l.startsWith("`"))).toBe("`rotate` (python)");
    expect(answer).toContain("`axis`");
  });
});

describe("example requests among variants", () => {
  it("takes 'how do I write a ...' as an example request and, asked for the basic one, answers with the plain variant", async () => {
    const { plan, answer, cited } = await ask("How do I write a basic 3D zero-TE (ZTE) sequence for proton imaging?");
    expect(plan.intent).toBe("example");
    expect(answer).toContain("```matlab");
    expect(cited).toEqual(["writeZte.m"]);
  });

  it("does not read rotExt's abbreviated rot as 'rotates': the gradients rotated with mr.rotate are the plain demo's", async () => {
    const { answer, cited } = await ask(
      "Is there a radial gradient-echo example with a prescribed TE and TR that rotates each spoke with mr.rotate?",
    );
    expect(answer).toContain("```matlab");
    expect(cited).toEqual(["writeRadialGre.m"]);
    expect((await ask("Is there a radial gradient-echo example that uses the rotation extension?")).cited).toEqual([
      "writeRadialGre_rotExt.m",
    ]);
  });

  it("answers a long request with the variant whose added words it asks for (`_rotExt`: a rotation extension)", async () => {
    const { answer, cited } = await ask(
      "I need a radial gradient echo with a prescribed TE and TR: 128 spokes, a trapezoid readout with a 1 ms flat time, an ADC of 256 samples over 1 ms, " +
        "and the angle of each spoke written into the file as a rotation extension of the block instead of rotating the gradient objects. Which demo does that?",
    );
    expect(answer).toContain("```matlab");
    expect(cited).toEqual(["writeRadialGre_rotExt.m"]);
  });
});
