/**
 * Latency of the whole graph with the offline defaults on SciFact: p50 / p95 per node and end to
 * end, after one warm-up query (the first model load is excluded). The index is built once
 * (cached) under .sourcewise/bench-scifact.
 * Usage: npm run bench:graph -- ../shared/data/scifact [--limit 200]
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createGraph } from "../src/graph/graph.js";
import { readBeir } from "../src/evaluation/beir.js";
import { quantile } from "../src/evaluation/metrics.js";
import { ingest } from "../src/ingestion/ingest.js";
import { withCache } from "../src/models/embeddings/cache.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import { openPGliteStore } from "../src/storage/pglite.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { limit: { type: "string", default: "200" }, db: { type: "string", default: ".sourcewise/bench-scifact" } },
});
const dir = resolve(positionals[0] ?? "../shared/data/scifact");
const data = await readBeir(dir, "train");
const store = await openPGliteStore({ path: values.db });
const model = await createEmbeddings("local/use-lite");
const embeddings = withCache(model, store.embeddingCache());
const s = await ingest({ store, embeddings, paths: [join(dir, "corpus.jsonl")], source: "docs" });
console.log(`index: ${s.documents.added + s.documents.replaced} new, ${s.documents.unchanged} unchanged`);

const graph = createGraph({ store, embeddings });
await graph.invoke({ question: data.queries[0]!.text });
const perNode = new Map<string, number[]>();
const total: number[] = [];
for (const q of data.queries.slice(1, 1 + Number(values.limit))) {
  const started = performance.now();
  const r = await graph.invoke({ question: q.text });
  total.push(performance.now() - started);
  for (const [node, ms] of Object.entries(r.metadata.timings_ms)) {
    const key = node.startsWith("retrieve:") ? "retrieve" : node;
    perNode.set(key, [...(perNode.get(key) ?? []), ms]);
  }
}
const row = (name: string, xs: number[]) =>
  `${name.padEnd(12)} p50 ${quantile(xs, 0.5).toFixed(1).padStart(7)} ms   p95 ${quantile(xs, 0.95).toFixed(1).padStart(7)} ms   (n=${xs.length})`;
console.log(`${total.length} SciFact train queries, offline defaults (${model.id}, local reranker, extractive generator)`);
for (const [node, xs] of perNode) console.log(row(node, xs));
console.log(row("end to end", total));
await model.close();
await store.close();
