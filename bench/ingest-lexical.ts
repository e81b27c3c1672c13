/**
 * The lexical phase of a real `ingest` (load, parse, chunk, hash, write text and BM25 statistics;
 * embeddings deferred) of the first N kernel-doc HTML pages, timed per phase, into a fresh
 * file-backed PGlite as the CLI uses (or in memory with --memory).
 * Usage: npx tsx bench/ingest-lexical.ts [--pages 300] [--html /usr/share/doc/linux-doc-6.1/html] [--memory]
 *   [--batch 64 (documents per write transaction)] [PATHS... instead of the kernel pages, e.g. a corpus.jsonl]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ingest, type IngestPhase } from "../src/ingestion/ingest.js";
import type { EmbeddingProvider } from "../src/models/embeddings/types.js";
import { openPGliteStore } from "../src/storage/pglite.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    batch: { type: "string", default: "64" },
    pages: { type: "string", default: "300" },
    html: { type: "string", default: "/usr/share/doc/linux-doc-6.1/html" },
    memory: { type: "boolean", default: false },
  },
});

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

// Embeddings are deferred: the provider only names the index's model and is never called.
const unused = () => Promise.reject(new Error("embeddings are deferred in this benchmark"));
const embeddings: EmbeddingProvider = {
  id: "local/use-lite",
  dimension: 512,
  maxChars: 4000,
  embedDocuments: unused,
  embedQuery: unused,
  close: async () => {},
};
const paths = positionals.length ? positionals : htmlFiles(values.html!).slice(0, Number(values.pages));
const dir = await mkdtemp(join(tmpdir(), "sw-bench-lexical-"));
const store = await openPGliteStore({ path: values.memory ? "memory" : join(dir, "db") });
const started: Partial<Record<IngestPhase, number>> = {};
const cpu = process.cpuUsage();
try {
  const s = await ingest({
    store,
    embeddings,
    paths,
    deferEmbeddings: true,
    batchSize: Number(values.batch),
    onProgress: (p) => (started[p.phase] ??= performance.now()),
  });
  const used = process.cpuUsage(cpu);
  const rows = (await store.stats()).searchable;
  const load = ((started.write ?? 0) - (started.load ?? 0)) / 1000;
  const write = s.lexicalSeconds - ((started.write ?? 0) - (started.scan ?? 0)) / 1000;
  console.log(
    `${paths.length} paths, ${s.documents.added} documents, ${rows} searchable rows: lexical phase ${s.lexicalSeconds.toFixed(1)} s = ` +
      `${(rows / s.lexicalSeconds).toFixed(0)} rows/s (load + parse + chunk + hash ${load.toFixed(1)} s, ` +
      `writes ${write.toFixed(1)} s = ${(rows / write).toFixed(0)} rows/s); ` +
      `${((used.user + used.system) / 1e6).toFixed(1)} CPU s in all`,
  );
} finally {
  await store.close();
  await rm(dir, { recursive: true, force: true });
}
