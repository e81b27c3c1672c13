import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createGraph } from "../src/graph/graph.js";
import type { Plan } from "../src/state/types.js";
import type { SqlStore } from "../src/storage/store.js";
import type { EmbeddingProvider } from "../src/models/embeddings/types.js";
import { ROOT } from "./helpers/demo-corpus.js";
import { fixtureStore } from "./helpers/fixture-store.js";

// Requests typed into a chat box as bare noun phrases ("UTE in pypulseq", "just a simple FID
// sequence") over a corpus with an examples source (test/fixtures/examples-corpus): a phrase an
// example is named for asks for that example, whole; a phrase naming a concept is still answered
// from the docs, and without an examples source nothing changes.
const FIXTURE = join(ROOT, "test/fixtures/examples-corpus");
const settings = { retrieval: { synonyms: {} } };
const corpus = fixtureStore(FIXTURE, { examples: ["demos"], docs: ["docs"] });
const docsOnly = fixtureStore(FIXTURE, { docs: ["docs"] });

async function ask(question: string, { store, embeddings }: { store: SqlStore; embeddings: EmbeddingProvider } = corpus) {
  const graph = createGraph({ store, embeddings, settings, streamScratch: true });
  let answer = "";
  let plan: Plan | undefined;
  let citations: { uri: string }[] = [];
  for await (const u of await graph.stream({ question }, { streamMode: "updates" })) {
    const update = u as Record<string, { answer?: string; plan?: Plan; citations?: { uri: string }[] }>;
    plan = update.planner?.plan ?? plan;
    for (const node of ["generate", "clarify"]) {
      if (update[node]?.answer) answer = update[node]!.answer!;
      if (update[node]?.citations) citations = update[node]!.citations!;
    }
  }
  return { answer, plan, files: citations.map((c) => c.uri.split("/").at(-1)) };
}

describe("requests typed as bare noun phrases", () => {
  it("answers a noun phrase an example is named for with that example's code, fenced and whole", async () => {
    const { answer, plan, files } = await ask("single-shot EPI with blipped phase encoding");
    expect(plan?.intent).toBe("example");
    expect(plan?.reason).toMatch(/names a thing: writeEpi\.m/);
    expect(answer).toContain("```matlab\n% a demo single-shot EPI readout with blipped phase encoding");
    expect(files[0]).toBe("writeEpi.m");
  });

  it("reads a long description as a request for the example whose whole name it says", async () => {
    // Longer than a name typed into a chat box used to be (14 words), and its head ("single-slice
    // gradient echo") holds words no name has: the file named for all it says is the example.
    const q =
      "is there a single-slice gradient echo which sets the LABEL values of the raw data header for the reconstruction, nothing else added?";
    const { answer, plan, files } = await ask(q);
    expect(plan?.intent).toBe("example");
    expect(plan?.reason).toMatch(/names a thing: writeGradientEcho(_label)?\.m/);
    expect(answer).toContain("```matlab\n% a gradient echo demo with LABEL extensions for the raw data header");
    expect(files[0]).toBe("writeGradientEcho_label.m");
  });

  it("reads a search frame's thing first, whatever its description says of the file or of warnings", async () => {
    // "written into the file" would make a question about the file's layout, "warning" one about an
    // error; after "is there a …" / "do you have a …" they describe the thing looked for.
    for (const q of [
      "is there a single-shot EPI whose blipped phase encoding is written into the file?",
      "do you have a single-shot EPI with blipped phase encoding that prints a warning when the gradients overload?",
    ]) {
      const { plan, files } = await ask(q);
      expect(plan?.intent, q).toBe("example");
      expect(plan?.reason, q).toMatch(/names a thing: writeEpi\.m/);
      expect(files[0], q).toBe("writeEpi.m");
    }
  });

  it("answers a noun phrase naming a concept from the docs, not with an example", async () => {
    const { answer, plan, files } = await ask("gradient echo formation");
    expect(plan?.intent).toBe("concept");
    expect(answer).not.toContain("```");
    expect(answer).toMatch(/dephasing lobe/);
    expect(files).toContain("glossary.md");
  });

  it("leaves a noun phrase a concept where the tenant has no examples source", async () => {
    const { plan, answer } = await ask("single-shot EPI with blipped phase encoding", docsOnly);
    expect(plan?.intent).toBe("concept");
    expect(answer).not.toContain("```");
  });
});
