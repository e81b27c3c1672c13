import { abbreviationSynonyms, mineAbbreviations, shortFormSpellings, spellings } from "../ingestion/abbreviations.js";
import type { SqlStore } from "../storage/store.js";
import { deriveIndex, escapeRegExp, expansions, synonymIndex, type SynonymIndex } from "./synonyms.js";

interface Entry {
  generation: string;
  map: Record<string, string[]>;
  /** The map's keys that are short forms (`gre`, `true-fisp`): a query must write them as one. */
  short: Set<string>;
  /** {@link short} by the first two characters, for finding the few a question holds. */
  shortLookup?: ShortFormLookup;
  /** Per-question synonym indexes by configured map and dropped short forms (see {@link questionSynonyms}). */
  variants?: WeakMap<object, Map<string, SynonymIndex>>;
  /** The last questions' dropped short forms (each source and round of a question asks again). */
  dropped?: Map<string, string[]>;
}

/** Distinct sets of dropped short forms whose index is remembered, per tenant and configured map. */
const MAX_VARIANTS = 256;

const cache = new WeakMap<SqlStore, Map<string, Entry>>();
const combined = new WeakMap<object, WeakMap<object, SynonymIndex>>();

/**
 * The version of the rules that turn a tenant's abbreviations into its synonym map: the
 * abbreviation limit, {@link abbreviationSynonyms}, {@link shortFormSpellings} and the document
 * frequencies they weigh. A map saved under other rules is recomputed: bump this whenever their
 * output changes.
 */
export const MINED_SYNONYM_RULES = "2";

/** Where the saved map keeps its short forms: a key no phrase can be. */
const SHORT_FORMS = " short-forms";

