import { aliasNames, namesCalled, qualifiersBefore } from "../retrieval/aliases.js";
import type { Intent } from "../state/types.js";
import { aliasKey, entryFacts, paramLine, returnsLines, type EntryFacts } from "./api-entry.js";
import type { ExtractiveAnswer, Quote } from "./extractive.js";
import type { FormattedBlock } from "./format.js";
import { namedLanguage } from "./language-hint.js";

/** What the API answerer reads: the formatted context and the plan's view of the question. */
export interface ApiAnswerInput {
  blocks: readonly FormattedBlock[];
  question: string;
  identifiers: readonly string[];
  keyTerms: readonly string[];
  intent?: Intent;
}

export interface Found {
  n: number;
  facts: EntryFacts;
}

/** The parsed entries a block holds: itself, or each section of a whole-document block. */
function entriesOf(f: FormattedBlock): EntryFacts[] {
  const spans = Array.isArray(f.block.metadata.sections) ? (f.block.metadata.sections as { metadata?: Record<string, unknown> }[]) : [];
  const metas = spans.length ? spans.map((s) => s.metadata ?? {}) : [f.block.metadata];
  return metas.map(entryFacts).filter((e): e is EntryFacts => e !== null);
}

/**
 * The entry the question is about: one named by an identifier (any spelling, the question's own
 * spelling first, in the language the question names when it names one), else for an API question
 * the best-ranked API block's entry.
 */
export function targetEntry(input: ApiAnswerInput): Found | null {
  const names = aliasNames(input.identifiers);
  const keys = new Set(names.map(aliasKey));
  const all = input.blocks.filter((b) => b.formatter === "api").flatMap((b) => entriesOf(b).map((facts) => ({ n: b.block.n, facts })));
  const language = namedLanguage(input.question, input.blocks);
  const matching = all.filter((e) => keys.has(aliasKey(e.facts.name)));
  const inLanguage = matching.filter((e) => e.facts.language?.toLowerCase() === language);
  // Of entries spelled alike, one whose package the question writes (`mr.convert`) before one it does not (`pp.rotate` is not `mr.rotate`).
  // A name written as a call (`print_error_report()`) before the namesake of a file the question names (`check_timing.py`).
  const called = namesCalled(input.question, input.identifiers);
  const named = byQualifier(inLanguage.length ? inLanguage : matching, input.identifiers).sort(
    (a, b) => Number(called.has(b.facts.name.toLowerCase())) - Number(called.has(a.facts.name.toLowerCase())),
  );
  const exact = named.find((e) => names.includes(e.facts.name));
  if (exact ?? named[0]) return exact ?? named[0]!;
  if (input.intent !== "api" || names.length > 0) return null;
  return all[0] ?? null;
}

/**
 * Entries in order of how well their qualified names (`mr.convert`, `mr.Sequence.getDefinition`)
 * agree with the qualifier the question writes before the name: first those with a part that is
 * the qualifier or begins with it (`seq` for `Sequence`), then those with no qualified name, last
 * those qualified by something else (`mr.rotate` for `pp.rotate`). Stable otherwise.
 * @example
 * byQualifier(entries, ["pp.rotate"]); // pypulseq's `rotate` before `mr.rotate`
 */
export function byQualifier(entries: readonly Found[], identifiers: readonly string[]): Found[] {
  const agreement = (f: EntryFacts) => {
    const parts = f.display.toLowerCase().split(".");
    if (parts.length < 2) return 1;
    const qualifiers = qualifiersBefore(identifiers, (name) => name === f.name);
    if (qualifiers.length === 0) return 1;
    return qualifiers.some((q) => parts.slice(0, -1).some((p) => p.startsWith(q))) ? 2 : 0;
  };
  return [...entries].sort((a, b) => agreement(b.facts) - agreement(a.facts));
}

const ASKS_RETURN = /\breturn(s|ed)?\b|\boutputs?\b|\bfields\b/i;

