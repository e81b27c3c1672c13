/**
 * Text helpers shared by the gate, the formatter and the extractive answerer: a light stemmer,
 * term sets for coverage, and splitting a block into quotable units.
 */

const WORD = /[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*/g;

/**
 * A light suffix-stripping stemmer (plural, -ing, -ed, -ly, -ation, final e), enough to match
 * "parameters" with "parameter" and "computing" with "computed". Identifiers pass unchanged.
 *
 * @example
 * stem("Gradients"); // "gradient"
 * stem("computing") === stem("computed"); // true
 */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3 || /[^a-z]/.test(w)) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  const before = w;
  for (const suffix of ["ations", "ation", "ingly", "ing", "edly", "ed", "ly"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  // "running" → "runn" → "run", but "fall" and "miss" keep their doubles.
  if (w !== before && /([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  return w;
}

/**
 * The stemmed terms of a text. Dotted names count whole and by each part, since text often
 * writes `makeTrapezoid` where the question wrote `mr.makeTrapezoid`.
 */
export function termSet(text: string): Set<string> {
  const out = new Set<string>();
  for (const [token] of text.matchAll(WORD)) {
    out.add(stem(token));
    if (token.includes(".")) for (const part of token.split(".")) if (part) out.add(stem(part));
  }
  return out;
}

/** The stems of key terms that must be found, de-duplicated. */
export function keyStems(keyTerms: readonly string[]): string[] {
  return [...new Set(keyTerms.map((t) => stem(t.trim())).filter(Boolean))];
}

/** Share of `stems` present in `terms` (1 when there is nothing to cover). */
export function coverage(stems: readonly string[], terms: Set<string>): number {
  if (stems.length === 0) return 1;
  return stems.filter((s) => terms.has(s)).length / stems.length;
}

/** Whether `identifier` occurs in `text` as written, not inside a longer name. */
export function hasIdentifier(text: string, identifier: string): boolean {
  for (let i = text.indexOf(identifier); i !== -1; i = text.indexOf(identifier, i + 1)) {
    const before = text[i - 1];
    const after = text[i + identifier.length];
    if (!(before && /[A-Za-z0-9_]/.test(before)) && !(after && /[A-Za-z0-9_]/.test(after))) return true;
  }
  return false;
}

/** One quotable piece of a block: a prose sentence, or a line of a list or of code. */
export interface TextUnit {
  text: string;
  /** Order within the block, from 0. */
  index: number;
  kind: "sentence" | "line";
}

const LIST_LINE = /^\s*(?:[-*•]|\d+[.)])\s+\S/;
const CODE_LINE = /[;{}]\s*$|^\s*(?:function|def|class|end|return|import|const|let|var|%|#|\/\/)\b|^\s{2,}\S|=\s*\S.*\(/;
/** A formatter label or a heading on a line of its own: structure, not content. */
export const LABEL_LINE = /^(?:[A-Z][\w ]{0,30}:|#{1,6} .*)$/;
const SENTENCE_END = /(?<=[.!?]["')\]]*)\s+(?=["'(`[]?[A-Z0-9])/;

/**
 * Whether a line reads as code: it matches the code shapes and is not a run of prose sentences
 * (an abstract on one line with "n = 120 (…)" in it is prose, not an assignment).
 */
const isCodeLine = (line: string): boolean => CODE_LINE.test(line) && !(line.length > 160 && line.split(SENTENCE_END).length > 2);

/**
 * Splits a block's text into units. Prose paragraphs are joined across line breaks (PDF text
 * wraps mid-sentence) and cut at sentence ends; lists and code keep one unit per line, since a
 * parameter line or a call reads alone. Code fences are left out. A "sentence" of several lines
 * longer than `longSentence` characters is a run of lines with no sentence end (the rows of a
 * table flattened one per line: `make_interval ( … ) → interval Create interval …`): a line each.
 *
 * @example
 * splitUnits("Alpha is one. Beta is two.\n\n- x: the input").map((u) => u.text);
 * // ["Alpha is one.", "Beta is two.", "- x: the input"]
 */
export function splitUnits(text: string, longSentence = 400): TextUnit[] {
  const units: TextUnit[] = [];
  const push = (t: string, kind: TextUnit["kind"]) => {
    const clean = t.replace(/\s+/g, " ").trim();
    if (clean && !clean.startsWith("```")) units.push({ text: clean, index: units.length, kind });
  };
  for (const paragraph of text.split(/\n[ \t]*\n/)) {
    const lines = paragraph.split("\n").filter((l) => l.trim());
    // A label line ("Parameters:", "Source:") heads what follows; it is not part of its first sentence.
    if (lines.length > 1 && LABEL_LINE.test(lines[0]!.trim())) push(lines.shift()!, "line");
    if (lines.length === 0) continue;
    const lineLike = lines.some((l) => LIST_LINE.test(l) || isCodeLine(l) || /^\s*(?:```|\|)/.test(l));
    if (lineLike) {
      for (const line of lines) push(line, "line");
      continue;
    }
    for (const sentence of lines.join("\n").split(SENTENCE_END)) {
      const rows = sentence.split("\n");
      if (rows.length > 1 && sentence.length > longSentence) for (const row of rows) push(row, "line");
      else push(sentence, "sentence");
    }
  }
  return units;
}

/** Collapses white space, so a quote can be compared with the text it came from. */
export const normalizeSpace = (text: string): string => text.replace(/\s+/g, " ").trim();

/** Cuts text to at most `max` characters at a word boundary, marking the cut with "…". */
export function clip(text: string, max: number): string {
  const t = normalizeSpace(text);
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
