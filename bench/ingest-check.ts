/**
 * Checks that this tree's ingest SQL stores what another revision's does: the same kernel-doc
 * pages ingested into two fresh in-memory databases (one per migrations dir), then postings,
 * lengths, df, corpus totals, impacts and the top 10 of sw_match_bm25 and of sw_match_hybrid (no vector)
 * for a few queries compared
 * row by row (chunks keyed by document uri and chunk index, since ids are random).
 * Usage: npx tsx bench/ingest-check.ts --before /work/main/supabase/migrations [--pages 60] [--corpus FILE]
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
    pages: { type: "string", default: "60" },
    batch: { type: "string", default: "500" },
    corpus: { type: "string", default: ".sourcewise/bench/scale/kernel-corpus.json" },
    before: { type: "string", default: ".sourcewise/bench/migrations-main" },
  },
});
const docs = JSON.parse(readFileSync(values.corpus!, "utf8")) as { uri: string; title: string; chunks: DocumentInput["chunks"] }[];
// Every seventh page goes to a second tenant, so statements write two tenants at once.
const inputs: DocumentInput[] = docs.slice(0, Number(values.pages)).map((d, i) => ({
  tenant: i % 7 === 3 ? "other" : "default",
  source: "docs",
  uri: d.uri,
  title: d.title,
  format: "html",
  contentHash: d.uri,
  topics: [],
  metadata: {},
  chunks: d.chunks.map((c) => ({ ...c, embedding: null })),
}));
const QUERIES = [
  "memory barrier",
  "spinlock interrupt context",
  "device tree bindings",
  "kernel module parameters",
  "page cache writeback",
];

async function build(dir: string | undefined) {
  const db = await PGlite.create({ extensions: { vector } });
  const store = new SqlStore(pgliteClient(db));
  await migrate(store.client, await loadMigrations(dir));
  let batch: DocumentInput[] = [];
  let n = 0;
  for (const d of inputs) {
    batch.push(d);
    n += d.chunks.length;
    if (n >= Number(values.batch)) {
      await store.writeDocuments(batch);
      batch = [];
      n = 0;
    }
  }
  if (batch.length) await store.writeDocuments(batch);
  // Replace a few documents and delete one, so the delete path is compared too.
  await store.writeDocuments(inputs.slice(0, 3).map((d) => ({ ...d, contentHash: "v2", chunks: d.chunks.slice(1) })));
  const [gone] = await store.listDocuments({ tenant: "default" });
  await store.deleteDocuments("default", [gone!.id]);
  const q = async (sql: string) => (await store.client.query(sql)).rows.map((r) => JSON.stringify(r));
  const key = "d.uri || '#' || c.chunk_index";
  const out = {
    chunks: await q(`select ${key} as k, c.len_title, c.len_section, c.len_body from chunks c join documents d on d.id = c.document_id
      where c.searchable order by 1`),
    postings: await q(`select ${key} as k, ct.term, ct.tf_title, ct.tf_section, ct.tf_body, ct.source, ct.len_title, ct.len_section,
      ct.len_body, ct.impact from chunk_terms ct join chunks c on c.id = ct.chunk_id join documents d on d.id = c.document_id order by 1, 2`),
    orphans: await q(
      `select count(*) as orphan_postings from chunk_terms ct where not exists (select 1 from chunks c where c.id = ct.chunk_id)`,
    ),
    df: await q("select tenant_id, term, df from bm25_terms order by 1, 2"),
    corpus: await q("select * from bm25_corpus order by tenant_id"),
    top10: [] as string[],
  };
  for (const query of QUERIES) {
    const hits = await store.matchBm25(query, { limit: 10 });
    out.top10.push(...hits.map((h) => `${query}: ${h.uri}#${h.chunkIndex} ${h.score.toFixed(9)}`));
    // The hybrid without a vector: its lexical side reads impact-ordered postings (sw_bm25_head).
    const hybrid = await store.matchHybrid(query, null, { limit: 10 });
    out.top10.push(...hybrid.map((h) => `hybrid ${query}: ${h.uri}#${h.chunkIndex} ${h.score.toFixed(9)}`));
  }
  await store.close();
  return out;
}

const before = await build(values.before);
const after = await build(undefined);
let failed = false;
for (const name of Object.keys(before) as (keyof typeof before)[]) {
  const [a, b] = [before[name], after[name]];
  const diff = a.length !== b.length || a.some((r, i) => r !== b[i]);
  if (diff) failed = true;
  const first = a.findIndex((r, i) => r !== b[i]);
  console.log(`${name.padEnd(9)} ${a.length} rows ${diff ? `DIFFER (first at ${first}: ${a[first]} vs ${b[first]})` : "identical"}`);
}
process.exit(failed ? 1 : 0);
