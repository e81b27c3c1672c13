/** Options for one `embedDocuments` call. */
export interface EmbedDocumentsOptions {
  /** Called after each finished batch with the number of texts embedded so far and the total. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * A text-embedding model chosen by a `provider/model` string, e.g. `local/use-lite`.
 * Vectors are L2-normalised, so cosine similarity is a dot product.
 */
export interface EmbeddingProvider {
  /** The spec string the provider was built from, e.g. `"openai/text-embedding-3-small"`; also the cache key. */
  readonly id: string;
  /** Length of every vector this provider returns. */
  readonly dimension: number;
  /** Texts are cut to this many characters before embedding (and before content-hashing). */
  readonly maxChars: number;
  /** Embeds passages for indexing; the result is in input order. */
  embedDocuments(texts: string[], options?: EmbedDocumentsOptions): Promise<number[][]>;
  /** Embeds a search query; some remote models embed queries differently from documents. */
  embedQuery(text: string): Promise<number[]>;
  /** Frees workers and clients; the provider must not be used afterwards. */
  close(): Promise<void>;
}
