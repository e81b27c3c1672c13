import { chunkArray, hashText, truncateText } from "./text.js";
import type { EmbedDocumentsOptions, EmbeddingProvider } from "./types.js";

/** Stored embeddings keyed by (model id, content hash); the store implements it in SQL. */
export interface EmbeddingCache {
  /** The cached vectors among `hashes`; missing ones are absent from the map. */
  get(model: string, hashes: string[]): Promise<Map<string, number[]>>;
  /** Stores vectors; an existing (model, hash) is kept. */
  put(model: string, entries: { hash: string; embedding: number[] }[]): Promise<void>;
}

/**
 * An {@link EmbeddingCache} in a `Map`, for tests and one-off scripts.
 *
 * @example
 * ```ts
 * const cached = withCache(await createEmbeddings(), new MemoryEmbeddingCache());
 * ```
 */
export class MemoryEmbeddingCache implements EmbeddingCache {
  private readonly entries = new Map<string, number[]>();

  /** Number of stored vectors, all models together. */
  get size(): number {
    return this.entries.size;
  }

  async get(model: string, hashes: string[]): Promise<Map<string, number[]>> {
    const out = new Map<string, number[]>();
    for (const hash of hashes) {
      const v = this.entries.get(`${model}\u0000${hash}`);
      if (v) out.set(hash, v);
    }
    return out;
  }

  async put(model: string, entries: { hash: string; embedding: number[] }[]): Promise<void> {
    for (const { hash, embedding } of entries) {
      const key = `${model}\u0000${hash}`;
      if (!this.entries.has(key)) this.entries.set(key, embedding);
    }
  }
}

/** Options of {@link withCache}. */
export interface WithCacheOptions {
  /**
   * Misses are embedded and stored in slices of this many texts, so an interrupted ingestion
   * keeps what it finished. The next slice is queued while one is stored, to keep workers busy.
   * @default 256
   */
  flushEvery?: number;
}

/**
 * Wraps a provider so that `embedDocuments` embeds only texts whose content hash (sha256 of the
 * text cut to `provider.maxChars`) is not cached under `provider.id`; a text repeated within a
 * call is embedded once. Queries pass through: remote models embed them differently from documents.
 *
 * @example
 * ```ts
 * const embeddings = withCache(await createEmbeddings("local/use-lite"), store.embeddingCache);
 * await embeddings.embedDocuments(chunks.map((c) => c.content)); // re-ingesting embeds nothing twice
 * ```
 */
export function withCache(
  provider: EmbeddingProvider,
  cache: EmbeddingCache,
  { flushEvery = 256 }: WithCacheOptions = {},
): EmbeddingProvider {
  return {
    id: provider.id,
    dimension: provider.dimension,
    maxChars: provider.maxChars,
    embedQuery: (text) => provider.embedQuery(text),
    close: () => provider.close(),
    async embedDocuments(texts: string[], { onProgress }: EmbedDocumentsOptions = {}): Promise<number[][]> {
      const prepared = texts.map((t) => truncateText(t, provider.maxChars));
      const hashes = prepared.map(hashText);
      const textOf = new Map<string, string>();
      hashes.forEach((h, i) => textOf.has(h) || textOf.set(h, prepared[i]!));
      const found = await cache.get(provider.id, [...textOf.keys()]);
      const missing = [...textOf.keys()].filter((h) => !found.has(h));

      const hitCount = hashes.filter((h) => found.has(h)).length;
      const missCount = texts.length - hitCount;
      if (hitCount > 0) onProgress?.(hitCount, texts.length);

      const slices = chunkArray(missing, flushEvery);
      const start = (i: number) => provider.embedDocuments(slices[i]!.map((h) => textOf.get(h)!));
      let next = slices.length > 0 ? start(0) : undefined;
      let embedded = 0;
      for (let i = 0; i < slices.length; i++) {
        const slice = slices[i]!;
        const current = next!;
        next = i + 1 < slices.length ? start(i + 1) : undefined;
        let vectors: number[][];
        try {
          vectors = await current;
        } catch (error) {
          next?.catch(() => {});
          throw error;
        }
        slice.forEach((h, j) => found.set(h, vectors[j]!));
        await cache.put(
          provider.id,
          slice.map((hash, j) => ({ hash, embedding: vectors[j]! })),
        );
        embedded += slice.length;
        // Progress counts input texts; a slice of unique texts stands for its share of duplicates.
        onProgress?.(hitCount + Math.round((embedded / missing.length) * missCount), texts.length);
      }
      return hashes.map((h) => found.get(h)!);
    },
  };
}
