/** One abbreviation a document spells out, as written there. */
export interface Abbreviation {
  /** The short form, e.g. `GRE`, `bSSFP`, `True-FISP`. */
  abbr: string;
  /** What it stands for or another name of it, e.g. `gradient echo`, `bSSFP`. */
  expansion: string;
  /** How many documents of the corpus spell the pair out (the store's count). @default 1 */
  documents?: number;
}

/** A short form: one token with at least two capitals (`GRE`, `bSSFP`, `T1w`), so `(e.g.` and `(see)` are not. */
const SHORTISH = /^(?=(?:[^A-Z]*[A-Z]){2})[A-Za-z][A-Za-z0-9-]{1,11}$/;
/** ...and mostly capitals (`TRout`, `PyPulseq` are names, not short forms). */
const SHORT = { test: (s: string) => SHORTISH.test(s) && 2 * s.replace(/[^A-Z]/g, "").length >= s.replace(/[^A-Za-z]/g, "").length };
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'-]*/gu;

/**
 * Whether `long` spells `short` out, after Schwartz and Hearst (2003): the short form's letters
 * appear in order in the long form, its first letter opening a word, and the long form starts at
 * that word. Returns the long form cut to start there, or null.
 */
export function spelledOut(short: string, long: string): string | null {
  const s = short.toLowerCase().replace(/[^a-z0-9]/g, "");
  const l = long.toLowerCase();
  if (s.length < 2) return null;
  let si = s.length - 1;
  let li = l.length - 1;
  while (si >= 0) {
    const c = s[si]!;
    // Scan back for c; the first letter of the short form must open a word.
    while (li >= 0 && (l[li] !== c || (si === 0 && li > 0 && /[\p{L}\p{N}]/u.test(l[li - 1]!)))) li--;
    if (li < 0) return null;
    si--;
    li--;
  }
  const start = li + 1;
  const result = long.slice(start).trim();
  const words = result.split(/[\s-]+/).length;
  // A long form has at least two words and not many more than the short form has letters.
  if (words < 2 || words > Math.min(s.length + 5, s.length * 2)) return null;
  if (result.toLowerCase().replace(/[^a-z0-9]/g, "") === s) return null;
  return result;
}

/** The last `n` words of `text` (what may spell out a short form that follows it). */
function lastWords(text: string, n: number): string {
  const words = [...text.matchAll(WORD)];
  if (words.length === 0) return "";
  const first = words[Math.max(0, words.length - n)]!;
  return text.slice(first.index);
}

/**
 * The abbreviations a text spells out itself: "Full Name (ABBR)", "ABBR (Full Name)" and
 * "X a.k.a. Y" / "X aka Y" / "X, also known as Y". Each pair once, as first written; only pairs
 * whose letters agree (Schwartz-Hearst) for the first two forms.
 * @example
 * mineAbbreviations("Create a basic gradient echo (GRE) sequence."); // [{ abbr: "GRE", expansion: "gradient echo" }]
 * mineAbbreviations("a crude True-FISP a.k.a. bSSFP sequence"); // [{ abbr: "True-FISP", expansion: "bSSFP" }]
 */
export function mineAbbreviations(text: string): Abbreviation[] {
  const found = new Map<string, Abbreviation>();
  const add = (abbr: string, expansion: string) => {
    const e = expansion.replace(/\s+/g, " ").trim();
    const key = `${abbr.toLowerCase()}\u0001${e.toLowerCase()}`;
    if (e && abbr.toLowerCase() !== e.toLowerCase() && !found.has(key)) found.set(key, { abbr, expansion: e });
  };
  for (const m of text.matchAll(/\(([^()\n]{2,80})\)/g)) {
    const inner = m[1]!.trim();
    const before = text.slice(Math.max(0, m.index - 200), m.index);
    if (SHORT.test(inner)) {
      // Full Name (ABBR): the long form ends right before the bracket, on the same line.
      const line = before.split("\n").at(-1) ?? "";
      if (/\s$/.test(line) || line === "") {
        const span = Math.min(inner.length + 5, inner.length * 2);
        const long = spelledOut(inner, lastWords(line.replace(/[,;:]+\s*$/, ""), span));
        if (long) add(inner, long);
      }
      continue;
    }
    // ABBR (Full Name): a short form right before the bracket, spelled out inside it.
    const prev = /([A-Za-z][A-Za-z0-9-]{1,11})\s*$/.exec(before);
    if (prev && SHORT.test(prev[1]!)) {
      const long = spelledOut(prev[1]!, inner);
      if (long && long.length === inner.length) add(prev[1]!, long);
    }
  }
  const token = "([A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)";
  const aka = new RegExp(`${token},?\\s+(?:a\\.k\\.a\\.?|aka|also known as|also called)\\s+${token}`, "gi");
  for (const m of text.matchAll(aka)) {
    const [, a, b] = m;
    if (a && b && (SHORT.test(a) || SHORT.test(b))) add(a, b);
  }
  return [...found.values()];
}

