import type { SqlStore } from "../storage/store.js";
import type { SearchFilters } from "../storage/types.js";

const caches = new WeakMap<SqlStore, Map<string, Promise<string[]>>>();

/** Options of {@link vectorCandidates}. */
export interface VectorCandidatesOptions {
  /** Tenant, sources, topics and document ids, as the hybrid search gets them. */
  filters: SearchFilters & { tenant: string };
  /** The hybrid's candidate count per side. */
  candidates: number;
  /** Lookups remembered per store; 0 searches every time. @default 64 */
  capacity?: number;
  /** The tenant's data generation, when the caller has it at hand (a run's `runLookups`). @default store.tenantGeneration */
  generation?: () => Promise<string>;
}

/**
 * The hybrid search's vector candidates (`store.vectorIds`) for a query vector and filters,
 * remembered per store under the tenant's data generation: a broadened round searches with the
 * same vector, filters and candidate count as its first round, so it gets the first round's ids
 * (an exact scan of every vector of the source at SciFact size) instead of searching again. An
 * ingest by the tenant, in any process, makes them stale. A failed lookup is forgotten.
 * @example
 * const ids = await vectorCandidates(store, embedding, { filters: { tenant: "default", sources: ["docs"] }, candidates: 100 });
 * await store.matchHybrid(text, embedding, { filters, fusion: { candidates: 100 }, vectorIds: ids });
 */
export async function vectorCandidates(store: SqlStore, embedding: number[], options: VectorCandidatesOptions): Promise<string[]> {
  const { filters, candidates, capacity = 64 } = options;
  const current = options.generation ?? (() => store.tenantGeneration(filters.tenant));
  const search = () => store.vectorIds(embedding, { candidates, filters });
  if (capacity <= 0) return search();
  const generation = await current();
  const { tenant, sources = null, topics = null, documentIds = null } = filters;
  const key = `${JSON.stringify([tenant, generation, sources, topics, documentIds, candidates])}${embedding.join(",")}`;
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map()));
  let ids = cache.get(key);
  if (ids) {
    // Map keeps insertion order: re-inserting marks it most recently used.
    cache.delete(key);
  } else {
    ids = search();
    ids.catch(() => cache.get(key) === ids && cache.delete(key));
  }
  cache.set(key, ids);
  while (cache.size > capacity) cache.delete(cache.keys().next().value!);
  return [...(await ids)];
}
