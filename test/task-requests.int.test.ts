import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createGraph } from "../src/graph/graph.js";
import type { GateResult, Plan } from "../src/state/types.js";
import { ROOT } from "./helpers/demo-corpus.js";
import { fixtureStore } from "./helpers/fixture-store.js";

// Requests phrased as tasks ("I want to …, how do I write that?") over a corpus with an examples
// source (test/fixtures/examples-corpus): they ask for the thing built, i.e. an example, whole.
const FIXTURE = join(ROOT, "test/fixtures/examples-corpus");
const settings = { retrieval: { synonyms: {} } };
const corpus = fixtureStore(FIXTURE, { examples: ["demos"], docs: ["docs"] });

async function ask(question: string) {
  const graph = createGraph({ store: corpus.store, embeddings: corpus.embeddings, settings, streamScratch: true });
  let answer = "";
  let plan: Plan | undefined;
  let gate: GateResult | undefined;
  for await (const u of await graph.stream({ question }, { streamMode: "updates" })) {
    const update = u as Record<string, { answer?: string; plan?: Plan; gate?: GateResult }>;
    plan = update.planner?.plan ?? plan;
    gate = update.qualityGate?.gate ?? gate;
    for (const node of ["generate", "clarify"]) if (update[node]?.answer) answer = update[node]!.answer!;
  }
  return { answer, plan, gate };
}

describe("requests phrased as tasks", () => {
  it("answers 'I want to … How do I write that sequence?' with the example's code, fenced and whole", async () => {
    const { answer, plan } = await ask(
      "I want to acquire balanced steady-state free precession (TrueFISP) images with fully balanced gradients. How do I write that sequence?",
    );
    expect(plan?.intent).toBe("example");
    expect(answer).toContain("```matlab\n% a crude True-FISP a.k.a. bSSFP demo");
    expect(answer).toContain("seq.write('trufi.seq');\n```");
  });

  it("does not refuse a build request for its settings and the descriptions of what to build", async () => {
    const { answer, gate } = await ask("How would I set up a plain single-slice Cartesian-spoiled EPI with a 10° flip angle and TE 5 ms?");
    expect(gate?.reason).not.toMatch(/No indexed document/);
    expect(gate?.decision).not.toBe("clarify");
    expect(gate?.missing ?? []).toEqual([]);
    expect(answer).toMatch(/```matlab\n% a [^\n]*demo/);
  });

  it("still refuses a build request tied to a release the corpus does not cover", async () => {
    const { gate } = await ask("How would I set up a gradient echo sequence as in the 2019 release?");
    expect(gate?.decision).toBe("clarify");
    expect(gate?.missing).toContain("2019");
  });
});