/**
 * The spellings a query may use for a mined term: as written, hyphens dropped and hyphens as
 * spaces (`True-FISP` → `true-fisp`, `truefisp`, `true fisp`).
 */
export function spellings(term: string): string[] {
  const lower = term.toLowerCase().replace(/\s+/g, " ").trim();
  return [...new Set([lower, lower.replace(/-/g, ""), lower.replace(/-/g, " ")])];
}

/** A long form's identity across spellings: `Parkinson's disease` = `parkinson disease`, `cerebrospinal fluids` = `cerebrospinal fluid`. */
const longKey = (long: string) =>
  long
    .toLowerCase()
    .replace(/['’]s\b/g, "")
    .replace(/[^a-z0-9]+/g, "")
    .replace(/s$/, "");
/** A short form's identity across spellings (`True-FISP` = `truefisp`). */
const shortKey = (short: string) => short.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The long forms a short form may stand for in this corpus, by its pairs' document counts: every
 * one when the corpus spells it out one way, else only the one written by more than half of the
 * documents that spell it out (`PD` = Parkinson's disease in 12 abstracts, peritoneal dialysis in 2);
 * none when no meaning has a majority (`EGFR`: epidermal growth factor receptor or estimated
 * glomerular filtration rate, two abstracts each), since expanding to every meaning adds the others'
 * documents to the question.
 */
function meanings(pairs: readonly Abbreviation[]): Map<string, Set<string>> {
  const byShort = new Map<string, Map<string, number>>();
  for (const { abbr, expansion, documents = 1 } of pairs) {
    const longs = byShort.get(shortKey(abbr)) ?? new Map<string, number>();
    longs.set(longKey(expansion), (longs.get(longKey(expansion)) ?? 0) + documents);
    byShort.set(shortKey(abbr), longs);
  }
  const out = new Map<string, Set<string>>();
  for (const [short, longs] of byShort) {
    const total = [...longs.values()].reduce((a, b) => a + b, 0);
    out.set(short, new Set(longs.size === 1 ? longs.keys() : [...longs].filter(([, n]) => 2 * n > total).map(([l]) => l)));
  }
  return out;
}

/**
 * Mined pairs as a directed synonym map (`phrase → what it may also be searched as`), every
 * spelling of each side included. A side expands to the other unless it is far more common
 * there (`df(from) > maxRatio × df(to)`, document frequencies from `df`): added to a query the
 * corpus already matches well, a much rarer phrase would outweigh it (`MR` in `mr.opts` calls →
 * "magnetic resonance"). The other way, and unknown frequencies, always expand. A short form the
 * corpus spells out several ways pairs only with its majority meaning, both ways (see `meanings`).
 * @example
 * abbreviationSynonyms([{ abbr: "GRE", expansion: "gradient echo" }]); // { gre: ["gradient echo"], "gradient echo": ["gre"] }
 */
export function abbreviationSynonyms(
  pairs: readonly Abbreviation[],
  { df, maxRatio = 4 }: { df?: (phrase: string) => number | undefined; maxRatio?: number } = {},
): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  const add = (from: string, to: readonly string[]) => {
    const rest = to.filter((t) => t !== from);
    if (rest.length) map[from] = [...new Set([...(map[from] ?? []), ...rest])];
  };
  const expands = (from: string, to: string) => {
    const a = df?.(from);
    const b = df?.(to);
    return a === undefined || b === undefined || a <= maxRatio * b;
  };
  const meant = meanings(pairs);
  for (const { abbr, expansion } of pairs) {
    // A side with no searchable lexeme (`OF` for "osteitis fibrosa" is the stop word "of") would
    // expand every question that uses the word: mined from the corpus, a real side has df > 0.
    if (df && (df(abbr) === 0 || df(expansion) === 0)) continue;
    const short = spellings(abbr);
    const long = spellings(expansion);
    const paired = meant.get(shortKey(abbr))?.has(longKey(expansion)) ?? true;
    for (const s of short) add(s, [...short, ...(paired && expands(abbr, expansion) ? long : [])]);
    for (const l of long) add(l, [...long, ...(paired && expands(expansion, abbr) ? short : [])]);
  }
  return map;
}

/** The lower-case spellings of the pairs' short forms (keys of {@link abbreviationSynonyms} that a query must write as a short form). */
export function shortFormSpellings(pairs: readonly Abbreviation[]): Set<string> {
  return new Set(pairs.flatMap((p) => spellings(p.abbr)));
}
