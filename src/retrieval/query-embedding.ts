import type { EmbeddingProvider } from "../models/embeddings/types.js";

const caches = new WeakMap<EmbeddingProvider, Map<string, Promise<number[]>>>();

/**
 * `embeddings.embedQuery(text)`, remembered in a small LRU per provider. The promise itself is
 * cached, so parallel retrieve branches of one question share a single model call.
 * A failed call is forgotten, so the next question retries.
 * @example
 * const [a, b] = await Promise.all([embedQueryCached(e, "q"), embedQueryCached(e, "q")]); // one call
 */
export function embedQueryCached(embeddings: EmbeddingProvider, text: string, capacity = 256): Promise<number[]> {
  if (capacity <= 0) return embeddings.embedQuery(text);
  let cache = caches.get(embeddings);
  if (!cache) caches.set(embeddings, (cache = new Map()));
  const hit = cache.get(text);
  if (hit) {
    // Map keeps insertion order: re-inserting marks it most recently used.
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const pending = embeddings.embedQuery(text);
  cache.set(text, pending);
  pending.catch(() => cache.get(text) === pending && cache.delete(text));
  while (cache.size > capacity) cache.delete(cache.keys().next().value as string);
  return pending;
}
