/**
 * Scale benchmark on real text: the Linux kernel documentation (Debian `linux-doc-6.1`, ~3,200
 * Sphinx HTML pages), chunked by the real pipeline and replicated under distinct document ids
 * (and two sources) until each size of searchable chunks is reached.
 *
 * Per size it measures lexical ingest rows/s (no vectors), ingest with vectors (synthetic,
 * deterministic unit vectors: the database's HNSW cost without the embedder), database size on
 * disk, p50/p95 of sw_match_bm25, sw_match_vector (topic filter) and sw_match_hybrid, and, when
 * asked, the graph end to end with the offline defaults. Embedding rows/s with the local model is
 * measured once on a small sample. Databases are built once under `--dir` and reused (a bigger
 * size starts from a copy of the previous one); `--fresh` rebuilds.
 *
 * At most `--vectors` rows get vectors (HNSW inserts are the slow part of PGlite ingest), so the
 * vector figures of the larger sizes are over that many vectors among all the rows.
 *
 * `--bulk` grows a size from the previous one by SQL copies of everything it holds (chunks,
 * postings, statistics multiplied: bench/scale-bulk.ts) instead of ingesting; with `--vectors all`
 * every searchable row gets a (synthetic) vector and the HNSW index is built once after the load.
 *
 * Usage:
 *   npm run bench:scale -- [--sizes 10000,50000,200000] [--queries 100] [--graph 100]
 *     [--vectors 10000|all] [--bulk] [--embed-sample 256] [--dir .sourcewise/bench/scale] [--report .sourcewise/bench/scale-report.md]
 *     [--label main] [--fresh] [--migrations DIR (another revision's supabase/migrations)]
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { barChart } from "../src/evaluation/report/svg.js";
import { quantile } from "../src/evaluation/metrics.js";
import { chunkDocument } from "../src/ingestion/chunker.js";
import { embeddingText } from "../src/ingestion/ingest.js";
import { htmlLoader } from "../src/ingestion/loaders/html.js";
import type { LoadedDocument } from "../src/ingestion/types.js";
import { loadMigrations, migrate } from "../src/storage/migrate.js";
import { SharedPGlite } from "../src/storage/shared/shared-pglite.js";
import { SqlStore } from "../src/storage/store.js";
import type { DocumentInput } from "../src/storage/types.js";
import { type BaseDoc, DIM, scaleQuestions, syntheticVector } from "./scale-corpus.js";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,50000,200000" },
    queries: { type: "string", default: "100" },
    graph: { type: "string", default: "100" },
    vectors: { type: "string", default: "10000" },
    "embed-sample": { type: "string", default: "256" },
    dir: { type: "string", default: ".sourcewise/bench/scale" },
    report: { type: "string", default: ".sourcewise/bench/scale-report.md" },
    label: { type: "string", default: "current" },
    fresh: { type: "boolean", default: false },
    bulk: { type: "boolean", default: false },
    migrations: { type: "string" },
  },
});
const SIZES = values
  .sizes!.split(",")
  .map(Number)
  .filter((n) => n > 0)
  .sort((a, b) => a - b);
const N_QUERIES = Number(values.queries);
const N_GRAPH = Number(values.graph);
/** Rows given vectors at most (HNSW inserts cost ~25 ms a row in PGlite); later rows are lexical only. */
const ALL_VECTORS = values.vectors === "all";
const MAX_VECTOR_ROWS = ALL_VECTORS ? Infinity : Number(values.vectors);
const DIR = resolve(values.dir!);
const HTML_DIR = "/usr/share/doc/linux-doc-6.1/html";
const MODEL_ID = "local/use-lite";

// ---- corpus ---------------------------------------------------------------------------------

function ensureKernelDocs(): void {
  if (existsSync(HTML_DIR)) return;
  console.log("installing linux-doc-6.1 with apt-get …");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const run = (args: string[]) =>
    execFileSync(sudo[0] ?? args[0]!, sudo.length ? args : args.slice(1), {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  run(["apt-get", "update", "-qq"]);
  run(["apt-get", "install", "-y", "-qq", "linux-doc-6.1"]);
}

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (!e.name.startsWith("_")) out.push(...htmlFiles(p));
    } else if (e.name.endsWith(".html") && e.name !== "genindex.html" && e.name !== "search.html") out.push(p);
  }
  return out.sort();
}

