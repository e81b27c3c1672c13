/** Synonym expansion: a configurable map turned into groups of interchangeable phrases. */

/** Lower-case phrase → every phrase of its group (itself excluded). */
export type SynonymIndex = ReadonlyMap<string, readonly string[]>;

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

const indexCache = new WeakMap<object, SynonymIndex>();

/**
 * Builds a symmetric index from a map of `key → synonyms`: each key and its synonyms form one
 * group, and groups sharing a phrase merge, so `rf → radiofrequency` also expands
 * `radiofrequency → rf`.
 * @example
 * const index = synonymIndex({ rf: ["radiofrequency"] });
 * index.get("radiofrequency"); // ["rf"]
 */
export function synonymIndex(map: Record<string, readonly string[]>): SynonymIndex {
  const cached = indexCache.get(map);
  if (cached) return cached;
  const groupOf = new Map<string, Set<string>>();
  for (const [key, values] of Object.entries(map)) {
    let group = new Set([key, ...values].map(norm).filter(Boolean));
    for (const phrase of [...group]) {
      const other = groupOf.get(phrase);
      if (other && other !== group) group = new Set([...other, ...group]);
    }
    for (const phrase of group) groupOf.set(phrase, group);
  }
  const index = new Map<string, string[]>();
  for (const [phrase, group] of groupOf)
    index.set(
      phrase,
      [...group].filter((p) => p !== phrase),
    );
  indexCache.set(map, index);
  return index;
}

/** `s` as a regular expression that matches it literally. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Runs of word characters: the boundaries of {@link expansions}' whole-word test are what separates them. */
const WORD_RUN = /[\p{L}\p{N}_]+/gu;
const LEADING_WORD_RUN = /^[\p{L}\p{N}_]+/u;

/**
 * An index's phrases in order, bucketed by their first word. A phrase found as a whole word
 * starts where a word of the text starts, and its first word (up to its first non-word
 * character, or all of it) is that whole word of the text: only the phrases filed under the
 * text's words can match. Phrases that do not start with a word character are always tested.
 */
interface Prefilter {
  phrases: string[];
  byFirstWord: Map<string, number[]>;
  always: number[];
}

const prefilters = new WeakMap<SynonymIndex, Prefilter>();
/** Indexes made by {@link deriveIndex}: their phrases are a subset of the parent's, in its order. */
const parents = new WeakMap<SynonymIndex, SynonymIndex>();

function prefilterOf(index: SynonymIndex): Prefilter {
  const root = parents.get(index) ?? index;
  let filter = prefilters.get(root);
  if (filter) return filter;
  filter = { phrases: [...root.keys()], byFirstWord: new Map(), always: [] };
  for (const [i, phrase] of filter.phrases.entries()) {
    const first = LEADING_WORD_RUN.exec(phrase)?.[0];
    if (!first) filter.always.push(i);
    else {
      const list = filter.byFirstWord.get(first);
      if (list) list.push(i);
      else filter.byFirstWord.set(first, [i]);
    }
  }
  prefilters.set(root, filter);
  return filter;
}

/**
 * A copy of `parent` with some of its phrases' synonyms replaced, or the phrases removed (`null`),
 * every other phrase in the parent's order. Lookups in the copy reuse the parent's word buckets,
 * so a per-question variant of a large index costs a copy, not a rebuild. Phrases the parent
 * lacks are ignored (the copy keeps the parent's phrases only).
 * @example
 * const withoutSac = deriveIndex(index, new Map([["sac", null]]));
 */
export function deriveIndex(parent: SynonymIndex, changes: ReadonlyMap<string, readonly string[] | null>): SynonymIndex {
  const copy = new Map(parent);
  for (const [phrase, synonyms] of changes) {
    if (!copy.has(phrase)) continue;
    if (synonyms === null) copy.delete(phrase);
    else copy.set(phrase, synonyms);
  }
  parents.set(copy, parents.get(parent) ?? parent);
  return copy;
}

const wholeWordPatterns = new Map<string, RegExp>();

/** `phrase` as a whole word (not `g`: `test` keeps no state), compiled once per phrase. */
function wholeWord(phrase: string): RegExp {
  let pattern = wholeWordPatterns.get(phrase);
  if (!pattern) {
    pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}_])`, "u");
    if (wholeWordPatterns.size >= 20_000) wholeWordPatterns.clear();
    wholeWordPatterns.set(phrase, pattern);
  }
  return pattern;
}

/**
 * The synonyms of every phrase of the index found in `text` (case-insensitive, whole words),
 * minus phrases the text already contains, in the index's order. Longer phrases are looked up
 * too, so "echo time" expands to "te". Only the phrases whose first word is a word of the text
 * are tested (a mined index has thousands of phrases, a question a dozen words); an index is
 * read-only once searched (its word buckets are kept).
 * @example
 * expansions("How do I set the TE?", synonymIndex({ te: ["echo time"] })); // ["echo time"]
 */
export function expansions(text: string, index: SynonymIndex): string[] {
  const lower = ` ${norm(text.replace(/[^\p{L}\p{N}_-]+/gu, " "))} `;
  const filter = prefilterOf(index);
  const tested = [...filter.always];
  for (const word of new Set(lower.match(WORD_RUN) ?? [])) tested.push(...(filter.byFirstWord.get(word) ?? []));
  tested.sort((a, b) => a - b);
  const out = new Set<string>();
  for (const i of tested) {
    const phrase = filter.phrases[i]!;
    const synonyms = index.get(phrase);
    if (!synonyms || !lower.includes(phrase)) continue;
    if (!wholeWord(phrase).test(lower)) continue;
    for (const s of synonyms) if (!lower.includes(` ${s} `)) out.add(s);
  }
  return [...out];
}

/**
 * The query text the lexical side searches: the question followed by the words of the synonyms
 * of what it mentions (BM25 treats them as extra, optional terms) and, when given, extra terms.
 * Each added word is written once and not at all when the question has it: BM25 counts a word
 * the query repeats once per time, so three spellings of one long form ("colony-stimulating",
 * "colony stimulating", "colonystimulating") would outweigh the question's own rarest word.
 * @example
 * expandQuery("rf pulse shapes", synonymIndex({ rf: ["radiofrequency"] })); // "rf pulse shapes radiofrequency"
 */
export function expandQuery(question: string, index: SynonymIndex, extraTerms: readonly string[] = []): { text: string; added: string[] } {
  const added = expansions(question, index);
  const lower = question.toLowerCase();
  for (const t of extraTerms) if (!lower.includes(t.toLowerCase()) && !added.includes(t)) added.push(t);
  const own = new Set(lower.match(WORD_RUN) ?? []);
  const words = [...new Set(added.flatMap((phrase) => phrase.toLowerCase().match(WORD_RUN) ?? []))].filter((w) => !own.has(w));
  return { text: words.length ? `${question} ${words.join(" ")}` : question, added };
}