/** The tenant's abbreviations weighed into a synonym map and its short forms (~1 s on 5k abstracts: 6,731 phrases). */
async function computeEntry(store: SqlStore, tenant: string): Promise<Omit<Entry, "generation">> {
  const pairs = await store.abbreviations(tenant);
  const phrases = [...new Set(pairs.flatMap((p) => [p.abbr, p.expansion]))];
  const df = new Map((await store.termDf(tenant, phrases)).map((p) => [p.phrase, p.minDf]));
  return { map: abbreviationSynonyms(pairs, { df: (phrase) => df.get(phrase) }), short: shortFormSpellings(pairs) };
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
export async function minedSynonyms(store: SqlStore, tenant: string, generation?: Generation): Promise<Record<string, string[]>> {
  return (await minedEntry(store, tenant, generation)).map;
}

/**
 * The tenant's mined synonyms for one question's lexical search: {@link minedSynonyms} without the
 * short forms the question does not write as one (`sac` in "yolk sac" is not SAC, `pd` in "PD-1"
 * is not PD, `all` is not ALL: a short form has two capitals, or letters and digits, and stands
 * alone or as one name of a compound like LKB1-AMPK) nor those the question spells out itself
 * ("container port throughput (CPT)").
 * @example
 * await minedFor(store, "default", "How do I write a GRE sequence?"); // { gre: ["gradient echo"], ... }
 */
export async function minedFor(store: SqlStore, tenant: string, question: string): Promise<Record<string, string[]>> {
  const { map, short } = await minedEntry(store, tenant);
  return asWrittenIn(question, map, short);
}

/**
 * The synonym index one question's lexical search expands with: the configured synonyms with the
 * tenant's mined ones as {@link minedFor} keeps them for this question. The same index as
 * `combinedIndex(configured, await minedFor(store, tenant, question))`, made from the tenant's
 * whole index by removing the dropped short forms rather than by copying the map and indexing it
 * again (thousands of phrases, per question); remembered per set of dropped short forms.
 * @example
 * const index = await questionSynonyms(store, "default", "How do I write a GRE sequence?", settings.retrieval.synonyms);
 * expansions("How do I write a GRE sequence?", index); // ["gradient echo"]
 */
export async function questionSynonyms(
  store: SqlStore,
  tenant: string,
  question: string,
  configured: Record<string, string[]>,
  generation?: Generation,
): Promise<SynonymIndex> {
  const entry = await minedEntry(store, tenant, generation);
  const whole = combinedIndex(configured, entry.map);
  entry.shortLookup ??= shortFormLookup(entry.short);
  entry.dropped ??= new Map();
  let drop = entry.dropped.get(question);
  if (!drop) {
    drop = droppedShortForms(question, entry.map, shortFormsIn(question.toLowerCase(), entry.shortLookup));
    if (entry.dropped.size >= MAX_VARIANTS) entry.dropped.delete(entry.dropped.keys().next().value!);
    entry.dropped.set(question, drop);
  }
  if (drop.length === 0) return whole;
  entry.variants ??= new WeakMap();
  let byDrop = entry.variants.get(configured);
  if (!byDrop) entry.variants.set(configured, (byDrop = new Map()));
  const key = drop.join("\u0000");
  let index = byDrop.get(key);
  if (!index) {
    // Without a mined key, the combined index holds its configured synonyms only, if any.
    const base = synonymIndex(configured);
    index = deriveIndex(whole, new Map(drop.map((k) => [k, base.has(k) ? [...base.get(k)!] : null])));
    if (byDrop.size >= MAX_VARIANTS) byDrop.delete(byDrop.keys().next().value!);
  }
  byDrop.delete(key);
  byDrop.set(key, index);
  return index;
}

/** Short forms by their first two characters (one-character and empty ones apart), with their order. */
interface ShortFormLookup {
  order: Map<string, number>;
  byPrefix: Map<string, string[]>;
  /** Short forms of fewer than two characters: always tested. */
  tiny: string[];
}

function shortFormLookup(short: ReadonlySet<string>): ShortFormLookup {
  const lookup: ShortFormLookup = { order: new Map(), byPrefix: new Map(), tiny: [] };
  for (const key of short) {
    lookup.order.set(key, lookup.order.size);
    if (key.length < 2) lookup.tiny.push(key);
    else {
      const prefix = key.slice(0, 2);
      const list = lookup.byPrefix.get(prefix);
      if (list) list.push(key);
      else lookup.byPrefix.set(prefix, [key]);
    }
  }
  return lookup;
}

/** The short forms that occur in `lower` as substrings, in their set's order. */
function shortFormsIn(lower: string, lookup: ShortFormLookup): string[] {
  const found = new Set(lookup.tiny.filter((key) => lower.includes(key)));
  for (let i = 0; i + 2 <= lower.length; i++) {
    for (const key of lookup.byPrefix.get(lower.slice(i, i + 2)) ?? []) if (lower.startsWith(key, i)) found.add(key);
  }
  return [...found].sort((a, b) => lookup.order.get(a)! - lookup.order.get(b)!);
}

const alonePatterns = new Map<string, RegExp>();

/** The pattern of `key` standing alone or as one name of a compound, compiled once per key (matchAll copies it). */
function standingAlone(key: string): RegExp {
  let pattern = alonePatterns.get(key);
  if (!pattern) {
    pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?<![\\p{L}\\p{N}]-)${escapeRegExp(key)}(?![\\p{L}\\p{N}_])(?!-[\\p{L}\\p{N}])`, "giu");
    if (alonePatterns.size >= 20_000) alonePatterns.clear();
    alonePatterns.set(key, pattern);
  }
  return pattern;
}

/** Written as a short form: two capitals (GRE, bSSFP) or letters with digits (Sirt1 for SIRT1). */
const isShortForm = (written: string) => (written.match(/[A-Z]/g)?.length ?? 0) >= 2 || /\d/.test(written);
function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}
const isWordChar = (ch: string | undefined) => ch !== undefined && /[A-Za-z0-9_]/.test(ch);
const isAlnum = (ch: string | undefined) => ch !== undefined && /[A-Za-z0-9]/.test(ch);

/**
 * Whether `key` stands alone in `text` ({@link standingAlone}) somewhere written as a short form.
 * ASCII text and key (most questions) are scanned with indexOf and the pattern's boundaries
 * spelled out, the same matches in the same order (in ASCII, \p{L} and \p{N} are letters and
 * digits, and case-insensitive matching is ASCII case); anything else runs the pattern.
 * @internal exported for its test.
 */
export function writtenAsShortForm(text: string, key: string): boolean {
  if (key === "" || !isAscii(text) || !isAscii(key)) return [...text.matchAll(standingAlone(key))].some((m) => isShortForm(m[0]));
  const lower = text.toLowerCase();
  const wanted = key.toLowerCase();
  let i = lower.indexOf(wanted);
  while (i !== -1) {
    const end = i + wanted.length;
    const before = !isWordChar(text[i - 1]) && !(text[i - 1] === "-" && isAlnum(text[i - 2]));
    const after = !isWordChar(text[end]) && !(text[end] === "-" && isAlnum(text[end + 1]));
    if (before && after) {
      if (isShortForm(text.slice(i, end))) return true;
      // A global pattern goes on after its match.
      i = lower.indexOf(wanted, end);
    } else i = lower.indexOf(wanted, i + 1);
  }
  return false;
}

/** {@link minedFor} on a given map and its short-form keys. */
export function asWrittenIn(question: string, map: Record<string, string[]>, short: ReadonlySet<string>): Record<string, string[]> {
  const drop = droppedShortForms(question, map, short);
  if (drop.length === 0) return map;
  const kept = { ...map };
  for (const key of drop) delete kept[key];
  return kept;
}

/**
 * The short forms of `map` that {@link asWrittenIn} leaves out for this question, in the order of
 * `short` (every short form, or those the question's text holds: no other can be dropped).
 */
function droppedShortForms(question: string, map: Record<string, string[]>, short: Iterable<string>): string[] {
  const lower = question.toLowerCase();
  const own = new Set(mineAbbreviations(question).flatMap((p) => spellings(p.abbr)));
  // A compound of two names (LKB1-AMPK) holds each of them; G-CSF and PD-1 hold neither CSF nor PD.
  const text = question.replace(/\S+/g, (t) => {
    const parts = t.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, "").split("-");
    return parts.length > 1 && parts.every((p) => p.length >= 2 && /[A-Za-z]/.test(p) && /[A-Z0-9]/.test(p)) ? t.replace(/-/g, " ") : t;
  });
  const drop: string[] = [];
  for (const key of short) {
    if (!(key in map) || !lower.includes(key)) continue;
    if (own.has(key)) {
      drop.push(key);
      continue;
    }
    if (!writtenAsShortForm(text, key)) drop.push(key);
  }
  return drop;
}

/** The tenant's data generation, when the caller has it at hand (a run's `runLookups`); else read from the store. */
export type Generation = () => Promise<string>;

async function minedEntry(store: SqlStore, tenant: string, current?: Generation): Promise<Entry> {
  const generation = await (current ? current() : store.tenantGeneration(tenant));
  let byTenant = cache.get(store);
  if (!byTenant) cache.set(store, (byTenant = new Map()));
  const hit = byTenant.get(tenant);
  if (hit && hit.generation === generation) return hit;
  const saved = await store.savedMinedSynonyms(tenant, generation, MINED_SYNONYM_RULES).catch(() => null);
  let entry: Entry;
  if (saved) {
    const { [SHORT_FORMS]: short = [], ...map } = saved;
    entry = { generation, map, short: new Set(short) };
  } else {
    entry = { generation, ...(await computeEntry(store, tenant)) };
    const record = { ...entry.map, [SHORT_FORMS]: [...entry.short] };
    await store.saveMinedSynonyms(tenant, generation, MINED_SYNONYM_RULES, record).catch(() => {});
  }
  byTenant.set(tenant, entry);
  return entry;
}

/**
 * The configured synonyms (symmetric groups) with the mined, directed ones added; the same
 * object for the same two maps, so it is built once.
 */
export function combinedIndex(configured: Record<string, string[]>, mined: Record<string, string[]>): SynonymIndex {
  const base = synonymIndex(configured);
  let inner = combined.get(configured);
  if (!inner) combined.set(configured, (inner = new WeakMap()));
  let index = inner.get(mined);
  if (index) return index;
  if (Object.keys(mined).length === 0) return base;
  const merged = new Map<string, string[]>(Object.entries(Object.fromEntries(base)).map(([k, v]) => [k, [...v]]));
  for (const [k, v] of Object.entries(mined))
    merged.set(
      k,
      [...new Set([...(merged.get(k) ?? []), ...v])].filter((x) => x !== k),
    );
  index = merged;
  inner.set(mined, index);
  return index;
}

/**
 * The tenant's synonym index: the configured map with its mined abbreviations.
 * @example
 * const index = await tenantSynonyms(store, "default", settings.retrieval.synonyms);
 */
export async function tenantSynonyms(
  store: SqlStore,
  tenant: string,
  configured: Record<string, string[]>,
  generation?: Generation,
): Promise<SynonymIndex> {
  return combinedIndex(configured, await minedSynonyms(store, tenant, generation));
}

/** Texts whose {@link withSynonymsOf} is remembered per index (an index is read-only once searched). */
const MAX_MEMO_TEXTS = 2_000;
const withSynonymsMemo = new WeakMap<SynonymIndex, Map<string, string>>();

/**
 * A text with the synonyms of what it mentions appended, so a check for a term finds it under
 * another name (`True-FISP a.k.a. bSSFP` holds "TrueFISP").
 */
export function withSynonymsOf(text: string, index: SynonymIndex): string {
  // The gate reads the same passages twice a round, and again after a broaden: remembered per index.
  let memo = withSynonymsMemo.get(index);
  if (!memo) withSynonymsMemo.set(index, (memo = new Map()));
  let out = memo.get(text);
  if (out === undefined) {
    const added = expansions(text, index);
    out = added.length ? `${text}\n${added.join(" ")}` : text;
    if (memo.size >= MAX_MEMO_TEXTS) memo.delete(memo.keys().next().value!);
    memo.set(text, out);
  }
  return out;
}
