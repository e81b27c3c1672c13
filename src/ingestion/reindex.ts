import { EmbeddingDimensionError, ReindexPendingError, SourcewiseError } from "../errors.js";
import { withCache, type EmbeddingCache } from "../models/embeddings/cache.js";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import { assertIndexableDimension } from "../storage/embedding-column.js";
import {
  cancelReindex,
  finishReindex,
  readIndexMeta,
  readReindexState,
  sameSpec,
  stageVectors,
  stagingCounts,
  startReindex,
  unstagedRows,
  type EmbeddingSpec,
  type UnstagedRow,
} from "../storage/reindex-state.js";
import type { SqlStore } from "../storage/store.js";
import { embeddingText } from "./ingest.js";

export type ReindexPhase = "embed" | "swap" | "done";

export interface ReindexProgress {
  phase: ReindexPhase;
  /** `embed`: searchable rows holding a vector of the new model (staged), of `total`; `swap`: 0, then 1 when swapped. */
  done: number;
  total: number;
}

export interface ReindexOptions {
  store: SqlStore;
  /**
   * The model to re-embed with. Pass it uncached: reindex reads and fills `cache` itself, after
   * checking the vectors the model really returns.
   */
  embeddings: EmbeddingProvider;
  /** Where embeddings are looked up by content hash and kept. `null` for none. @default store.embeddingCache() */
  cache?: EmbeddingCache | null;
  /** Rows per batch; each batch is committed on its own, so an interruption loses at most one. @default 64 */
  batchSize?: number;
  /** Drop the progress of a reindex to another model and start over. @default false */
  restart?: boolean;
  onProgress?: (progress: ReindexProgress) => void;
  /** Aborting stops at the next batch; what is committed stays for the next call. */
  signal?: AbortSignal;
}

export interface ReindexSummary {
  /** `done`: the index now holds `after`; `unchanged`: it already did; `cancelled`: a pending reindex was dropped (restart to the indexed model). */
  status: "done" | "unchanged" | "cancelled";
  /** Rows that took a new vector in this call. */
  rows: number;
  /** Texts the model embedded in this call (the rest came from the embedding cache or repeated a text). */
  embedded: number;
  /** Searchable rows in the index (all tenants). */
  total: number;
  /** This call continued a reindex an earlier one started. */
  resumed: boolean;
  before: EmbeddingSpec | null;
  after: EmbeddingSpec;
  /** The runtime migration recorded in `sw_migrations` for a new dimension, if any. */
  migration: string | null;
  seconds: number;
}

const PROBE_TEXT = "sourcewise embedding dimension probe";

/** Rejects when `signal` aborts, so a long embedding call does not hold up Ctrl-C. */
function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** A prefetched promise that may be dropped unawaited: its rejection must not go unhandled. */
function prefetched<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

const textOf = (r: UnstagedRow) => embeddingText(r.doc_title, { sectionTitle: r.section_title, content: r.content });

/** Embeds one text with the bare model and checks the vector's length against what it declares. */
async function probe(store: SqlStore, embeddings: EmbeddingProvider): Promise<void> {
  const [first] = await unstagedRows(store.client, null, 1);
  const [vector] = await embeddings.embedDocuments([first ? textOf(first) : PROBE_TEXT]);
  if (vector?.length !== embeddings.dimension) {
    throw new EmbeddingDimensionError({ model: embeddings.id, declared: embeddings.dimension, returned: vector?.length ?? 0 });
  }
}

/**
 * Re-embeds every searchable row of the index (all tenants) with another model, in place: text,
 * documents and BM25 statistics are untouched; only the vectors and the index's model change.
 *
 * Vectors are staged beside the old ones (`chunks.embedding_next`) in batches, each committed
 * on its own; searches keep using the old model's vectors until a last transaction moves the
 * new ones in, changes the column's dimension through a recorded runtime migration, and sets
 * `sw_index_meta`. An interrupted reindex (error, abort, killed process) continues where it
 * stopped on the next call with the same model. Before anything is written the model's real
 * vector length is checked against the one it declares.
 *
 * @throws ReindexPendingError when a reindex to another model is under way (unless `restart`).
 * @throws EmbeddingDimensionError for a dimension the index cannot hold or the model does not return.
 * @example
 * const embeddings = await createEmbeddings("google/text-embedding-004");
 * const summary = await reindex({ store, embeddings });
 * summary.after; // { model: "google/text-embedding-004", dimension: 768 }
 */
