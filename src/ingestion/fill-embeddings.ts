import type { EmbeddingProvider } from "../models/embeddings/types.js";
import { DEFAULT_TENANT, type SqlStore } from "../storage/store.js";
import { embeddingText, type IngestProgress } from "./ingest.js";

export interface FillEmbeddingsOptions {
  store: SqlStore;
  /** The index's model (checked again on every batch written). */
  embeddings: EmbeddingProvider;
  /** @default "default" */
  tenant?: string;
  /** Rows embedded and written per batch. @default 256 */
  batchSize?: number;
  onProgress?: (progress: IngestProgress) => void;
  /** Stops after the batch under way; the rest stays lexical-only until the next fill. */
  signal?: AbortSignal;
  /** `vacuum (analyze)` after the fill when enough rows took a vector (`store.refreshStatistics`); `ingest` does it once at its end instead. @default true */
  refreshStatistics?: boolean;
}

export interface FillEmbeddingsSummary {
  /** Rows that took a vector in this call. */
  embedded: number;
  /** Searchable rows of the tenant still without one (an abort, or rows written meanwhile). */
  remaining: number;
}

/**
 * Embeds the tenant's searchable rows that were written without a vector (ingestion writes text
 * and BM25 statistics first, so documents are lexically searchable at once), in id order and in
 * batches each committed on its own: an interrupted fill resumes where it stopped. The next batch
 * is embedded while the current one is written. A batch the index refuses (its model changed,
 * e.g. a reindex finished meanwhile) ends the fill.
 * @example
 * const { embedded, remaining } = await fillEmbeddings({ store, embeddings, tenant: "acme" });
 */
export async function fillEmbeddings(options: FillEmbeddingsOptions): Promise<FillEmbeddingsSummary> {
  const { store, embeddings, tenant = DEFAULT_TENANT, batchSize = 256, onProgress, signal, refreshStatistics = true } = options;
  const spec = { model: embeddings.id, dimension: embeddings.dimension };
  const total = (await store.stats(tenant)).awaitingEmbeddings;
  onProgress?.({ phase: "embed", done: 0, total });
  type Rows = Awaited<ReturnType<SqlStore["rowsAwaitingEmbedding"]>>;
  const embed = (rows: Rows) =>
    embeddings.embedDocuments(rows.map((r) => embeddingText(r.doc_title, { sectionTitle: r.section_title, content: r.content })));
  let embedded = 0;
  let rows = total > 0 ? await store.rowsAwaitingEmbedding(tenant, null, batchSize) : [];
  let next = rows.length > 0 ? embed(rows) : undefined;
  try {
    while (rows.length > 0 && next) {
      const vectors = await next;
      const current = rows;
      rows = signal?.aborted ? [] : await store.rowsAwaitingEmbedding(tenant, current.at(-1)!.id, batchSize);
      next = rows.length > 0 ? embed(rows) : undefined;
      const written = await store.storeEmbeddings(
        spec,
        current.map((r, i) => ({ id: r.id, embedding: vectors[i]! })),
      );
      embedded += written;
      onProgress?.({ phase: "embed", done: embedded, total, item: current.at(-1)!.doc_title });
      if (written === 0) break;
    }
  } finally {
    // A batch embedded ahead and not written: its failure, if any, is not this call's concern.
    next?.catch(() => undefined);
  }
  // Every vector written is an updated row (a dead version left behind): PGlite has no autovacuum.
  if (refreshStatistics && embedded > 0) await store.refreshStatistics({ changedRows: embedded });
  const remaining = (await store.stats(tenant)).awaitingEmbeddings;
  return { embedded, remaining };
}
