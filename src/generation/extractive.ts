import type { Intent } from "../state/types.js";
import { extractiveLimits, type AnswerStyle, type ExtractiveLimits } from "./answer-style.js";
import type { FormattedBlock } from "./format.js";
import type { GenerationSettings } from "../config/run-settings.js";
import { coverage, hasIdentifier, keyStems, LABEL_LINE, splitUnits, termSet, type TextUnit } from "./text.js";

/** A sentence or line quoted from block `n`, verbatim but for white space. */
export interface Quote {
  n: number;
  text: string;
  /** Position of the unit in its block. */
  index: number;
  kind: TextUnit["kind"];
  score: number;
  /** The label line a list or code line sits under ("Parameters:"), shown with it. */
  label?: string;
}

/** What the extractive answerer needs: the question's terms and the formatted context. */
export interface ExtractiveInput {
  blocks: readonly FormattedBlock[];
  /** Key terms (lower-case), matched stemmed. */
  keyTerms: readonly string[];
  /** Identifier-like tokens, matched as written. */
  identifiers: readonly string[];
  intent?: Intent;
  mode: "strong" | "weak";
  settings: GenerationSettings["extractive"];
  /** @default "standard" */
  style?: AnswerStyle;
}

/** The answer text and the quotes it is made of. */
export interface ExtractiveAnswer {
  answer: string;
  /** The quotes in the order they appear in the answer. */
  quotes: Quote[];
}

/** Numeric reference markers in source text would read as citations of our own blocks. */
const REFERENCE_MARKER = /(?<![\w])\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]/;
const API_PRIORITY = /^(?:Calling pattern:|- \S)/;

/** Opening words of a weak answer and the closing note: the only text not quoted from context. */
export const WORKING_THEORY = "Working theory:";
/** The closing note of a weak answer. */
export const THIN_EVIDENCE =
  "The evidence is thin: the sources only partly match this question, so check the cited passages before relying on this.";

/** Whether a unit may be quoted: not a label, not too long, and not carrying reference markers. */
function quotable(text: string, maxChars: number): boolean {
  return text.length <= maxChars && !LABEL_LINE.test(text) && /[A-Za-z]{2}/.test(text) && !REFERENCE_MARKER.test(text);
}

/** A unit of the context with its score and stemmed terms. */
export interface ScoredUnit extends Quote {
  terms: Set<string>;
}

/**
 * Scores every unit of the context: stemmed key-term coverage, exact identifier matches, the
 * block's relevance and the unit's position; for API questions, calling patterns and parameter
 * lines first. Returns candidates best first.
 */
export function scoreUnits(input: Omit<ExtractiveInput, "mode">): ScoredUnit[] {
  const stems = keyStems(input.keyTerms);
  const api = input.intent === "api";
  const out: ScoredUnit[] = [];
  for (const { block, body, formatter } of input.blocks) {
    // Lines under a label ("Parameters:", "Returns:") answer for its words too.
    let label: string | undefined;
    let labelTerms = new Set<string>();
    for (const unit of splitUnits(body, input.settings.maxUnitChars)) {
      const text = unit.text;
      if (LABEL_LINE.test(text)) [label, labelTerms] = [text, termSet(text)];
      else if (unit.kind === "sentence") [label, labelTerms] = [undefined, new Set()];
      if (!quotable(text, input.settings.maxUnitChars)) continue;
      const terms = unit.kind === "line" ? new Set([...termSet(text), ...labelTerms]) : termSet(text);
      const cov = stems.length ? coverage(stems, terms) : 0;
      const ids = input.identifiers.filter((id) => hasIdentifier(text, id)).length;
      const idShare = input.identifiers.length ? ids / input.identifiers.length : 0;
      const apiLine = api && formatter === "api" && API_PRIORITY.test(text);
      if (cov === 0 && ids === 0 && !apiLine) continue;
      const words = text.split(" ").length;
      // Fragments (a lone heading, "See below.") answer nothing even when they match a term.
      const brevity = words < 4 && !apiLine ? 0.5 : 1;
      const score = brevity * (0.55 * cov + 0.35 * idShare + (apiLine ? 0.3 : 0)) + 0.25 * block.relevance + 0.1 / (1 + unit.index * 0.5);
      out.push({ n: block.n, text, index: unit.index, kind: unit.kind, score, terms, ...(unit.kind === "line" && label ? { label } : {}) });
    }
  }
  return out.sort((a, b) => b.score - a.score || a.n - b.n || a.index - b.index);
}

/**
 * Picks 2–5 units (settings, narrowed or widened by the style) greedily: each step takes the best
 * score plus a bonus for key terms not yet covered, so the answer spreads over the question
 * instead of repeating itself.
 */
