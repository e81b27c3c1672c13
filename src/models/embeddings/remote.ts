import type { Embeddings } from "@langchain/core/embeddings";
import { EmbeddingError } from "./errors.js";
import { chunkArray, l2Normalize, truncateText } from "./text.js";
import type { EmbedDocumentsOptions, EmbeddingProvider } from "./types.js";

/** Remote APIs truncate on their side too; this cap only bounds request size (~2k tokens). */
export const REMOTE_MAX_CHARS = 8000;

/** What a {@link LangChainEmbeddingProvider} wraps. */
export interface LangChainEmbeddingProviderInit {
  /** The spec string, e.g. `"google/text-embedding-004"`. */
  id: string;
  /** Vector length the model returns; every vector is checked against it. */
  dimension: number;
  /** The LangChain model used for documents. */
  documents: Embeddings;
  /**
   * The model used for queries, when the API embeds queries differently (Google task types).
   * @default documents
   */
  queries?: Embeddings;
  /**
   * Texts are cut to this many characters before embedding.
   * @default 8000
   */
  maxChars?: number;
  /**
   * Texts per LangChain call; progress is reported after each.
   * @default 64
   */
  batchSize?: number;
}

/**
 * An {@link EmbeddingProvider} over any LangChain `Embeddings` (the remote providers use it).
 * Adds truncation, progress, L2 normalisation and a check that each vector has the promised
 * length: LangChain's Google client, for one, returns `[]` for a failed batch instead of throwing.
 *
 * @example
 * ```ts
 * import { OpenAIEmbeddings } from "@langchain/openai";
 * const provider = new LangChainEmbeddingProvider({
 *   id: "openai/text-embedding-3-small",
 *   dimension: 1536,
 *   documents: new OpenAIEmbeddings({ model: "text-embedding-3-small" }),
 * });
 * ```
 */
export class LangChainEmbeddingProvider implements EmbeddingProvider {
  readonly id: string;
  readonly dimension: number;
  readonly maxChars: number;
  readonly documents: Embeddings;
  readonly queries: Embeddings;
  private readonly batchSize: number;

  constructor({
    id,
    dimension,
    documents,
    queries = documents,
    maxChars = REMOTE_MAX_CHARS,
    batchSize = 64,
  }: LangChainEmbeddingProviderInit) {
    this.id = id;
    this.dimension = dimension;
    this.documents = documents;
    this.queries = queries;
    this.maxChars = maxChars;
    this.batchSize = batchSize;
  }

  async embedDocuments(texts: string[], { onProgress }: EmbedDocumentsOptions = {}): Promise<number[][]> {
    const out: number[][] = [];
    for (const batch of chunkArray(texts, this.batchSize)) {
      const vectors = await this.call(() => this.documents.embedDocuments(batch.map((t) => truncateText(t, this.maxChars))));
      if (vectors.length !== batch.length) throw this.error(`the API returned ${vectors.length} vectors for ${batch.length} texts`);
      for (const v of vectors) out.push(this.check(v));
      onProgress?.(out.length, texts.length);
    }
    return out;
  }

  async embedQuery(text: string): Promise<number[]> {
    return this.check(await this.call(() => this.queries.embedQuery(truncateText(text, this.maxChars))));
  }

  async close(): Promise<void> {}

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw new EmbeddingError({
        model: this.id,
        reason: error instanceof Error ? error.message : String(error),
        hint: "Check the API key, the model name and the network; `local/use-lite` works offline.",
        cause: error,
      });
    }
  }

  private check(vector: number[]): number[] {
    if (vector.length !== this.dimension) throw this.error(`the API returned a ${vector.length}-d vector, expected ${this.dimension}-d`);
    return l2Normalize(vector);
  }

  private error(reason: string): EmbeddingError {
    return new EmbeddingError({
      model: this.id,
      reason,
      hint: "Retry; if it persists, check the model's dimension and the provider's status page.",
    });
  }
}