/** The chunked kernel docs, cached as JSON next to the databases. */
async function kernelCorpus(): Promise<BaseDoc[]> {
  const cache = join(DIR, "kernel-corpus.json");
  if (existsSync(cache)) return JSON.parse(readFileSync(cache, "utf8")) as BaseDoc[];
  ensureKernelDocs();
  const docs: BaseDoc[] = [];
  for (const path of htmlFiles(HTML_DIR)) {
    let loaded: LoadedDocument[];
    try {
      loaded = await htmlLoader.load({ path, bytes: new Uint8Array(readFileSync(path)) });
    } catch {
      continue;
    }
    for (const d of loaded) {
      if (!d.sections.some((s) => s.content.trim())) continue;
      const chunks = chunkDocument(d);
      if (chunks.some((c) => c.searchable)) docs.push({ uri: d.uri, title: d.title, chunks });
    }
  }
  mkdirSync(DIR, { recursive: true });
  writeFileSync(cache, JSON.stringify(docs));
  return docs;
}

/**
 * Copy `k` of a base document: its own uri, in the default profile's source ("docs", which the
 * graph searches), tagged with topic "even" or "odd" (what the filtered vector search selects).
 */
function replica(base: BaseDoc, k: number, vectors: boolean): DocumentInput {
  return {
    tenant: "default",
    source: "docs",
    uri: `${base.uri}#copy${k}`,
    title: base.title,
    format: "html",
    contentHash: `${base.uri}#${k}`,
    topics: [k % 2 === 0 ? "even" : "odd"],
    metadata: {},
    chunks: base.chunks.map((c) => ({ ...c, embedding: vectors && c.searchable ? syntheticVector(embeddingText(base.title, c)) : null })),
  };
}

const searchableOf = (d: BaseDoc) => d.chunks.filter((c) => c.searchable).length;

const f = (x: number | null, d = 1) => (x === null ? "–" : x.toFixed(d));

// ---- measurement helpers --------------------------------------------------------------------

const dirBytes = (p: string): number => {
  let total = 0;
  for (const e of readdirSync(p, { withFileTypes: true })) {
    const q = join(p, e.name);
    total += e.isDirectory() ? dirBytes(q) : e.isFile() ? statSync(q).size : 0;
  }
  return total;
};

async function timed<T>(xs: T[], fn: (x: T) => Promise<unknown>): Promise<{ p50: number; p95: number; results: unknown[] }> {
  const ms: number[] = [];
  const results: unknown[] = [];
  for (const x of xs) {
    const t = performance.now();
    results.push(await fn(x));
    ms.push(performance.now() - t);
  }
  return { p50: quantile(ms, 0.5), p95: quantile(ms, 0.95), results };
}

async function searchable(store: SqlStore): Promise<number> {
  const { rows } = await store.client.query<{ n: number }>("select count(*)::int as n from chunks where searchable");
  return rows[0]?.n ?? 0;
}

interface SizeRow {
  size: number;
  rows: number;
  lexicalRowsPerS: number | null;
  vectorRowsPerS: number | null;
  mb: number;
  bm25: [number, number];
  vector: [number, number];
  vectorReturned: number;
  hybrid: [number, number];
  graph: [number, number] | null;
}

// ---- run -------------------------------------------------------------------------------------

mkdirSync(DIR, { recursive: true });
const base = await kernelCorpus();
const baseRows = base.reduce((a, d) => a + searchableOf(d), 0);
console.log(`kernel docs: ${base.length} documents, ${baseRows} searchable chunks per copy (label ${values.label})`);
const qs = scaleQuestions(base, N_QUERIES);
const qVectors = qs.map(syntheticVector);