export async function reindex(options: ReindexOptions): Promise<ReindexSummary> {
  const started = performance.now();
  const { store, embeddings, batchSize = 64, restart = false, onProgress, signal } = options;
  const client = store.client;
  const target: EmbeddingSpec = { model: embeddings.id, dimension: embeddings.dimension };
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
  assertIndexableDimension(embeddings.id, embeddings.dimension);
  const before = await readIndexMeta(client);
  const pending = await readReindexState(client);
  const summary = (status: ReindexSummary["status"], extra: Partial<ReindexSummary> = {}): ReindexSummary => ({
    status,
    rows: 0,
    embedded: 0,
    total: 0,
    resumed: false,
    before,
    after: target,
    migration: null,
    seconds: (performance.now() - started) / 1000,
    ...extra,
  });

  if (pending && !sameSpec(pending.target, target) && !restart) {
    throw new ReindexPendingError({ pending: pending.target, requested: target, startedAt: pending.startedAt });
  }
  const resumed = sameSpec(pending?.target, target);
  if (!resumed && sameSpec(before, target)) {
    if (pending) await cancelReindex(client);
    return summary(pending ? "cancelled" : "unchanged", { total: (await stagingCounts(client)).total });
  }

  await abortable(probe(store, embeddings), signal);
  if (!resumed) await startReindex(client, target, before);

  let embedded = 0;
  const counting: EmbeddingProvider = {
    id: embeddings.id,
    dimension: embeddings.dimension,
    maxChars: embeddings.maxChars,
    embedQuery: (text) => embeddings.embedQuery(text),
    close: () => embeddings.close(),
    embedDocuments: (texts, o) => {
      embedded += texts.length;
      return embeddings.embedDocuments(texts, o);
    },
  };
  const cache = options.cache === undefined ? store.embeddingCache() : options.cache;
  const provider = cache ? withCache(counting, cache) : counting;
  const embed = (rows: UnstagedRow[]) => prefetched(provider.embedDocuments(rows.map(textOf)));

  let rows = 0;
  for (;;) {
    // One pass over the rows without a staged vector, in id order; the next batch is fetched and
    // embedded while this one is written. Rows ingested meanwhile are caught by the next pass.
    let { total, staged } = await stagingCounts(client);
    onProgress?.({ phase: "embed", done: staged, total });
    let last: string | null = null;
    const fetchBatch = async () => {
      const batch = await unstagedRows(client, last, batchSize);
      last = batch.at(-1)?.id ?? last;
      return batch;
    };
    let batch = await fetchBatch();
    let vectors = batch.length > 0 ? embed(batch) : undefined;
    while (batch.length > 0) {
      const current = await abortable(vectors!, signal);
      const next = await fetchBatch();
      vectors = next.length > 0 ? embed(next) : undefined;
      const wrong = current.find((v) => v.length !== target.dimension);
      if (wrong) throw new EmbeddingDimensionError({ model: target.model, declared: target.dimension, returned: wrong.length });
      const written = await stageVectors(
        client,
        target,
        batch.map((r, i) => ({ id: r.id, embedding: current[i]! })),
      );
      rows += written;
      staged += written;
      onProgress?.({ phase: "embed", done: staged, total: Math.max(total, staged) });
      batch = next;
      signal?.throwIfAborted();
    }
    onProgress?.({ phase: "swap", done: 0, total: 1 });
    const { finished, migration } = await finishReindex(client, target);
    if (finished) {
      onProgress?.({ phase: "swap", done: 1, total: 1 });
      total = (await stagingCounts(client)).total;
      onProgress?.({ phase: "done", done: total, total });
      return summary("done", { rows, embedded, total, resumed, migration });
    }
    await assertStillTarget(store, target);
  }
}

/** Another process may have restarted or cancelled this reindex: then stop, rather than loop. */
async function assertStillTarget(store: SqlStore, target: EmbeddingSpec): Promise<void> {
  const state = await readReindexState(store.client);
  if (sameSpec(state?.target, target)) return;
  throw new SourcewiseError(
    "reindex_superseded",
    `The reindex to ${target.model} was cancelled or restarted by another process${state ? ` (now to ${state.target.model})` : ""}.`,
    {
      hint: "Run `sourcewise reindex` again with the model you want once the other process is done.",
      data: { target, now: state?.target ?? null },
    },
  );
}
