/**
 * Throughput of the local embedding model on a BEIR corpus.
 *
 *   npx tsx bench/embed.ts ../shared/data/scifact/corpus.jsonl [--limit 500] [--workers 1,2] [--batch-size 8]
 *
 * Embeds title + text of the first N records with `local/use-lite`, once per worker count, and
 * prints texts/s, the projected time for the whole file, the CPU cores the process kept busy and
 * the peak RSS sampled during the run (all threads share the process's RSS).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { LocalUseEmbeddings } from "../src/models/embeddings/local-use.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    limit: { type: "string", default: "500" },
    workers: { type: "string", default: "1,2" },
    "batch-size": { type: "string", default: "8" },
  },
});
const file = positionals[0];
if (!file) {
  console.error("usage: npx tsx bench/embed.ts <corpus.jsonl> [--limit 500] [--workers 1,2] [--batch-size 8]");
  process.exit(2);
}

const lines = readFileSync(file, "utf8")
  .split("\n")
  .filter((l) => l.trim().length > 0);
const limit = Number(values.limit);
const texts = lines.slice(0, limit).map((l) => {
  const r = JSON.parse(l) as { title?: string; text?: string };
  return [r.title, r.text].filter(Boolean).join("\n");
});
const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
console.log(`${texts.length} texts (of ${lines.length}), mean ${Math.round(texts.reduce((a, t) => a + t.length, 0) / texts.length)} chars`);
console.log(`rss before: ${mb(process.memoryUsage().rss)}`);

for (const workers of values.workers.split(",").map(Number)) {
  const provider = new LocalUseEmbeddings("local/use-lite", { workers, batchSize: Number(values["batch-size"]) });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);

  let t = performance.now();
  await provider.embedDocuments(Array.from({ length: Math.max(1, workers) }, (_, i) => `warm up ${i}`));
  const loadMs = performance.now() - t;

  t = performance.now();
  const cpu = process.cpuUsage();
  const vectors = await provider.embedDocuments(texts);
  const seconds = (performance.now() - t) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  // CPU seconds per wall second over all our threads: shows whether the workers really got 2 cores.
  const cores = (user + system) / 1e6 / seconds;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await provider.close();

  const rate = vectors.length / seconds;
  console.log(
    `workers=${workers}: ${rate.toFixed(1)} texts/s (${seconds.toFixed(1)} s; start-up ${Math.round(loadMs)} ms), ` +
      `whole file ≈ ${Math.round(lines.length / rate)} s, ${cores.toFixed(2)} cores busy (${(rate / cores).toFixed(1)} texts per CPU-second), ` +
      `peak RSS ${mb(peak)}`,
  );
}

const query = new LocalUseEmbeddings("local/use-lite", { workers: 0 });
let t = performance.now();
await query.embedQuery("warm up");
const loadMs = performance.now() - t;
t = performance.now();
for (let i = 0; i < 20; i++) await query.embedQuery(`what causes vitamin D deficiency ${i}`);
console.log(
  `in-process query model: load ${Math.round(loadMs)} ms, ${((performance.now() - t) / 20).toFixed(1)} ms per query, ` +
    `RSS with it loaded ${mb(process.memoryUsage().rss)}`,
);
await query.close();
