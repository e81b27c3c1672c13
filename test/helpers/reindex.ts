import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { embeddingText, ingest } from "../../src/ingestion/ingest.js";
import { withCache } from "../../src/models/embeddings/cache.js";
import type { EmbeddingProvider } from "../../src/models/embeddings/types.js";
import type { SqlStore } from "../../src/storage/store.js";
import { fakeRemoteEmbeddings } from "./fake-models.js";

/** Markdown files of the reindex corpus, by tenant: each about one thing, in distinct words. */
const CORPUS: Record<string, Record<string, string>> = {
  default: {
    "magnets.md":
      "# Magnets\n\nSuperconducting magnets produce the main static field.\n\n## Cooling\n\nLiquid helium keeps the magnet coils cold.",
    "gradients.md":
      "# Gradients\n\nTrapezoid gradient lobes have ramps and a flat top.\n\n## Slew rate\n\nThe slew rate bounds how fast a gradient ramps.",
    "pulses.md": "# RF pulses\n\nA sinc pulse excites one slice.\n\n## Flip angle\n\nThe flip angle grows with pulse amplitude.",
  },
  acme: {
    "billing.md": "# Billing\n\nInvoices are sent monthly.\n\n## Refunds\n\nRefunds take five business days.",
    "support.md": "# Support\n\nTickets are answered within one day.",
  },
};

/** The index's first model: 512-d, like the column the schema starts with. */
export const modelA = (opts: { failAfterCalls?: number } = {}) => fakeRemoteEmbeddings("fake/words-a", { dimension: 512, ...opts });
/** The model re-indexed to: another dimension. */
export const modelB = (opts: { failAfterCalls?: number; returnDimension?: number } = {}) =>
  fakeRemoteEmbeddings("fake/words-b", { dimension: 768, ...opts });

/** Ingests the corpus (both tenants) with `embeddings`, cached in the store as the CLI does. */
export async function ingestCorpus(store: SqlStore, embeddings: EmbeddingProvider): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), "sw-reindex-"));
  for (const [tenant, files] of Object.entries(CORPUS)) {
    const dir = join(root, tenant);
    await mkdir(dir);
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    await ingest({ store, embeddings: withCache(embeddings, store.embeddingCache()), paths: [dir], source: "docs", tenant });
  }
}

/** What a reindex must leave untouched: documents, rows and their text, and the BM25 statistics. */
export async function untouched(store: SqlStore) {
  const q = async (sql: string) => (await store.client.query(sql)).rows;
  return {
    documents: await q("select id, tenant_id, source, uri, content_hash from documents order by id"),
    chunks: await q(`select id, document_id, tenant_id, parent_id, kind, searchable, content, doc_title, section_title,
      len_title, len_section, len_body from chunks order by id`),
    chunkTerms: await q(
      "select chunk_id, term, tf_title, tf_section, tf_body, source, len_title, len_section, len_body from chunk_terms order by chunk_id, term",
    ),
    bm25Terms: await q("select tenant_id, term, df from bm25_terms order by tenant_id, term"),
    bm25Corpus: await q("select * from bm25_corpus order by tenant_id"),
  };
}

/** Largest difference between each searchable row's stored vector and `model`'s vector of its text. */
export async function maxVectorError(store: SqlStore, model: EmbeddingProvider): Promise<{ rows: number; error: number }> {
  const { rows } = await store.client.query<{ doc_title: string; section_title: string | null; content: string; embedding: string | null }>(
    "select doc_title, section_title, content, embedding::text from chunks where searchable order by id",
  );
  const expected = await model.embedDocuments(
    rows.map((r) => embeddingText(r.doc_title, { sectionTitle: r.section_title, content: r.content })),
  );
  let error = 0;
  rows.forEach((r, i) => {
    if (r.embedding === null) error = Infinity;
    else {
      const v = JSON.parse(r.embedding) as number[];
      if (v.length !== expected[i]!.length) error = Infinity;
      else v.forEach((x, j) => (error = Math.max(error, Math.abs(x - expected[i]![j]!))));
    }
  });
  return { rows: rows.length, error };
}

/** Rows of `sw_migrations` recorded at run time. */
export async function runtimeMigrations(store: SqlStore): Promise<string[]> {
  const { rows } = await store.client.query<{ name: string }>("select name from sw_migrations where name like 'runtime:%' order by name");
  return rows.map((r) => r.name);
}
