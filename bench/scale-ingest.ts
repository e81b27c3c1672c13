/**
 * Lexical ingest (text + BM25 statistics, no vectors) of the same kernel-doc pages into fresh
 * in-memory databases, one schema against another, alternating in one process so both see the
 * same machine load. Needs the corpus cache that `npm run bench:scale` writes. Besides wall-clock rows/s
 * it prints rows per CPU second of this process (PGlite runs in it): on a shared machine the wall
 * figure follows the load, the CPU one is what a whole idle core would do.
 * Usage: npx tsx bench/scale-ingest.ts [--pages 400] [--rounds 2] [--corpus .sourcewise/bench/scale/kernel-corpus.json]
 *   [--before DIR (another revision's supabase/migrations, e.g. main's)]
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { loadMigrations, migrate } from "../src/storage/migrate.js";
import { pgliteClient } from "../src/storage/sql-client.js";
import { SqlStore } from "../src/storage/store.js";
import type { DocumentInput } from "../src/storage/types.js";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "400" },
    rounds: { type: "string", default: "2" },
    corpus: { type: "string", default: ".sourcewise/bench/scale/kernel-corpus.json" },
    before: { type: "string", default: ".sourcewise/bench/migrations-main" },
  },
});
const docs = JSON.parse(readFileSync(values.corpus!, "utf8")) as { uri: string; title: string; chunks: DocumentInput["chunks"] }[];
const inputs: DocumentInput[] = docs.slice(0, Number(values.pages)).map((d) => ({
  tenant: "default",
  source: "docs",
  uri: d.uri,
  title: d.title,
  format: "html",
  contentHash: d.uri,
  topics: [],
  metadata: {},
  chunks: d.chunks.map((c) => ({ ...c, embedding: null })),
}));
const rows = inputs.reduce((a, d) => a + d.chunks.filter((c) => c.searchable).length, 0);

/** Ingests `docs` in batches of about 500 rows into a fresh in-memory database migrated from `dir`. */
async function ingestFresh(dir: string | undefined, docs: DocumentInput[]) {
  const db = await PGlite.create({ extensions: { vector } });
  const store = new SqlStore(pgliteClient(db));
  await migrate(store.client, await loadMigrations(dir));
  const t = performance.now();
  const cpu = process.cpuUsage();
  let batch: DocumentInput[] = [];
  let n = 0;
  for (const d of docs) {
    batch.push(d);
    n += d.chunks.length;
    if (n >= 500) {
      await store.writeDocuments(batch);
      batch = [];
      n = 0;
    }
  }
  if (batch.length) await store.writeDocuments(batch);
  const seconds = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  await store.close();
  return { seconds, cpuSeconds: (used.user + used.system) / 1e6 };
}

// The first database of a process runs while V8 still compiles PGlite's WebAssembly to optimised
// code: warm up both schemas first, and alternate which goes first in each round.
await ingestFresh(values.before, inputs.slice(0, 20));
await ingestFresh(undefined, inputs.slice(0, 20));
const sides = [
  ["before", values.before],
  ["this tree", undefined],
] as const;
const totals = new Map<string, { seconds: number; cpuSeconds: number }>();
for (let round = 0; round < Number(values.rounds); round++) {
  for (const [label, dir] of round % 2 === 0 ? sides : [...sides].reverse()) {
    const { seconds, cpuSeconds } = await ingestFresh(dir, inputs);
    const sum = totals.get(label) ?? { seconds: 0, cpuSeconds: 0 };
    totals.set(label, { seconds: sum.seconds + seconds, cpuSeconds: sum.cpuSeconds + cpuSeconds });
    console.log(
      `${label.padEnd(10)} ${rows} rows in ${seconds.toFixed(1)} s = ${(rows / seconds).toFixed(0)} rows/s; ` +
        `${cpuSeconds.toFixed(1)} CPU s = ${(rows / cpuSeconds).toFixed(0)} rows per CPU second`,
    );
  }
}
const rounds = Number(values.rounds);
for (const [label, t] of totals) {
  console.log(
    `${label.padEnd(10)} overall ${((rows * rounds) / t.seconds).toFixed(0)} rows/s, ` +
      `${((rows * rounds) / t.cpuSeconds).toFixed(0)} rows per CPU second`,
  );
}
