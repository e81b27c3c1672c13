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
 * The version of the rules that turn a tenant's abbreviations into its synonym map: the
 * abbreviation limit below, {@link abbreviationSynonyms} and the document frequencies it weighs.
 * A map saved under other rules is recomputed: bump this whenever their output changes.
 */
export const MINED_SYNONYM_RULES = "1";

/** The tenant's abbreviations weighed into a synonym map (~1 s on 5k abstracts: 6,731 phrases). */
async function computeMinedSynonyms(store: SqlStore, tenant: string): Promise<Record<string, string[]>> {
  const pairs = await store.abbreviations(tenant);
  const phrases = [...new Set(pairs.flatMap((p) => [p.abbr, p.expansion]))];
  const df = new Map((await store.termDf(tenant, phrases)).map((p) => [p.phrase, p.minDf]));
  return abbreviationSynonyms(pairs, { df: (phrase) => df.get(phrase) });
}

/**
 * The tenant's mined abbreviations as a directed synonym map (see {@link abbreviationSynonyms}:
 * a side far more common in the corpus than the other does not expand to it), read once per
 * tenant generation (an ingest by the tenant makes it stale). The map is saved in the store
 * (`sw_mined_synonyms`) with its generation, so the next process reads it instead of weighing
 * every phrase again; saving is best effort (a read-only store weighs them in each process).
 * @example
 * await minedSynonyms(store, "default"); // { gre: ["gradient echo"], "gradient echo": ["gre"], ... }
 */
export async function minedSynonyms(store: SqlStore, tenant: string): Promise<Record<string, string[]>> {
  const generation = await store.tenantGeneration(tenant);
  let byTenant = cache.get(store);
  if (!byTenant) cache.set(store, (byTenant = new Map()));
  const hit = byTenant.get(tenant);
  if (hit && hit.generation === generation) return hit.map;
  const saved = await store.savedMinedSynonyms(tenant, generation, MINED_SYNONYM_RULES).catch(() => null);
  let map = saved;
  if (!map) {
    map = await computeMinedSynonyms(store, tenant);
    await store.saveMinedSynonyms(tenant, generation, MINED_SYNONYM_RULES, map).catch(() => {});
  }
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
