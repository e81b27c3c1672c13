import { abbreviationSynonyms } from "../ingestion/abbreviations.js";
import type { SqlStore } from "../storage/store.js";
import { expansions, synonymIndex, type SynonymIndex } from "./synonyms.js";

interface Entry {
  generation: string;
  map: Record<string, string[]>;
}

const cache = new WeakMap<SqlStore, Map<string, Entry>>();
const merged = new WeakMap<object, WeakMap<object, Record<string, string[]>>>();

/**
 * The tenant's mined abbreviations as a synonym map, read once per tenant generation (an ingest
 * by the tenant makes it stale).
 * @example
 * await minedSynonyms(store, "default"); // { gre: ["gradient echo"], "true-fisp": ["truefisp", "true fisp", "bssfp"] }
 */
export async function minedSynonyms(store: SqlStore, tenant: string): Promise<Record<string, string[]>> {
  const generation = await store.tenantGeneration(tenant);
  let byTenant = cache.get(store);
  if (!byTenant) cache.set(store, (byTenant = new Map()));
  const hit = byTenant.get(tenant);
  if (hit && hit.generation === generation) return hit.map;
  const map = abbreviationSynonyms(await store.abbreviations(tenant));
  byTenant.set(tenant, { generation, map });
  return map;
}

/**
 * The configured synonyms with the mined ones added (configured groups and mined pairs merge
 * where they share a phrase), the same object for the same two maps so the index is built once.
 */
export function withMined(configured: Record<string, string[]>, mined: Record<string, string[]>): Record<string, string[]> {
  if (Object.keys(mined).length === 0) return configured;
  let inner = merged.get(configured);
  if (!inner) merged.set(configured, (inner = new WeakMap()));
  let map = inner.get(mined);
  if (!map) {
    map = { ...configured };
    for (const [k, v] of Object.entries(mined)) map[k] = [...new Set([...(map[k] ?? []), ...v])];
    inner.set(mined, map);
  }
  return map;
}

/**
 * The tenant's synonym index: the configured map with its mined abbreviations.
 * @example
 * const index = await tenantSynonyms(store, "default", settings.retrieval.synonyms);
 */
export async function tenantSynonyms(store: SqlStore, tenant: string, configured: Record<string, string[]>): Promise<SynonymIndex> {
  return synonymIndex(withMined(configured, await minedSynonyms(store, tenant)));
}

/**
 * A text with the synonyms of what it mentions appended, so a check for a term finds it under
 * another name (`True-FISP a.k.a. bSSFP` holds "TrueFISP").
 */
export function withSynonymsOf(text: string, index: SynonymIndex): string {
  const added = expansions(text, index);
  return added.length ? `${text}\n${added.join(" ")}` : text;
}
