/**
 * Where the time of a lexical ingest statement goes: the same kernel-doc chunks inserted into
 * one in-memory database with parts of the trigger work switched off, each variant timed in turn,
 * in wall and in CPU time of this process (PGlite runs in it; the CPU figure moves less with load).
 * Usage: npx tsx bench/ingest-profile.ts [--pages 100] [--rounds 2] [--corpus FILE] [--migrations DIR]
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { loadMigrations, migrate } from "../src/storage/migrate.js";
import { pgliteClient } from "../src/storage/sql-client.js";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "100" },
    rounds: { type: "string", default: "2" },
    corpus: { type: "string", default: ".sourcewise/bench/scale/kernel-corpus.json" },
    migrations: { type: "string" },
  },
});
type Chunk = {
  chunkIndex: number;
  parentIndex: number | null;
  kind: string;
  searchable: boolean;
  sectionTitle: string | null;
  sectionPath: string[];
  content: string;
  tokenCount: number;
};
const docs = (JSON.parse(readFileSync(values.corpus!, "utf8")) as { uri: string; title: string; chunks: Chunk[] }[]).slice(
  0,
  Number(values.pages),
);
const db = await PGlite.create({ extensions: { vector } });
const client = pgliteClient(db);
await migrate(client, await loadMigrations(values.migrations));
const rows = docs.flatMap((d, i) =>
  d.chunks.map((c) => ({
    doc: i,
    uri: d.uri,
    doc_title: d.title.replaceAll("\u0000", ""),
    kind: c.kind,
    searchable: c.searchable,
    chunk_index: c.chunkIndex,
    section_title: c.sectionTitle,
    content: c.content.replaceAll("\u0000", ""),
  })),
);
await db.query(
  `create table stage as select * from jsonb_to_recordset($1::jsonb) as x(doc int, uri text, doc_title text, kind text,
     searchable boolean, chunk_index int, section_title text, content text)`,
  [JSON.stringify(rows)],
);
const searchable = rows.filter((r) => r.searchable).length;
const time = async (label: string, sql: string) => {
  const t = performance.now();
  const cpu = process.cpuUsage();
  await db.exec(sql);
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  console.log(
    `${label.padEnd(40)} wall ${ms.toFixed(0).padStart(6)} ms ${((ms * 1000) / searchable).toFixed(0).padStart(5)} µs/row` +
      `  CPU ${cpuMs.toFixed(0).padStart(6)} ms ${((cpuMs * 1000) / searchable).toFixed(0).padStart(5)} µs/row`,
  );
};
const reset = `truncate documents, chunks, chunk_terms, bm25_terms, bm25_corpus cascade;`;
const insertDocs = `insert into documents (id, tenant_id, source, uri, title, content_hash)
  select distinct on (doc) md5(doc::text)::uuid, 'default', 'docs', uri, doc_title, uri from stage;`;
const insertChunks = `insert into chunks (document_id, tenant_id, source, kind, searchable, chunk_index, doc_title, section_title, content)
  select md5(doc::text)::uuid, 'default', 'docs', kind, searchable, chunk_index, doc_title, section_title, content from stage;`;
const trig = (on: boolean, names: string[]) => names.map((n) => `alter table chunks ${on ? "enable" : "disable"} trigger ${n};`).join("\n");
console.log(`${rows.length} rows, ${searchable} searchable`);
for (let r = 0; r < Number(values.rounds); r++) {
  await time("regex sw_body_text", "select sum(length(sw_body_text(content))) from stage where searchable");
  await time("to_tsvector(content)", "select sum(length(to_tsvector('english', content))) from stage where searchable");
  await time("to_tsvector(sw_body_text)", "select sum(length(to_tsvector('english', sw_body_text(content)))) from stage where searchable");
  await time(
    "to_tsvector 3 fields + unnest/group",
    `select count(*) from stage s, lateral (select lexeme from unnest(
      to_tsvector('english', s.doc_title) || to_tsvector('english', coalesce(s.section_title,'')) || to_tsvector('english', sw_body_text(s.content)))) t where s.searchable`,
  );
  const all = ["chunks_set_lengths", "chunks_after_insert", "chunks_add_aliases"];
  await db.exec(reset + insertDocs);
  await time("insert, no chunk triggers", trig(false, all) + insertChunks);
  // A tenant's first statement (no reference length yet), then the steady state: the same rows
  // again once the tenant has a reference at their own average (inserted and deleted first).
  await db.exec(reset + insertDocs + trig(true, all));
  await time("insert, all triggers, first statement", insertChunks);
  await db.exec("delete from chunks;" + trig(false, ["chunks_after_insert", "chunks_add_aliases"]));
  await time("insert, row trigger only, steady state", insertChunks);
  await db.exec(reset + insertDocs + trig(true, all) + insertChunks + "delete from chunks;");
  await time("insert, all triggers, steady state", insertChunks);
  await time("delete all (statement trigger)", "delete from documents");
}
await db.close();
