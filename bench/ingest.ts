/**
 * Ingestion throughput with the default embeddings into a fresh file-backed PGlite, plus how many
 * sections got a title and a page. Usage:
 *   npm run bench:ingest -- ../shared/data/scifact/corpus.jsonl [more paths...] [--workers 2] [--db DIR]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ingestProgressBar } from "../src/cli/progress.js";
import { ingest } from "../src/ingestion/ingest.js";
import { withCache } from "../src/models/embeddings/cache.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import { openPGliteStore } from "../src/storage/pglite.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { workers: { type: "string" }, source: { type: "string", default: "docs" }, db: { type: "string" } },
});
const paths = positionals.length ? positionals : ["../shared/data/scifact/corpus.jsonl"];
const dir = await mkdtemp(join(tmpdir(), "sw-bench-ingest-"));
// --db keeps the index (e.g. for bench:graph); by default a fresh temporary one is measured and removed.
const store = await openPGliteStore({ path: values.db ?? join(dir, "db") });
const model = await createEmbeddings("local/use-lite", { workers: values.workers ? Number(values.workers) : undefined });
const bar = ingestProgressBar();
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);
try {
  const s = await ingest({
    store,
    embeddings: withCache(model, store.embeddingCache()),
    paths,
    source: values.source,
    onProgress: (p) => bar.update(p),
  });
  bar.stop();
  clearInterval(sampler);
  const docs = s.documents.added;
  const { rows } = await store.client.query<{ rows: number; searchable: number }>(
    "select count(*)::int as rows, count(*) filter (where searchable)::int as searchable from chunks",
  );
  const searchable = rows[0]!.searchable;
  console.log(`paths: ${paths.join(" ")}`);
  console.log(`documents ${docs} (${s.sections} sections, ${s.chunks} child chunks, ${searchable} embedded), skipped ${s.skipped.length}`);
  console.log(
    `time ${s.seconds.toFixed(1)} s: ${(docs / s.seconds).toFixed(1)} documents/s, ${(searchable / s.seconds).toFixed(1)} chunks/s`,
  );
  console.log(`peak RSS ${(Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 2 ** 20).toFixed(0)} MiB`);
  const { rows: fmt } = await store.client.query<{
    format: string;
    sections: number;
    titled: number;
    paged: number;
    chunks_paged: number;
    chunks: number;
  }>(
    `select d.format, count(*) filter (where c.kind = 'section')::int as sections,
       count(*) filter (where c.kind = 'section' and c.section_title is not null and c.section_title <> '')::int as titled,
       count(*) filter (where c.kind = 'section' and c.page_start is not null)::int as paged,
       count(*)::int as chunks, count(*) filter (where c.page_start is not null and c.page_end is not null)::int as chunks_paged
     from chunks c join documents d on d.id = c.document_id group by d.format order by d.format`,
  );
  for (const f of fmt) {
    console.log(
      `  ${f.format.padEnd(9)} sections ${f.sections}, titled ${f.titled} (${((100 * f.titled) / f.sections).toFixed(1)}%), with pages ${f.paged}; rows with a page range ${f.chunks_paged}/${f.chunks}`,
    );
  }
  for (const k of s.skipped.slice(0, 20)) console.log(`  skipped ${k.path}: ${k.reason}`);
} finally {
  clearInterval(sampler);
  await model.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
}
