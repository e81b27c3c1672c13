import { abbreviationSynonyms } from "../ingestion/abbreviations.js";
import type { SqlStore } from "../storage/store.js";
import { expansions, synonymIndex, type SynonymIndex } from "./synonyms.js";

interface Entry {
  generation: string;
  map: Record<string, string[]>;
}

const cache = new WeakMap<SqlStore, Map<string, Entry>>();
const combined = new WeakMap<object, WeakMap<object, SynonymIndex>>();

/**
 * The tenant's mined abbreviations as a directed synonym map (see {@link abbreviationSynonyms}:
 * a side far more common in the corpus than the other does not expand to it), read once per
 * tenant generation (an ingest by the tenant makes it stale).
 * @example
 * await minedSynonyms(store, "default"); // { gre: ["gradient echo"], "gradient echo": ["gre"], ... }
 */
export async function minedSynonyms(store: SqlStore, tenant: string): Promise<Record<string, string[]>> {
  const generation = await store.tenantGeneration(tenant);
  let byTenant = cache.get(store);
  if (!byTenant) cache.set(store, (byTenant = new Map()));
  const hit = byTenant.get(tenant);
  if (hit && hit.generation === generation) return hit.map;
  const pairs = await store.abbreviations(tenant);
  const phrases = [...new Set(pairs.flatMap((p) => [p.abbr, p.expansion]))];
  const df = new Map((await store.termDf(tenant, phrases)).map((p) => [p.phrase, p.minDf]));
  const map = abbreviationSynonyms(pairs, { df: (phrase) => df.get(phrase) });
  byTenant.set(tenant, { generation, map });
  return map;
}

/**
 * The configured synonyms (symmetric groups) with the mined, directed ones added; the same
 * object for the same two maps, so it is built once.
 */
export function combinedIndex(configured: Record<string, string[]>, mined: Record<string, string[]>): SynonymIndex {
  const base = synonymIndex(configured);
  if (Object.keys(mined).length === 0) return base;
  let inner = combined.get(configured);
  if (!inner) combined.set(configured, (inner = new WeakMap()));
  let index = inner.get(mined);
  if (!index) {
    const merged = new Map<string, string[]>(Object.entries(Object.fromEntries(base)).map(([k, v]) => [k, [...v]]));
    for (const [k, v] of Object.entries(mined))
      merged.set(
        k,
        [...new Set([...(merged.get(k) ?? []), ...v])].filter((x) => x !== k),
      );
    index = merged;
    inner.set(mined, index);
  }
  return index;
}

/**
 * The tenant's synonym index: the configured map with its mined abbreviations.
 * @example
 * const index = await tenantSynonyms(store, "default", settings.retrieval.synonyms);
 */
export async function tenantSynonyms(store: SqlStore, tenant: string, configured: Record<string, string[]>): Promise<SynonymIndex> {
  return combinedIndex(configured, await minedSynonyms(store, tenant));
}

/**
 * A text with the synonyms of what it mentions appended, so a check for a term finds it under
 * another name (`True-FISP a.k.a. bSSFP` holds "TrueFISP").
 */
export function withSynonymsOf(text: string, index: SynonymIndex): string {
  const added = expansions(text, index);
  return added.length ? `${text}\n${added.join(" ")}` : text;
}