const table: SizeRow[] = [];
let previous: string | null = null;
for (const size of SIZES) {
  const dbDir = join(DIR, `rows-${size}`);
  if (values.fresh && existsSync(dbDir)) rmSync(dbDir, { recursive: true, force: true });
  if (!existsSync(dbDir) && previous && existsSync(previous)) cpSync(previous, dbDir, { recursive: true });
  // --migrations: the schema of another revision (e.g. main's files, for the "before" figures).
  const client = await SharedPGlite.open(dbDir);
  const store = new SqlStore(client);
  await migrate(client, await loadMigrations(values.migrations ? resolve(values.migrations) : undefined));
  await store.useEmbedding(MODEL_ID, DIM);
  let have = await searchable(store);
  let lexicalRowsPerS: number | null = null;
  let vectorRowsPerS: number | null = null;
  if (values.bulk && have > 0 && (have < size || ALL_VECTORS)) {
    const { growBulk } = await import("./scale-bulk.js");
    await growBulk(store.client, size, ALL_VECTORS);
    have = await searchable(store);
  }
  if (have < size) {
    // Which copies exist: continue after the highest.
    const { rows } = await store.client.query<{ k: number }>(
      "select coalesce(max(substring(uri from '#copy([0-9]+)$')::int), -1) as k from documents",
    );
    let k = (rows[0]?.k ?? -1) + 1;
    // Half of the missing rows lexical-only, half with vectors (while under --vectors), to time both.
    const { rows: vr } = await store.client.query<{ n: number }>("select count(*)::int as n from chunks where embedding is not null");
    const vectorRows = Math.max(0, Math.min(Math.floor((size - have) / 2), MAX_VECTOR_ROWS - (vr[0]?.n ?? 0)));
    const lexTarget = size - vectorRows;
    for (const phase of ["lexical", "vector"] as const) {
      const target = phase === "lexical" ? lexTarget : size;
      if (have >= target) continue;
      const t = performance.now();
      let written = 0;
      let batch: DocumentInput[] = [];
      let batchRows = 0;
      outer: for (;;) {
        for (const d of base) {
          if (have + written + batchRows >= target) break outer;
          batch.push(replica(d, k, phase === "vector"));
          batchRows += searchableOf(d);
          if (batchRows >= 500) {
            await store.writeDocuments(batch);
            written += batchRows;
            batch = [];
            batchRows = 0;
          }
        }
        k++;
      }
      if (batch.length) {
        await store.writeDocuments(batch);
        written += batchRows;
      }
      const s = (performance.now() - t) / 1000;
      const rate = written / s;
      if (phase === "lexical") lexicalRowsPerS = rate;
      else vectorRowsPerS = rate;
      console.log(`  ${phase} ingest: ${written} rows in ${s.toFixed(1)} s = ${rate.toFixed(0)} rows/s`);
      have += written;
      k++;
    }
    await store.client.exec("vacuum analyze");
  }
  have = await searchable(store);
  await store.matchHybrid(qs[0]!, qVectors[0]!, { limit: 10 });
  const bm25 = await timed(qs, (q) => store.matchBm25(q, { limit: 10 }));
  const vec = await timed(qVectors, (v) => store.matchVector(v, { limit: 50, filters: { sources: ["docs"], topics: ["odd"] } }));
  const returned = (vec.results as unknown[][]).reduce((a, r) => a + r.length, 0) / vec.results.length;
  const hybrid = await timed(
    qs.map((q, i) => [q, qVectors[i]!] as const),
    ([q, v]) => store.matchHybrid(q, v, { limit: 10 }),
  );
  console.log(
    `  load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  );
  let graph: [number, number] | null = null;
  if (N_GRAPH > 0) graph = await graphLatency(store, qs.slice(0, N_GRAPH));
  await store.close();
  const mb = dirBytes(dbDir) / 1e6;
  const row: SizeRow = {
    size,
    rows: have,
    lexicalRowsPerS,
    vectorRowsPerS,
    mb,
    bm25: [bm25.p50, bm25.p95],
    vector: [vec.p50, vec.p95],
    vectorReturned: returned,
    hybrid: [hybrid.p50, hybrid.p95],
    graph,
  };
  table.push(row);
  console.log(formatRow(row));
  previous = dbDir;
}

async function graphLatency(store: SqlStore, questions: string[]): Promise<[number, number]> {
  const { createGraph } = await import("../src/graph/graph.js");
  const { createEmbeddings } = await import("../src/models/embeddings/create-embeddings.js");
  const embeddings = await createEmbeddings(MODEL_ID);
  try {
    const graph = createGraph({ store, embeddings });
    await graph.invoke({ question: questions[0]! });
    const { p50, p95, results } = await timed(questions, (q) => graph.invoke({ question: q }));
    const cited = results.filter((r) => ((r as { citations?: unknown[] }).citations?.length ?? 0) > 0).length;
    console.log(`  graph: ${cited} of ${results.length} answers cite the corpus`);
    return [p50, p95];
  } finally {
    await embeddings.close?.();
  }
}

/** Embedding throughput of the local model on real chunks (the other half of "with embeddings"). */
async function embedRate(n: number): Promise<number | null> {
  if (n <= 0) return null;
  const { createEmbeddings } = await import("../src/models/embeddings/create-embeddings.js");
  const embeddings = await createEmbeddings(MODEL_ID);
  const texts = base.flatMap((d) => d.chunks.filter((c) => c.searchable).map((c) => embeddingText(d.title, c))).slice(0, n);
  await embeddings.embedDocuments(texts.slice(0, 8));
  const t = performance.now();
  await embeddings.embedDocuments(texts);
  const rate = texts.length / ((performance.now() - t) / 1000);
  await embeddings.close?.();
  return rate;
}

function formatRow(r: SizeRow): string {
  return (
    `| ${r.rows} | ${f(r.lexicalRowsPerS, 0)} | ${f(r.vectorRowsPerS, 0)} | ${r.mb.toFixed(0)} | ${f(r.bm25[0])} / ${f(r.bm25[1])} | ` +
    `${f(r.vector[0])} / ${f(r.vector[1])} (${r.vectorReturned.toFixed(1)} of 50) | ${f(r.hybrid[0])} / ${f(r.hybrid[1])} | ` +
    `${r.graph ? `${f(r.graph[0])} / ${f(r.graph[1])}` : "–"} |`
  );
}

const embedPerS = await embedRate(Number(values["embed-sample"]));
const header =
  "| searchable chunks | lexical ingest rows/s | ingest with vectors rows/s | DB MB | bm25 p50 / p95 ms | vector (topic filter, limit 50) p50 / p95 ms (rows returned) | hybrid p50 / p95 ms | graph p50 / p95 ms |\n|---|---|---|---|---|---|---|---|";
const lines = [
  `## Scale: ${values.label}`,
  "",
  `Linux kernel docs (linux-doc-6.1 HTML, ${base.length} pages, ${baseRows} searchable chunks per copy) replicated to each size; ${qs.length} questions from section titles; PGlite embedded, 2 shared cores.`,
  `Local embedder (${MODEL_ID}) throughput: ${f(embedPerS, 1)} chunks/s (sample ${values["embed-sample"]}).`,
  "",
  header,
  ...table.map(formatRow),
  "",
  barChart(
    `hybrid SQL p95 by size (${values.label})`,
    table.map((r) => ({ label: `${r.rows} rows`, value: r.hybrid[1], highlight: true })),
    { unit: " ms", digits: 0 },
  ),
  barChart(
    `bm25 SQL p95 by size (${values.label})`,
    table.map((r) => ({ label: `${r.rows} rows`, value: r.bm25[1] })),
    { unit: " ms", digits: 0 },
  ),
  ...(table.some((r) => r.graph)
    ? [
        barChart(
          `graph p50 by size (${values.label})`,
          table.filter((r) => r.graph).map((r) => ({ label: `${r.rows} rows`, value: r.graph![0] })),
          { unit: " ms", digits: 0 },
        ),
      ]
    : []),
  "",
];
console.log(`\nembedder: ${f(embedPerS, 1)} chunks/s\n${header}\n${table.map(formatRow).join("\n")}`);
const report = resolve(values.report!);
mkdirSync(dirname(report), { recursive: true });
writeFileSync(report, (existsSync(report) ? readFileSync(report, "utf8") + "\n" : "") + lines.join("\n"));
console.log(`report appended to ${report}`);
