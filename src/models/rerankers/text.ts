/** Tokens for the local reranker's lexical features: lower-case, light stemming, no stop words. */

const STOP = new Set(
  (
    "a an the and or but nor not no so if then else than that this these those there here of in on at to " +
    "for from by with without into onto over under about above below between through during before after " +
    "as is are was were be been being am do does did doing done have has had having can could should would " +
    "will shall may might must i me my we us our you your he him his she her it its they them their what " +
    "which who whom whose when where why how all any both each every few more most other some such only own " +
    "same too very just also again further once out up down off s t"
  ).split(" "),
);

/**
 * A light English stemmer (plural, -ing, -ed, -ly and a few derivational endings). Lighter than
 * Porter on purpose: it only has to make query and passage forms meet, and must stay cheap
 * because it runs on every word of every candidate.
 * @example
 * stem("mutations"); // "mutat" — and stem("mutated") gives the same
 */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const suffix of [
    "ational",
    "ization",
    "ations",
    "ation",
    "ness",
    "ments",
    "ment",
    "ingly",
    "edly",
    "ing",
    "ed",
    "ly",
    "es",
    "ive",
    "ity",
    "al",
    "e",
  ]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3 && /[aeiouy]/.test(w.slice(0, -suffix.length))) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  // Undouble a final consonant left by -ing/-ed ("regulatted" → "regulat", "stopping" → "stop").
  if (/([^aeiouslz])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Letters and digits make words; anything else separates them. ASCII is decided without a regex. */
function isWordChar(code: number, ch: string): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
  return WORD_CHAR.test(ch);
}

// Stems of words seen before: a corpus repeats its vocabulary, so most lookups hit.
const stems = new Map<string, string>();
const MAX_STEMS = 100_000;

function cachedStem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    if (stems.size >= MAX_STEMS) stems.clear();
    s = stem(word);
    stems.set(word, s);
  }
  return s;
}

/** A passage as the features read it. */
export interface AnalyzedText {
  /** Stemmed content tokens in order (stop words dropped, positions compacted). */
  tokens: string[];
  /** Index in `tokens` where each sentence starts. */
  sentences: number[];
  /** Words holding a digit (`32`, `2001`, `p53`), lower-case: numbers in claims are specific. */
  numbers: Set<string>;
}

/**
 * Tokens, sentence starts and numbers of `text`, in one pass. A hand-written scanner: it runs on
 * every word of every candidate, and is several times faster than regex splitting.
 */
export function analyzeText(text: string): AnalyzedText {
  const lower = text.toLowerCase();
  const tokens: string[] = [];
  const sentences: number[] = [0];
  const numbers = new Set<string>();
  let start = -1;
  let digit = false;
  let sentenceEnd = false;
  for (let i = 0; i <= lower.length; i++) {
    const code = i < lower.length ? lower.charCodeAt(i) : 32;
    if (i < lower.length && isWordChar(code, lower[i]!)) {
      if (start < 0) {
        start = i;
        digit = false;
        if (sentenceEnd && tokens.length > sentences.at(-1)!) sentences.push(tokens.length);
        sentenceEnd = false;
      }
      if (code >= 48 && code <= 57) digit = true;
      continue;
    }
    if (start >= 0) {
      const raw = lower.slice(start, i);
      start = -1;
      if (digit) numbers.add(raw);
      if (!STOP.has(raw)) tokens.push(cachedStem(raw));
    }
    // A sentence ends at . ! ? or ; followed by a space (not inside "p.53" or "2.5").
    if (code === 46 || code === 33 || code === 63 || code === 59) {
      const next = lower.charCodeAt(i + 1);
      if (Number.isNaN(next) || next === 32 || next === 10 || next === 9) sentenceEnd = true;
    }
  }
  return { tokens, sentences, numbers };
}
