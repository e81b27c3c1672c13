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
  for (const suffix of ["ational", "ization", "ations", "ation", "ness", "ments", "ment", "ingly", "edly", "ing", "ed", "ly", "es", "ive", "ity", "al", "e"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3 && /[aeiouy]/.test(w.slice(0, -suffix.length))) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  // Undouble a final consonant left by -ing/-ed ("regulatted" → "regulat", "stopping" → "stop").
  if (/([^aeiouslz])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

const TOKEN = /[\p{L}\p{N}]+/gu;

/** Stemmed content tokens of `text` in order (stop words dropped, positions compacted). */
export function contentTokens(text: string): string[] {
  const out: string[] = [];
  for (const [raw] of text.toLowerCase().matchAll(TOKEN)) {
    if (STOP.has(raw)) continue;
    out.push(stem(raw));
  }
  return out;
}

/** Tokens holding a digit (`32`, `5`, `p53`) as written, lower-case: numbers in claims are specific. */
export function numberTokens(text: string): string[] {
  return [...text.toLowerCase().matchAll(TOKEN)].map((m) => m[0]).filter((t) => /\d/.test(t));
}
