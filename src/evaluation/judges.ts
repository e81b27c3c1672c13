import { formatApiBlock } from "../generation/format.js";
import { maskCodeMarkers } from "../generation/renumber.js";
import type { GraphObservation } from "./graph-run.js";

/** Lower-case words only, so formatting (bullets, bold, line breaks) does not decide containment. */
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** Citation validity of one answer. */
export interface CitationCheck {
  /** `[n]` occurrences in the answer (`[1, 3]` counts two). */
  markers: number;
  /** Markers that resolve to a returned citation and a context block with the same number and uri. */
  resolved: number;
  /** Resolved markers whose citing sentence is contained in that block's text. */
  supported: number;
}

/** `[3]` or `[1, 3]` (as src/generation/citations.ts reads them). */
const LABEL = /^\s*(?:[*-]\s+)?[A-Z][\w ]{0,30}:\s+/;
const MARKER = /(?<![\w])\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

/**
 * Every `[n]` occurrence outside code must resolve (a citation `n` exists and points at context block `n`),
 * and block `n` must contain the sentence that carries it (compared on words, ignoring
 * punctuation and case). A number cited by two sentences is checked for both.
 */
export function checkCitations(obs: Pick<GraphObservation, "answer" | "citations" | "context">): CitationCheck {
  const out: CitationCheck = { markers: 0, resolved: 0, supported: 0 };
  // `[1]` in code (Python's `divmod(a, b)[1]` in a fenced example) is code, not a citation.
  const answer = maskCodeMarkers(obs.answer);
  // A marker's supporting text is what precedes it on its line, back to the previous marker.
  for (const piece of answer.split(/(?<=(?<![\w])\[\d{1,3}(?:\s*,\s*\d{1,3})*\])\s*|\n+/)) {
    // The answerer may put a label before a quoted line ("Calling pattern: `...`").
    // The sentence end after a marker ("... [1]. Next") belongs to the previous span.
    const text = piece
      .replace(MARKER, "")
      .replace(/^[\s.,;:!?)]+/, "")
      .replace(LABEL, "");
    for (const m of piece.matchAll(MARKER)) {
      for (const n of (m[1] ?? "").split(",").map((x) => Number(x.trim()))) {
        out.markers++;
        const citation = obs.citations.find((c) => c.n === n);
        const block = obs.context.find((b) => b.n === n);
        if (!citation || !block || block.uri !== citation.uri) continue;
        out.resolved++;
        // A code entry is shown to the generator laid out from its parsed structure (each section's
        // entry of a whole-document block too): quoting that layout is quoting the block.
        if (supports(block.text, text) || (block.metadata && supports(formatApiBlock(block), text))) out.supported++;
      }
    }
  }
  return out;
}

/** The whole span is in the block, or each of its sentences is (two quoted sentences, one marker). */
function supports(blockText: string, span: string): boolean {
  const body = norm(blockText);
  const whole = norm(span);
  if (!whole) return false;
  if (body.includes(whole)) return true;
  const sentences = span
    .split(/(?<=[.!?])\s+(?=[A-Z])/)
    .map(norm)
    .filter(Boolean);
  return sentences.length > 1 && sentences.every((x) => body.includes(x));
}

/** Answerable vs abstained counts; "abstain" is the `clarify` verdict. */
export interface GateConfusion {
  answerableAnswered: number;
  answerableAbstained: number;
  unanswerableAnswered: number;
  unanswerableAbstained: number;
}

/** Gate accuracy and abstention precision / recall (positive class: should abstain). */
export function gateScores(c: GateConfusion) {
  const total = c.answerableAnswered + c.answerableAbstained + c.unanswerableAnswered + c.unanswerableAbstained;
  const abstained = c.answerableAbstained + c.unanswerableAbstained;
  const unanswerable = c.unanswerableAnswered + c.unanswerableAbstained;
  return {
    accuracy: total ? (c.answerableAnswered + c.unanswerableAbstained) / total : 0,
    abstainPrecision: abstained ? c.unanswerableAbstained / abstained : null,
    abstainRecall: unanswerable ? c.unanswerableAbstained / unanswerable : null,
  };
}

/**
 * Whether a cited block's page range (`page_start`..`page_end`, both 1-based and inclusive) covers
 * a labelled page. With `relevant`, only citations of a labelled document count: page 4 of another
 * PDF is no hit.
 * @example
 * pageHit(obs.citations, [12, 13], (uri) => q.qrels.has(dataset.docKey(uri)));
 */
export function pageHit(citations: GraphObservation["citations"], pages: readonly number[], relevant?: (uri: string) => boolean): boolean {
  return citations.some(
    (c) =>
      c.page_start !== null &&
      (!relevant || relevant(c.uri)) &&
      pages.some((p) => p >= c.page_start! && p <= (c.page_end ?? c.page_start!)),
  );
}

/**
 * Page hit@k: one of the first `k` ranked chunks (in reranked order, under-threshold ones
 * included) is from a labelled document and its page range covers a labelled page. With
 * `maxPages`, only a chunk spanning at most that many pages counts (a chunk recording a whole
 * 8-page section "covers" the page without pointing at it).
 * @example
 * rankedPageHit(obs.ranked, [80], (uri) => q.qrels.has(dataset.docKey(uri)), { maxPages: 2 });
 */
export function rankedPageHit(
  ranked: readonly { uri: string; pageStart: number | null; pageEnd: number | null }[],
  pages: readonly number[],
  relevant?: (uri: string) => boolean,
  { k = 5, maxPages = Number.POSITIVE_INFINITY }: { k?: number; maxPages?: number } = {},
): boolean {
  return ranked.slice(0, k).some((r) => {
    if (r.pageStart === null || (relevant && !relevant(r.uri))) return false;
    const end = r.pageEnd ?? r.pageStart;
    return end - r.pageStart + 1 <= maxPages && pages.some((p) => p >= r.pageStart! && p <= end);
  });
}
