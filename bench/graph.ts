/**
 * Latency of the whole graph with the offline defaults on SciFact: p50 / p95 per node and end to
 * end, after one warm-up query (the first model load is excluded); graph nDCG@10 (the final
 * ranked list's documents) and the verdict counts, so a speed change shows what it costs. The
 * index is built once (cached) under .sourcewise/bench-scifact.
 * Usage: npm run bench:graph -- ../shared/data/scifact [--limit 200] [--db DIR] [--out ranked.jsonl] [--max-retries N] [--query-worker]
 * `--out` writes each question's verdict, broaden flag, ranked ids with relevance and a hash of the answer, its citations and context blocks (to compare two trees);
 * `--max-retries` sets `gate.maxRetries` (0: no broadened round, to price what it buys).
 * The query is embedded on the graph's thread (`createEmbeddings`' default); `--query-worker` embeds
 * it in a worker thread of its own, as `serve`, `ask` and the Studio graph do (`openContext`), so
 * the store answers the run's first lookups while it embeds (on a loaded 2-core machine the
 * worker waits for a core and the run is slower, not faster).
 */
import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createGraph } from "../src/graph/graph.js";
import { beirIdOfUri, readBeir } from "../src/evaluation/beir.js";
import { observeGraph } from "../src/evaluation/graph-run.js";
import { mean, ndcgAtK, quantile } from "../src/evaluation/metrics.js";
import { ingest } from "../src/ingestion/ingest.js";
import { withCache } from "../src/models/embeddings/cache.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import { openPGliteStore } from "../src/storage/pglite.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    limit: { type: "string", default: "200" },
    db: { type: "string", default: ".sourcewise/bench-scifact" },
    out: { type: "string" },
    "max-retries": { type: "string" },
    "query-worker": { type: "boolean", default: false },
  },
});
const dir = resolve(positionals[0] ?? "../shared/data/scifact");
const data = await readBeir(dir, "train");
const store = await openPGliteStore({ path: values.db });
const model = await createEmbeddings("local/use-lite", { queryWorker: values["query-worker"] });
const embeddings = withCache(model, store.embeddingCache());
const s = await ingest({ store, embeddings, paths: [join(dir, "corpus.jsonl")], source: "docs" });
console.log(`index: ${s.documents.added + s.documents.replaced} new, ${s.documents.unchanged} unchanged`);

const maxRetries = values["max-retries"];
const settings = maxRetries === undefined ? undefined : { gate: { maxRetries: Number(maxRetries) } };
const graph = createGraph({ store, embeddings, streamScratch: true, ...(settings ? { settings } : {}) });
await observeGraph(graph, data.queries[0]!.text);
const perNode = new Map<string, number[]>();
const total: number[] = [];
// CPU time of the process (PGlite runs in it; the embedder's worker threads count too): far less
// inflated than wall time when other work shares the machine.
const cpu: number[] = [];
const ndcg: number[] = [];
const verdicts = new Map<string, number>();
let broadened = 0;
const lines: string[] = [];
for (const q of data.queries.slice(1, 1 + Number(values.limit))) {
  const cpuBefore = process.cpuUsage();
  const r = await observeGraph(graph, q.text);
  const used = process.cpuUsage(cpuBefore);
  cpu.push((used.user + used.system) / 1000);
  total.push(r.totalMs);
  for (const [node, ms] of Object.entries(r.timings)) {
    const key = node.startsWith("retrieve:") ? "retrieve" : node;
    perNode.set(key, [...(perNode.get(key) ?? []), ms]);
  }
  const docs = [...new Set(r.ranked.map((c) => beirIdOfUri(c.uri)))];
  const score = ndcgAtK(docs, data.qrels.get(q.id) ?? new Map(), 10);
  ndcg.push(score);
  verdicts.set(r.verdict ?? "none", (verdicts.get(r.verdict ?? "none") ?? 0) + 1);
  const broaden = "rerank:1" in r.timings;
  if (broaden) broadened++;
  lines.push(
    JSON.stringify({
      id: q.id,
      verdict: r.verdict,
      broaden,
      ndcg: score,
      ranked: r.ranked.map((c) => [c.id, c.rerank_score.toFixed(6)]),
      // The answer and the context blocks it was written from, as one hash: equal when both are.
      answer: createHash("sha256")
        .update(JSON.stringify([r.answer, r.citations, r.context]))
        .digest("hex")
        .slice(0, 16),
    }),
  );
}
const row = (name: string, xs: number[]) =>
  `${name.padEnd(12)} p50 ${quantile(xs, 0.5).toFixed(1).padStart(7)} ms   p95 ${quantile(xs, 0.95).toFixed(1).padStart(7)} ms   (n=${xs.length})`;
console.log(`${total.length} SciFact train queries, offline defaults (${model.id}, local reranker, extractive generator)`);
for (const [node, xs] of perNode) console.log(row(node, xs));
console.log(row("end to end", total));
console.log(row("CPU", cpu));
const counts = [...verdicts].map(([v, n]) => `${v} ${n}`).join(", ");
console.log(`graph nDCG@10 ${mean(ndcg).toFixed(4)}; verdicts: ${counts}; broadened ${broadened}`);
if (values.out) await writeFile(values.out, lines.join("\n") + "\n");
await model.close();
await store.close();
