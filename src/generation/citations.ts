import type { Citation } from "../state/types.js";
import type { FormattedBlock } from "./format.js";
import { citationOrder } from "./renumber.js";
import { clip, LABEL_LINE, splitUnits, termSet } from "./text.js";

/** `[3]` or `[1, 3]`, not preceded by a word character (`x[0]` is code, not a citation). */
const MARKER = /(?<![\w])\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

/**
 * The block numbers an answer cites, in order of first mention; markers in code (`x[1]`, fenced
 * blocks) are not citations.
 * @example
 * citedNumbers("A [2]. B [1, 2]."); // [2, 1]
 */
export function citedNumbers(answer: string): number[] {
  return citationOrder(answer);
}

/** The block's sentence that shares most words with `sentence`; the block's opening when none does. */
export function bestSnippet(block: FormattedBlock, sentence: string, max: number): string {
  const wanted = [...termSet(sentence)].filter((t) => t.length > 2);
  const units = splitUnits(block.body).filter((u) => /[A-Za-z]{2}/.test(u.text) && !LABEL_LINE.test(u.text));
  let best = units[0]?.text ?? block.body;
  let bestHits = 0;
  for (const u of units) {
    const terms = termSet(u.text);
    const hits = wanted.filter((t) => terms.has(t)).length;
    if (hits > bestHits) [best, bestHits] = [u.text, hits];
  }
  return clip(best, max);
}

/** The sentence of `answer` that carries citation `n` (the text before its marker). */
export function sentenceCiting(answer: string, n: number): string {
  for (const piece of answer.split(/(?<=[.!?\]])\s+|\n+/)) {
    for (const m of piece.matchAll(MARKER)) {
      if ((m[1] ?? "").split(",").some((x) => Number(x.trim()) === n)) return piece.replace(MARKER, "").trim();
    }
  }
  return "";
}

/**
 * Citations for the blocks an answer cites, in order of first mention. `snippets` gives the
 * exact quoted sentence per block when the answer is extractive; otherwise the snippet is the
 * block sentence closest to the answer's citing sentence.
 */
export function buildCitations(
  answer: string,
  blocks: readonly FormattedBlock[],
  { snippets = new Map<number, string>(), snippetChars }: { snippets?: ReadonlyMap<number, string>; snippetChars: number },
): Citation[] {
  const byN = new Map(blocks.map((b) => [b.block.n, b]));
  return citedNumbers(answer).flatMap((n) => {
    const f = byN.get(n);
    if (!f) return [];
    const b = f.block;
    const snippet = snippets.get(n) ?? bestSnippet(f, sentenceCiting(answer, n), snippetChars);
    return [
      {
        n,
        source: b.source,
        uri: b.uri,
        title: b.title,
        section: b.section,
        page_start: b.page_start,
        page_end: b.page_end,
        chunk_index: b.chunk_index,
        score: b.score,
        rerank_score: b.rerank_score,
        relevance: b.relevance,
        snippet: clip(snippet, snippetChars),
      },
    ];
  });
}
