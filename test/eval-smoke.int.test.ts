import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SOURCES } from "../src/cli/demo.js";
import { loadDataset } from "../src/evaluation/datasets/index.js";
import type { EvalResults } from "../src/evaluation/results.js";
import { runEval } from "../src/evaluation/runner.js";
import { withCache } from "../src/models/embeddings/cache.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import type { EmbeddingProvider } from "../src/models/embeddings/types.js";
import type { SqlStore } from "../src/storage/store.js";
import { ROOT } from "./helpers/demo-corpus.js";
import { memoryStore } from "./helpers/store.js";

// The CI subset of the eval suites: the project's own corpus and labelled questions, every
// method, real PGlite and real local embeddings. `npm run eval` holds the larger suites.
let store: SqlStore;
let model: EmbeddingProvider;
let results: EvalResults;
const progress: { phase: string; done: number; total: number }[] = [];

beforeAll(async () => {
  store = await memoryStore();
  model = await createEmbeddings("local/use-lite", { workers: 1 });
  const dataset = await loadDataset(join(ROOT, "evals/demo/questions.jsonl"), {
    workDir: ROOT,
    labelled: { root: ROOT, corpus: DEMO_SOURCES },
  });
  results = await runEval({ dataset, store, embeddings: withCache(model, store.embeddingCache()), onProgress: (p) => progress.push(p) });
}, 600_000);

afterAll(async () => {
  await model?.close();
  await store?.close();
});

describe("eval smoke: demo corpus + evals/demo/questions.jsonl", () => {
  it("routes questions to the source that answers them", () => {
    expect(results.graph.routing?.n).toBe(14);
    expect(results.graph.routing!.accuracy).toBeGreaterThanOrEqual(0.85);
  });

  it("answers the answerable questions and abstains on the unanswerable ones", () => {
    const { gate } = results.graph;
    expect(gate.accuracy).toBeGreaterThanOrEqual(0.85);
    expect(gate.confusion.answerableAbstained).toBeLessThanOrEqual(1);
    expect(gate.abstainRecall).toBeGreaterThanOrEqual(0.75);
    expect(gate.confusion.unanswerableAnswered + gate.confusion.unanswerableAbstained).toBe(4);
  });

  it("cites only blocks it saw, and each cited block holds the sentence citing it", () => {
    const { citations } = results.graph;
    expect(citations.markers).toBeGreaterThan(10);
    expect(citations.resolved).toBe(citations.markers);
    expect(citations.validity).toBeGreaterThanOrEqual(0.9);
  });

  it("scores the graph and all five baselines on the same questions, with latency per node", () => {
    expect(results.methods.map((m) => m.id)).toEqual(["graph", "bm25", "dense", "rrf", "supabase", "langchain"]);
    for (const m of results.methods) expect(m.n).toBe(14);
    expect(results.methods[0]!.metrics.ndcg10).toBeGreaterThanOrEqual(0.7);
    expect(Object.keys(results.graph.latencyMs)).toEqual(expect.arrayContaining(["plan", "route", "retrieve", "rerank", "end to end"]));
  });

  it("ingests into and reads from the tenant it is given", async () => {
    const dataset = await loadDataset(join(ROOT, "evals/demo/questions.jsonl"), {
      workDir: ROOT,
      labelled: { root: ROOT, corpus: DEMO_SOURCES },
    });
    const acme = await runEval({
      dataset,
      store,
      embeddings: withCache(model, store.embeddingCache()),
      tenant: "acme",
      limit: 3,
      baselines: ["bm25"],
    });
    expect((await store.stats("acme")).documents).toBe((await store.stats("default")).documents);
    expect(acme.ingest.added).toBe((await store.stats("acme")).documents);
    expect(acme.methods.map((m) => [m.id, m.n])).toEqual([
      ["graph", 3],
      ["bm25", 3],
    ]);
    expect(acme.methods[1]!.metrics.recall10).toBeGreaterThan(0);
  }, 300_000);

  it("reports progress for indexing, the LangChain baseline's chunk embedding and the questions", () => {
    const last = (phase: string) => progress.filter((p) => p.phase === phase).at(-1);
    const chunks = last("baselines")!;
    expect(chunks.total).toBeGreaterThan(18); // split chunks, more than the 18 files
    expect(chunks.done).toBe(chunks.total);
    expect(last("query")).toEqual({ phase: "query", done: 18, total: 18 });
  });
});
