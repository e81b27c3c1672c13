import { basename, extname } from "node:path";
import type { SourceProfile } from "../sources/profile.js";
import type { SqlStore } from "../storage/store.js";

/** One source of the corpus as a clarification names it: its label, size and a few typical documents. */
export interface SourceOutline {
  source: string;
  label: string;
  documents: number;
  /** Names of typical documents (file names, or record titles). */
  examples: string[];
}

/** File names that say nothing about a corpus' subject. */
const GENERIC = new Set(["index", "readme", "main", "init", "__init__", "setup", "conftest", "license", "changelog", "contents"]);

/** The words of a file name: `writeGradientEcho3D` → write, gradient, echo, 3d. */
const nameWords = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2);

const docName = (uri: string) => {
  const base = basename(uri.split("#")[0]!);
  return base.slice(0, base.length - extname(base).length) || base;
};

/**
 * Typical documents of a source: those whose names share the most words with the source's other
 * names (the core of a family such as `makeTrapezoid`, `makeSincPulse`), generic names left out.
 */
function typical(uris: readonly string[], max: number): string[] {
  const seen = new Map<string, number>();
  for (const u of uris) seen.set(docName(u), (seen.get(docName(u)) ?? 0) + 1);
  // A name shared by many documents is their container (records of one corpus.jsonl), not theirs.
  const names = [...seen].filter(([n, c]) => c === 1 && !GENERIC.has(n.toLowerCase())).map(([n]) => n);
  const df = new Map<string, number>();
  for (const n of names) for (const w of new Set(nameWords(n))) df.set(w, (df.get(w) ?? 0) + 1);
  const score = (n: string) => {
    const words = [...new Set(nameWords(n))];
    return words.length ? words.reduce((s, w) => s + (df.get(w)! - 1), 0) / words.length : 0;
  };
  // One spelling per name (makeTrapezoid, make_trapezoid); long compound names read as pages, not subjects.
  const spelled = new Set<string>();
  return names
    .map((n) => ({ n, s: score(n) / (1 + Math.max(0, nameWords(n).length - 3)) }))
    .sort((a, b) => b.s - a.s || a.n.localeCompare(b.n))
    .filter(({ n }) => {
      const key = nameWords(n).join(" ");
      return !spelled.has(key) && spelled.add(key);
    })
    .slice(0, max)
    .map((x) => x.n);
}

/** A profile's short name: its summary up to the colon ("API reference: signatures..." → "API reference"). */
const labelOf = (profile: SourceProfile | undefined, source: string) => {
  const summary = profile?.summary.trim() ?? "";
  const head = summary.includes(":") ? summary.slice(0, summary.indexOf(":")) : summary.replace(/[.\s]+$/, "");
  return head || source;
};

const cache = new WeakMap<SqlStore, Map<string, { generation: string; outline: SourceOutline[] }>>();

/**
 * What the tenant's corpus holds, from the indexed documents themselves: per source, its label
 * (the profile's), its number of documents and up to `max` typical document names. Cached per
 * store and tenant until the tenant's documents change.
 * @example
 * describeCorpus(await corpusOutline(store, "default", profiles));
 * // "API reference (142 documents, such as makeAdc, makeTrapezoid, makeSincPulse), ..."
 */
export async function corpusOutline(
  store: SqlStore,
  tenant: string,
  profiles: readonly SourceProfile[],
  max = 3,
): Promise<SourceOutline[]> {
  const generation = await store.tenantGeneration(tenant);
  const byTenant = cache.get(store) ?? new Map<string, { generation: string; outline: SourceOutline[] }>();
  cache.set(store, byTenant);
  const hit = byTenant.get(tenant);
  if (hit?.generation === generation) return hit.outline;
  const bySource = new Map<string, string[]>();
  for (const d of await store.listDocuments({ tenant })) bySource.set(d.source, [...(bySource.get(d.source) ?? []), d.uri]);
  const byName = new Map(profiles.map((p) => [p.name, p]));
  // Profiles first in their configured order, then any other source indexed.
  const order = [...profiles.map((p) => p.name).filter((s) => bySource.has(s)), ...[...bySource.keys()].filter((s) => !byName.has(s))];
  const outline = order.map((source) => {
    const uris = bySource.get(source)!;
    return { source, label: labelOf(byName.get(source), source), documents: uris.length, examples: typical(uris, max) };
  });
  byTenant.set(tenant, { generation, outline });
  return outline;
}

/** The outline as a phrase: "API reference (142 documents, such as makeAdc, makeTrapezoid), Examples (61 documents, ...)". */
export function describeCorpus(outline: readonly SourceOutline[]): string {
  return outline
    .map((o) => {
      const count = `${o.documents} document${o.documents === 1 ? "" : "s"}`;
      return `${o.label} (${count}${o.examples.length ? `, such as ${o.examples.join(", ")}` : ""})`;
    })
    .join("; ");
}

const sizes = new WeakMap<SqlStore, Map<string, { generation: string; searchable: number }>>();

/**
 * How many searchable rows the tenant's corpus has (`store.stats(tenant).searchable`, which counts
 * every row of the tenant), cached per store and tenant until the tenant's documents change.
 * @example
 * await searchableRows(store, "default"); // 7074
 */
export async function searchableRows(store: SqlStore, tenant: string): Promise<number> {
  const generation = await store.tenantGeneration(tenant);
  const byTenant = sizes.get(store) ?? new Map<string, { generation: string; searchable: number }>();
  sizes.set(store, byTenant);
  const hit = byTenant.get(tenant);
  if (hit?.generation === generation) return hit.searchable;
  const { searchable } = await store.stats(tenant);
  byTenant.set(tenant, { generation, searchable });
  return searchable;
}
