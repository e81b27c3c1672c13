import type { SqlStore, TermPresence } from "../storage/store.js";

/**
 * The store lookups one graph run makes from several nodes, each made once per run: the tenant's
 * data generation, its indexed sources and term presence. Every run starts empty, so a run sees
 * an ingest another process (or store handle) made before it started; within the run one answer
 * holds, as one read at its start would. A failed lookup is forgotten, so the next caller retries.
 */
export interface RunLookups {
  /** `store.tenantGeneration(tenant)`, once per run. */
  generation(): Promise<string>;
  /** `store.indexedSources(tenant)`, once per run. */
  indexedSources(): Promise<string[]>;
  /**
   * `store.termPresence(tenant, phrases)`: phrases already asked this run are not asked again, the
   * others in one statement. A call not awaited starts the lookup early (while the query embeds).
   */
  termPresence(phrases: readonly string[]): Promise<TermPresence[]>;
  /**
   * `load()`, once per run and key: for a lookup keyed by everything that shapes it (the hybrid
   * search's candidates, which a broadened round asks again with the same text and filters).
   */
  remember<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/** Runs remembered per store and tenant; a run's lookups are small. */
const RUNS_KEPT = 32;
const runs = new WeakMap<SqlStore, Map<string, RunLookups>>();

/**
 * The lookups of run `run` over `store` for `tenant`, shared by every node of the run (pass the
 * same run id); without a run id, lookups that remember nothing (each call asks the store).
 * @example
 * const lookups = runLookups(store, "default", state.run_id);
 * await lookups.generation(); // asks the store
 * await lookups.generation(); // the same answer, not asked again
 */
export function runLookups(store: SqlStore, tenant: string, run?: string): RunLookups {
  if (!run) return uncached(store, tenant);
  let byRun = runs.get(store);
  if (!byRun) runs.set(store, (byRun = new Map()));
  const key = `${run}\u0000${tenant}`;
  let lookups = byRun.get(key);
  if (!lookups) {
    lookups = remembered(store, tenant);
    byRun.set(key, lookups);
    // Map keeps insertion order: the oldest runs go first.
    while (byRun.size > RUNS_KEPT) byRun.delete(byRun.keys().next().value!);
  }
  return lookups;
}

function uncached(store: SqlStore, tenant: string): RunLookups {
  return {
    generation: () => store.tenantGeneration(tenant),
    indexedSources: () => store.indexedSources(tenant),
    termPresence: (phrases) => store.termPresence(tenant, phrases),
    remember: (_key, load) => load(),
  };
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      const p = load();
      pending = p;
      p.catch(() => pending === p && (pending = undefined));
    }
    return pending;
  };
}

function remembered(store: SqlStore, tenant: string): RunLookups {
  const presence = new Map<string, Promise<TermPresence>>();
  const kept = new Map<string, () => Promise<unknown>>();
  return {
    generation: once(() => store.tenantGeneration(tenant)),
    indexedSources: once(() => store.indexedSources(tenant)),
    termPresence(phrases) {
      const asked = [...new Set(phrases.filter((p) => !presence.has(p)))];
      if (asked.length > 0) {
        const rows = store.termPresence(tenant, asked);
        rows.catch(() => asked.forEach((p) => presence.delete(p)));
        asked.forEach((p, i) =>
          presence.set(
            p,
            rows.then((r) => r[i]!),
          ),
        );
      }
      return Promise.all(phrases.map((p) => presence.get(p)!));
    },
    remember<T>(key: string, load: () => Promise<T>): Promise<T> {
      let lookup = kept.get(key);
      if (!lookup) kept.set(key, (lookup = once(load)));
      return lookup() as Promise<T>;
    },
  };
}
