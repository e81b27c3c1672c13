/**
 * Main's SQL against this tree's, side by side in one process on the same machine load: two
 * databases of the same corpus (built by `npm run bench:scale`, one migrated with main's files
 * and one with this tree's), the same questions, each query run on one database and then on the
 * other, so load spikes hit both. Prints p50/p95 of sw_match_bm25 (top 10), the BM25 top 100
 * (what the hybrid's lexical side reads), sw_match_vector (topic filter), sw_match_hybrid and,
 * with `--graph N`, the graph end to end, with the ratio main / this tree, and the load average.
 * `--wire` also times this tree's database over the Postgres wire protocol (pglite-socket + pg).
 *
 * `--no-exact` leaves out the exact BM25 top 100 (`sw_bm25_top`: seconds a query at 200k chunks) and
 * the lexical side's recall of it.
 *
 * Usage: npx tsx bench/scale-compare.ts --main DIR --branch DIR [--queries 50] [--graph 0] [--wire] [--no-exact]
 *   [--corpus .sourcewise/bench/scale/kernel-corpus.json] [--report FILE]
 */
import { appendFileSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { quantile } from "../src/evaluation/metrics.js";
import { openPostgresStore } from "../src/storage/postgres.js";
import { pgliteClient } from "../src/storage/sql-client.js";
import { SqlStore } from "../src/storage/store.js";
import { servePGlite } from "../test/helpers/pglite-wire.js";
import { type BaseDoc, scaleQuestions, syntheticVector } from "./scale-corpus.js";

const { values } = parseArgs({
  options: {
    main: { type: "string" },
    branch: { type: "string" },
    queries: { type: "string", default: "50" },
    graph: { type: "string", default: "0" },
    wire: { type: "boolean", default: false },
    "no-exact": { type: "boolean", default: false },
    corpus: { type: "string", default: ".sourcewise/bench/scale/kernel-corpus.json" },
    report: { type: "string" },
  },
});
if (!values.main || !values.branch) throw new Error("--main DIR and --branch DIR are required (databases built by bench:scale)");

const base = JSON.parse(readFileSync(values.corpus!, "utf8")) as BaseDoc[];
const qs = scaleQuestions(base, Number(values.queries));
const qVectors = qs.map(syntheticVector);

async function open(dir: string): Promise<{ db: PGlite; store: SqlStore; rows: number; latest: string }> {
  const db = await PGlite.create({ dataDir: dir, extensions: { vector } });
  const store = new SqlStore(pgliteClient(db));
  const rows = (await db.query<{ n: number }>("select count(*)::int as n from chunks where searchable")).rows[0]!.n;
  const latest = (await db.query<{ name: string }>("select max(name) as name from sw_migrations")).rows[0]!.name;
  return { db, store, rows, latest };
}

const main = await open(values.main);
const branch = await open(values.branch);
const stores: [string, SqlStore][] = [
  ["main", main.store],
  ["branch", branch.store],
];
let wireStop: (() => Promise<void>) | null = null;
if (values.wire) {
  const wire = await servePGlite(branch.db);
  const remote = await openPostgresStore({ connectionString: wire.url, maxConnections: 1, migrate: false });
  stores.push(["branch over the wire", remote]);
  wireStop = async () => {
    await remote.close();
    await wire.stop();
  };
}

type Probe = { name: string; run: (s: SqlStore, i: number) => Promise<unknown> };
const probes: Probe[] = [
  { name: "bm25 top 10 (sw_match_bm25)", run: (s, i) => s.matchBm25(qs[i]!, { limit: 10 }) },
  ...(values["no-exact"]
    ? []
    : [
        {
          name: "bm25 top 100 (sw_bm25_top)",
          run: (s: SqlStore, i: number) => s.client.query("select * from sw_bm25_top($1, 100, 'default', array['docs'])", [qs[i]!]),
        },
      ]),
  {
    name: "vector, topic filter, limit 50",
    run: (s, i) => s.matchVector(qVectors[i]!, { limit: 50, filters: { sources: ["docs"], topics: ["odd"] } }),
  },
  { name: "hybrid (sw_match_hybrid)", run: (s, i) => s.matchHybrid(qs[i]!, qVectors[i]!, { limit: 10, filters: { sources: ["docs"] } }) },
];

const ms = new Map<string, number[]>();
const add = (k: string, v: number) => (ms.get(k) ?? ms.set(k, []).get(k)!).push(v);
const load0 = loadavg()[0]!;
// Warm both (first query reads the indexes from disk).
for (const [, s] of stores) for (const p of probes) await p.run(s, 0);
for (let i = 0; i < qs.length; i++) {
  for (const p of probes) {
    for (const [label, s] of stores) {
      const t = performance.now();
      await p.run(s, i);
      add(`${p.name}\u0001${label}`, performance.now() - t);
    }
  }
}
const nGraph = Number(values.graph);
if (nGraph > 0) {
  const { createGraph } = await import("../src/graph/graph.js");
  const { createEmbeddings } = await import("../src/models/embeddings/create-embeddings.js");
  const embeddings = await createEmbeddings("local/use-lite");
  const graphs = stores.map(([label, store]) => [label, createGraph({ store, embeddings })] as const);
  for (const [, g] of graphs) await g.invoke({ question: qs[0]! });
  for (const q of qs.slice(0, nGraph)) {
    for (const [label, g] of graphs) {
      const t = performance.now();
      await g.invoke({ question: q });
      add(`graph end to end\u0001${label}`, performance.now() - t);
    }
  }
  await embeddings.close?.();
}
const load1 = loadavg()[0]!;

// How close the hybrid's bounded lexical side is to the exact BM25 top 100, and the hybrid's top 10 to main's.
let exactAnswers = 0;
let recall = 0;
let overlap = 0;
for (let i = 0; i < qs.length; i++) {
  const head = await branch.db.query<{ chunk_id: string; exact: boolean }>(
    "select chunk_id, exact from sw_bm25_head($1, 100, 2000, 'default', array['docs'])",
    [qs[i]!],
  );
  if (head.rows[0]?.exact) exactAnswers++;
  if (!values["no-exact"]) {
    const top = await branch.db.query<{ chunk_id: string }>("select chunk_id from sw_bm25_top($1, 100, 'default', array['docs'])", [
      qs[i]!,
    ]);
    const want = new Set(top.rows.map((r) => r.chunk_id));
    recall += want.size ? head.rows.filter((r) => want.has(r.chunk_id)).length / want.size : 1;
  }
  const [m, b] = await Promise.all(
    [main.store, branch.store].map((s) => s.matchHybrid(qs[i]!, qVectors[i]!, { limit: 10, filters: { sources: ["docs"] } })),
  );
  const mine = new Set(b!.map((h) => h.id));
  overlap += m!.length ? m!.filter((h) => mine.has(h.id)).length / m!.length : 1;
}

const f = (x: number) => x.toFixed(0);
const lines = [
  `### ${branch.rows} searchable chunks: main (${main.latest}) vs this tree (${branch.latest})`,
  "",
  `${qs.length} questions, interleaved; load average ${load0.toFixed(1)} → ${load1.toFixed(1)} on ${"2"} cores.`,
  "",
  `| query | main p50 / p95 ms | this tree p50 / p95 ms | ratio p50 / p95 |${values.wire ? " over the wire p50 / p95 ms |" : ""}`,
  `|---|---|---|---|${values.wire ? "---|" : ""}`,
];
for (const name of [...probes.map((p) => p.name), ...(nGraph > 0 ? ["graph end to end"] : [])]) {
  const get = (label: string) => {
    const xs = ms.get(`${name}\u0001${label}`) ?? [];
    return [quantile(xs, 0.5), quantile(xs, 0.95)] as const;
  };
  const [m50, m95] = get("main");
  const [b50, b95] = get("branch");
  const wire = values.wire ? ` ${f(get("branch over the wire")[0])} / ${f(get("branch over the wire")[1])} |` : "";
  lines.push(
    `| ${name} | ${f(m50)} / ${f(m95)} | ${f(b50)} / ${f(b95)} | ${(m50 / b50).toFixed(1)}× / ${(m95 / b95).toFixed(1)}× |${wire}`,
  );
}
lines.push(
  "",
  `Lexical side of the hybrid (sw_bm25_head, depth 2,000): exact (and saying so) for ${exactAnswers} of ${qs.length} questions; ` +
    (values["no-exact"] ? "" : `recall of the exact BM25 top 100 ${(recall / qs.length).toFixed(3)}; `) +
    `hybrid top 10 shared with main's ${(overlap / qs.length).toFixed(3)}.`,
);
console.log(lines.join("\n"));
if (values.report) appendFileSync(values.report, lines.join("\n") + "\n\n");
await wireStop?.();
await main.db.close();
await branch.db.close();
