import type { ExtractiveAnswer, Quote } from "./extractive.js";
import type { FormattedBlock } from "./format.js";
import { findTables, isFormatLine, renderTable, tidyFormat, type TableRegion } from "./tables.js";
import { coverage, hasIdentifier, keyStems, termSet } from "./text.js";

/** What the table answerer reads: the formatted context and the plan's terms. */
export interface TableAnswerInput {
  blocks: readonly FormattedBlock[];
  question: string;
  keyTerms: readonly string[];
  identifiers: readonly string[];
}

const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z[<`"'(])/;
/** "How are shapes compressed?" asks for an explanation; a table answers what something holds, unless asked for one. */
const ASKS_HOW = /^\s*(?:how|why)\b/i;
const ASKS_TABLE = /\b(?:tables?|columns?|fields?|entr(?:y|ies)|rows?)\b/i;

/** How well a table answers: its section title and lead-in must name what is asked; its rows may add. */
function fit(f: FormattedBlock, t: TableRegion, stems: string[], identifiers: readonly string[]) {
  const intro = [f.block.section ?? "", f.block.title, ...t.lead, t.header.join(" ")].join("\n");
  const lead = coverage(stems, termSet(intro));
  const whole = coverage(stems, termSet(`${intro}\n${t.rows.flat().join(" ")}`));
  const named = identifiers.length === 0 || identifiers.some((id) => hasIdentifier(intro, id));
  return { lead, score: named ? 0.6 * lead + 0.3 * whole + 0.1 * f.block.relevance : 0 };
}

/**
 * When the best evidence is a table (a spec's column table, an HTML or Markdown table), the answer
 * is that table: the sentences that introduce it, its format line as code, then the table as
 * Markdown with each row cited. Null when no table of a document block is introduced by what the
 * question asks (at least half its key terms, and a name it gives, in the section title and lead-in).
 *
 * @example
 * tableAnswer({ blocks, question: "What does the [BLOCKS] section contain?", keyTerms: ["blocks", "section"], identifiers: ["[BLOCKS]"] })?.answer;
 * // "The section containing sequence blocks is declared with the [BLOCKS] keyword. [1]\n...\n| Tag | Type | Description |\n..."
 */
export function tableAnswer({ blocks, question, keyTerms, identifiers }: TableAnswerInput): ExtractiveAnswer | null {
  const stems = keyStems(keyTerms);
  if (stems.length === 0 || (ASKS_HOW.test(question) && !ASKS_TABLE.test(question))) return null;
  let best: { f: FormattedBlock; t: TableRegion; score: number } | null = null;
  for (const f of blocks) {
    if (f.formatter === "api" || f.formatter === "example") continue;
    for (const t of findTables(f.block.text)) {
      const { lead, score } = fit(f, t, stems, identifiers);
      if (lead >= 0.5 && score > (best?.score ?? 0)) best = { f, t, score };
    }
  }
  if (!best) return null;
  const n = best.f.block.n;
  const quotes: Quote[] = [];
  const quote = (text: string) => {
    quotes.push({ n, text, index: quotes.length, kind: "line", score: 1 });
    return `${text} [${n}]`;
  };
  const lines: string[] = [];
  let prose: string[] = [];
  const flush = () => {
    const sentences = prose.join(" ").split(SENTENCE_END);
    // The lead-in may start mid-sentence (it is cut at a line): that fragment says nothing alone.
    if (lines.length === 0 && /^[a-z]/.test(sentences[0] ?? "")) sentences.shift();
    for (const s of sentences) if (/[A-Za-z]{2}/.test(s)) lines.push(quote(s.trim()));
    prose = [];
  };
  for (const l of best.t.lead) {
    if (isFormatLine(l)) {
      flush();
      lines.push(quote(`\`${tidyFormat(l)}\``));
    } else prose.push(l);
  }
  flush();
  quotes.push({ n, text: best.t.rows[0]?.join(" ") ?? "", index: quotes.length, kind: "line", score: 1 });
  return { answer: [...lines, "", renderTable(best.t, ` [${n}]`)].join("\n").replace(/^\n+/, ""), quotes };
}
