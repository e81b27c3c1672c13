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

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The synonyms of every phrase of the index found in `text` (case-insensitive, whole words),
 * minus phrases the text already contains. Longer phrases are looked up too, so "echo time"
 * expands to "te".
 * @example
 * expansions("How do I set the TE?", synonymIndex({ te: ["echo time"] })); // ["echo time"]
 */
export function expansions(text: string, index: SynonymIndex): string[] {
  const lower = ` ${norm(text.replace(/[^\p{L}\p{N}_-]+/gu, " "))} `;
  const out = new Set<string>();
  for (const [phrase, synonyms] of index) {
    // The substring test first: a mined index has thousands of phrases, and compiling a Unicode
    // regular expression for each was most of a cold process's first answer (5–8 s).
    if (!lower.includes(phrase)) continue;
    if (!new RegExp(`(?<![\\p{L}\\p{N}_])${escape(phrase)}(?![\\p{L}\\p{N}_])`, "u").test(lower)) continue;
    for (const s of synonyms) if (!lower.includes(` ${s} `)) out.add(s);
  }
  return [...out];
}

/**
 * The query text the lexical side searches: the question followed by the synonyms of what it
 * mentions (BM25 treats them as extra, optional terms) and, when given, extra terms.
 * @example
 * expandQuery("rf pulse shapes", synonymIndex({ rf: ["radiofrequency"] })); // "rf pulse shapes radiofrequency"
 */
export function expandQuery(question: string, index: SynonymIndex, extraTerms: readonly string[] = []): { text: string; added: string[] } {
  const added = expansions(question, index);
  const lower = question.toLowerCase();
  for (const t of extraTerms) if (!lower.includes(t.toLowerCase()) && !added.includes(t)) added.push(t);
  return { text: added.length ? `${question} ${added.join(" ")}` : question, added };
}
