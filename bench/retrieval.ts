/**
 * Retrieval quality on the SciFact train split through the code the graph runs: BM25, dense,
 * hybrid (minmax and RRF) from the SQL functions via searchSource, and hybrid + the local
 * reranker with its bundled weights. Prints the README table. Usage:
 *   npx tsx bench/retrieval.ts [../shared/data/scifact] [--db scratch/scifact-db] [--limit N] [--bm25-depth N]
 * `--bm25-depth N` sets how many impact-ordered postings per term the hybrid's lexical side reads
 * (`sourcewise.bm25_depth`; 0 = the exact BM25 top k), to measure what a shorter read costs.
 * Held-out = the odd-position queries the bundled weights were not fitted on (bench/fit-reranker.ts).
 */
import { parseArgs } from "node:util";
import { mean, ndcgAtK, quantile, recallAtK } from "../src/evaluation/metrics.js";
import { FUSION_WEIGHTS } from "../src/models/rerankers/fusion-weights.js";
import { LocalFusionReranker } from "../src/models/rerankers/local.js";
import { extractIdentifiers } from "../src/planner/terms.js";
import { searchSource } from "../src/retrieval/search.js";
import { DEFAULT_FUSION, defaultRunSettings, RetrievalSettingsSchema } from "../src/config/run-settings.js";
import type { ChunkHit } from "../src/storage/types.js";
import { docIds, halves, openScifactIndex, SCIFACT_SOURCE, scifactProfile } from "./scifact-index.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { db: { type: "string", default: "scratch/scifact-db" }, limit: { type: "string" }, "bm25-depth": { type: "string" } },
});
const index = await openScifactIndex(positionals[0] ?? "../shared/data/scifact", values.db);
const { data, store, embeddings } = index;
if (values["bm25-depth"] !== undefined) await store.client.exec(`set sourcewise.bm25_depth = ${Number(values["bm25-depth"])}`);
const queries = values.limit ? data.queries.slice(0, Number(values.limit)) : data.queries;
const filters = { sources: [SCIFACT_SOURCE] };
const reranker = new LocalFusionReranker();
const weights = { lexical_weight: DEFAULT_FUSION.lexical, vector_weight: DEFAULT_FUSION.vector, exact_weight: DEFAULT_FUSION.exact };
const settings = defaultRunSettings().retrieval;
const rrfSettings = RetrievalSettingsSchema.parse({ fusionMethod: "rrf", fusion: { lexical: 1, vector: 1, exact: 0 } });

type System = (q: { text: string; embedding: number[]; identifiers: string[] }) => Promise<ChunkHit[]>;
const hybrid =
  (maxResults: number, s = settings) =>
  (q: Parameters<System>[0]) =>
    searchSource({
      store,
      profile: scifactProfile({ ...weights, max_results: maxResults }),
      question: q.text,
      embedding: q.embedding,
      identifiers: q.identifiers,
      settings: s,
    }).then((r) => r.hits);
const rerankTimes: number[] = [];
const reranked =
  (maxResults: number, times?: number[]): System =>
  async (q) => {
    const hits = await hybrid(maxResults)(q);
    const started = performance.now();
    const order = reranker.rerank({ text: q.text }, hits);
    times?.push(performance.now() - started);
    return order.map((r) => hits[r.index]!);
  };
const systems: [string, System][] = [
  ["BM25 (SQL, k1 0.9, b 0.4)", (q) => store.matchBm25(q.text, { limit: 100, filters })],
  ["dense (local/use-lite)", (q) => store.matchVector(q.embedding, { limit: 100, filters })],
  [`hybrid minmax ${DEFAULT_FUSION.lexical}/${DEFAULT_FUSION.vector} + exact ${DEFAULT_FUSION.exact}`, hybrid(100)],
  ["hybrid RRF (k 60, 1/1)", hybrid(100, rrfSettings)],
  ["hybrid + local rerank (20 candidates, profile default)", reranked(20)],
  ["hybrid + local rerank (100 candidates)", reranked(100, rerankTimes)],
];

const scores = systems.map(() => ({ ndcg: [] as number[], recall: [] as number[], ms: [] as number[] }));
const embedMs: number[] = [];
for (const [i, q] of queries.entries()) {
  let started = performance.now();
  const query = { text: q.text, embedding: await embeddings.embedQuery(q.text), identifiers: extractIdentifiers(q.text) };
  embedMs.push(performance.now() - started);
  const qrels = data.qrels.get(q.id)!;
  for (const [s, [, run]] of systems.entries()) {
    started = performance.now();
    const ids = docIds(await run(query));
    scores[s]!.ms.push(performance.now() - started);
    scores[s]!.ndcg.push(ndcgAtK(ids, qrels, 10));
    scores[s]!.recall.push(recallAtK(ids, qrels, 100));
  }
  if (i % 100 === 99) console.error(`${i + 1}/${queries.length}`);
}

const f = (x: number) => x.toFixed(4);
console.log(
  `SciFact train split: ${queries.length} queries, ${data.documents.length} abstracts; held-out = ${halves(queries).heldOut.length} odd-position queries`,
);
console.log(
  `reranker weights: ${String(FUSION_WEIGHTS.provenance.date ?? "unfitted")}, ${String(FUSION_WEIGHTS.provenance.fitted_on ?? "")}`,
);
console.log("\n| system | nDCG@10 held-out | nDCG@10 all | recall@100 all | p50 ms |\n|---|---|---|---|---|");
for (const [s, [name]] of systems.entries()) {
  const { ndcg, recall, ms } = scores[s]!;
  console.log(`| ${name} | ${f(mean(halves(ndcg).heldOut))} | ${f(mean(ndcg))} | ${f(mean(recall))} | ${quantile(ms, 0.5).toFixed(1)} |`);
}
console.log(
  `\nquery embedding p50 ${quantile(embedMs, 0.5).toFixed(1)} ms; local rerank of 100 candidates p50 ${quantile(rerankTimes, 0.5).toFixed(2)} ms, p95 ${quantile(rerankTimes, 0.95).toFixed(2)} ms`,
);
await index.close();