/**
 * A help line that is a call then prose (`rf=makeBlockPulse(flip, 'Duration', dur) Create block
 * pulse…`) cut after the call; other lines as they are.
 */
export function callOnly(line: string, name: string): string {
  const at = line.indexOf(`${name}(`);
  if (at < 0) return line;
  let depth = 0;
  for (let i = at + name.length; i < line.length; i++) {
    if (line[i] === "(") depth++;
    else if (line[i] === ")" && --depth === 0) {
      const rest = line.slice(i + 1);
      return /^\s*;?\s+[A-Za-z]/.test(rest) ? line.slice(0, i + 1) : line;
    }
  }
  return line;
}

/** A usage line of the entry: from its own examples, else a call in another block (examples first). */
function usage(found: Found, blocks: readonly FormattedBlock[]): { n: number; code: string } | null {
  if (found.facts.examples[0])
    return {
      n: found.n,
      code: found.facts.examples[0]
        .split("\n")
        .slice(0, 6)
        .map((l) => callOnly(l, found.facts.name))
        .join("\n"),
    };
  const call = new RegExp(`(?<![\\w])(?:[A-Za-z_]\\w*\\.)?${found.facts.name}\\s*\\(`);
  const ordered = [...blocks.filter((b) => b.formatter === "example"), ...blocks.filter((b) => b.formatter !== "example")];
  for (const b of ordered) {
    for (const line of b.block.text.split("\n")) {
      const t = line.trim();
      if (!call.test(t) || /^(function|def)\b/.test(t) || t.length > 160 || /^[%#]/.test(t)) continue;
      return { n: b.block.n, code: t };
    }
  }
  return null;
}

/**
 * The API answer from parsed structure, not sentence picking: what the entry is, its calling
 * pattern, every parameter (kind, default, description with units), what it returns with the
 * fields, one usage line; every line cites the entry's block. A question after one thing (what it
 * returns, one parameter) gets that line first. Null when the context holds no parsed entry the
 * question is about (the sentence answerer takes over).
 *
 * @example
 * apiAnswer({ blocks, question: "What does mr.makeAdc return?", identifiers: ["mr.makeAdc", "makeAdc"], keyTerms: [], intent: "api" });
 */
export function apiAnswer(input: ApiAnswerInput): ExtractiveAnswer | null {
  const found = targetEntry(input);
  if (!found) return null;
  const { n, facts } = found;
  const quotes: Quote[] = [];
  const line = (text: string) => {
    quotes.push({ n, text, index: quotes.length, kind: "line", score: 1 });
    return `${text} [${n}]`;
  };
  const words = new Set(input.question.toLowerCase().match(/[a-z0-9_]+/g) ?? []);
  // A parameter the question names ("what unit is its duration in") leads.
  const asked = facts.params.filter((p) => words.has(p.name.toLowerCase()));
  // The name line carries no marker: it names the entry; the summary under it is the quoted line.
  const title = `\`${facts.display}\`${facts.language ? ` (${facts.language})` : ""}`;
  const head = facts.summary ? `${title}\n${line(facts.summary)}` : title;
  const calling = line(`Calling pattern: \`${facts.signature}\``);
  const params = facts.params.length ? ["Parameters:", ...facts.params.map((p) => line(paramLine(p)))] : [];
  const returns = returnsLines(facts).map(line);
  const focus = asked.length ? asked.map((p) => line(paramLine(p))) : [];
  const parts: string[][] = [];
  if (focus.length) parts.push(focus);
  if (ASKS_RETURN.test(input.question) && returns.length) parts.push([head, ...returns], [calling], params);
  else parts.push([head, calling], params, returns);
  const use = usage(found, input.blocks);
  if (use) {
    quotes.push({ n: use.n, text: use.code, index: quotes.length, kind: "line", score: 1 });
    parts.push(["Example:", ...use.code.split("\n").map((l) => `\`${l.trim()}\` [${use.n}]`)]);
  }
  return {
    answer: parts
      .filter((p) => p.length)
      .map((p) => p.join("\n"))
      .join("\n\n"),
    quotes,
  };
}
