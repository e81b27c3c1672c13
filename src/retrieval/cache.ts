import { createHash } from "node:crypto";

/** What identifies one cached search: whose, which source, and everything that shapes the result. */
export interface CacheKeyParts {
  tenant: string;
  source: string;
  /** Query, filters, attempt and settings; hashed into the key. */
  request: unknown;
}

/** Options of {@link ResultCache.getOrLoad}. */
export interface CacheLookup extends CacheKeyParts {
  /** The profile's `cache_ttl_seconds`; 0 disables caching for the source. */
  ttlSeconds: number;
  /**
   * The tenant's current data generation (`store.tenantGeneration`). An entry filled under
   * another generation is stale: the tenant ingested since, in this process or another.
   */
  generation: () => Promise<string>;
}

interface Entry {
  tenant: string;
  generation: string;
  expires: number;
  value: unknown;
}

export interface ResultCacheOptions {
  /** Entries kept; the least recently used go first. @default 1000 */
  maxEntries?: number;
  /** Clock in ms, for tests. @default Date.now */
  now?: () => number;
}

/**
 * Per-source retrieval results, keyed `${tenant}:${source}:${hash(request)}` and kept for the
 * source profile's TTL. Invalidation by tenant is by generation: ingestion bumps a counter in
 * the store (a trigger on `documents`), so a write by any process makes that tenant's entries
 * stale while other tenants keep theirs.
 * @example
 * const cache = new ResultCache();
 * const { value } = await cache.getOrLoad({ tenant, source, request, ttlSeconds: 300, generation }, () => search());
 */
export class ResultCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor({ maxEntries = 1000, now = Date.now }: ResultCacheOptions = {}) {
    this.maxEntries = maxEntries;
    this.now = now;
  }

  /** The key of a request. Tenant and source are escaped so `a:b` + `c` never meets `a` + `b:c`. */
  static key({ tenant, source, request }: CacheKeyParts): string {
    const hash = createHash("sha256")
      .update(JSON.stringify(request ?? null))
      .digest("hex")
      .slice(0, 32);
    return `${encodeURIComponent(tenant)}:${encodeURIComponent(source)}:${hash}`;
  }

  /** Entries held (live or not yet swept). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached value, or `load()`'s, stored for `ttlSeconds`. Values are cloned both ways, so a
   * caller editing its result cannot change what the next caller gets.
   */
  async getOrLoad<T>(lookup: CacheLookup, load: () => Promise<T>): Promise<{ value: T; hit: boolean }> {
    if (lookup.ttlSeconds <= 0) return { value: await load(), hit: false };
    const key = ResultCache.key(lookup);
    // Read before loading: an ingest that lands mid-search leaves this entry already stale.
    const generation = await lookup.generation();
    const entry = this.entries.get(key);
    if (entry && entry.tenant === lookup.tenant && entry.generation === generation && entry.expires > this.now()) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return { value: structuredClone(entry.value) as T, hit: true };
    }
    const value = await load();
    this.entries.delete(key);
    this.entries.set(key, {
      tenant: lookup.tenant,
      generation,
      expires: this.now() + lookup.ttlSeconds * 1000,
      value: structuredClone(value),
    });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return { value, hit: false };
  }

  /** Drops every entry of one tenant (in this process); other tenants keep theirs. @returns how many went. */
  invalidateTenant(tenant: string): number {
    let n = 0;
    for (const [key, entry] of this.entries) {
      if (entry.tenant === tenant) {
        this.entries.delete(key);
        n++;
      }
    }
    return n;
  }

  clear(): void {
    this.entries.clear();
  }
}