function select(candidates: ScoredUnit[], stems: string[], settings: ExtractiveLimits): ScoredUnit[] {
  const chosen: ScoredUnit[] = [];
  const seen = new Set<string>();
  const covered = new Set<string>();
  let chars = 0;
  const pool = candidates.filter((c) => {
    const key = c.text.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const best = pool[0]?.score ?? 0;
  while (chosen.length < settings.maxSentences && pool.length > 0) {
    let pick = -1;
    let pickScore = -Infinity;
    pool.forEach((c, i) => {
      const fresh = stems.filter((s) => c.terms.has(s) && !covered.has(s)).length / Math.max(1, stems.length);
      const s = c.score + 0.3 * fresh;
      if (s > pickScore) [pick, pickScore] = [i, s];
    });
    const next = pool.splice(pick, 1)[0]!;
    if (chosen.some((c) => redundant(c.text, next.text))) continue;
    if (chars + next.text.length > settings.maxChars && chosen.length > 0) continue;
    // Past the minimum, only units close to the best one are worth the reader's time.
    if (chosen.length >= settings.minSentences && next.score < settings.keepRatio * best) break;
    chosen.push(next);
    chars += next.text.length;
    for (const s of stems) if (next.terms.has(s)) covered.add(s);
  }
  return chosen;
}

/** The words of a unit without its label and code ticks, to spot the same statement twice. */
const core = (text: string) =>
  text
    .replace(/^[A-Z][\w ]{0,30}:\s*/, "")
    .replace(/`/g, "")
    .replace(/^function\s+/, "")
    .toLowerCase();

/** One unit restating another (a signature and the code line that declares it). */
function redundant(a: string, b: string): boolean {
  const [x, y] = [core(a), core(b)];
  return x.includes(y) || y.includes(x);
}

/** A quote with its citation: the marker goes before a sentence's closing stop. */
function cite(q: Quote): string {
  // A table row keeps its shape: the marker goes in its last cell.
  if (q.kind === "line" && /^\|.*\|$/.test(q.text)) return `${q.text.slice(0, -1).trimEnd()} [${q.n}] |`;
  if (q.kind === "line") return `${q.text} [${q.n}]`;
  const m = /^(.*?)([.!?]["')\]]*)$/.exec(q.text);
  return m ? `${m[1]} [${q.n}]${m[2]}` : `${q.text} [${q.n}]`;
}

/**
 * The offline answerer: quotes the sentences of the context that answer the question and cites
 * each `[n]`, so every citation is exact and nothing is said that the context does not say.
 * In weak mode the answer opens with "Working theory:" and says the evidence is thin. The style
 * sets how many sentences (concise, detailed) and the layout (bullets: one quote per line).
 *
 * @example
 * const { answer, quotes } = extractiveAnswer({ blocks, keyTerms: ["trapezoid"], identifiers: [], mode: "strong", settings });
 */
export function extractiveAnswer(input: ExtractiveInput): ExtractiveAnswer {
  const stems = keyStems(input.keyTerms);
  const style = input.style ?? "standard";
  let quotes: Quote[] = select(scoreUnits(input), stems, extractiveLimits(style, input.settings)).map(
    ({ terms: _terms, ...quote }) => quote,
  );
  let lead = "";
  if (quotes.length === 0) {
    // Nothing matches the question's words: offer the opening of the most relevant block, labelled as such.
    const first = input.blocks[0];
    const unit = first && splitUnits(first.body, input.settings.maxUnitChars).find((u) => quotable(u.text, input.settings.maxUnitChars));
    if (!first || !unit) return { answer: "", quotes: [] };
    quotes = [{ n: first.block.n, text: unit.text, index: unit.index, kind: unit.kind, score: 0 }];
    lead = "The closest passage says:";
  }
  quotes.sort((a, b) => a.n - b.n || a.index - b.index);
  const bullets = style === "bullets";
  const body = bullets ? bulletQuotes(quotes) : joinQuotes(quotes);
  const opening = [input.mode === "weak" ? WORKING_THEORY : "", lead].filter(Boolean).join(" ");
  const answer = opening ? `${opening}${bullets || quotes[0]?.kind === "line" ? "\n" : " "}${body}` : body;
  return { answer: input.mode === "weak" ? `${answer}\n\n${THIN_EVIDENCE}` : answer, quotes };
}

/** One quote per line as a list item; a quote that already is one keeps its own marker. */
function bulletQuotes(quotes: Quote[]): string {
  return quotes
    .map((q, i) => {
      const prev = quotes[i - 1];
      const heading = q.label && !(prev?.n === q.n && prev.label === q.label) ? `${q.label}\n` : "";
      return `${heading}${/^[-*•] /.test(q.text) ? "" : "- "}${cite(q)}`;
    })
    .join("\n");
}

/** Sentences run on as prose; lines (list items, code) keep a line each. */
function joinQuotes(quotes: Quote[]): string {
  let out = "";
  quotes.forEach((q, i) => {
    const prev = quotes[i - 1];
    const sep = i === 0 ? "" : q.kind === "line" || prev?.kind === "line" ? "\n" : " ";
    const heading = q.label && !(prev?.n === q.n && prev.label === q.label) ? `${q.label}\n` : "";
    out += (heading && i > 0 ? "\n" : sep) + heading + cite(q);
  });
  return out;
}
