import { preferredExample } from "../evidence/example-choice.js";
import { callersOnly } from "../evidence/name-callers.js";
import { exampleCode, exampleLanguage } from "./example-code.js";
import { fileLabel } from "./format.js";
import type { ExtractiveAnswer, Quote } from "./extractive.js";
import type { FormattedBlock } from "./format.js";
import { namedLanguage } from "./language-hint.js";

const languageOf = (f: FormattedBlock) => exampleLanguage(f.block);
const codeText = (f: FormattedBlock) => exampleCode(f.block);

/** The first comment line of the code (its header), comment markers kept: it says what the file is. */
function headerLine(code: string): string | undefined {
  const lines = code.split("\n").map((l) => l.trim());
  // A Python module docstring opens the file: its first line of text is the header.
  const doc = /^(?:"""|''')\s*(.*)$/.exec(lines[0] ?? "");
  if (doc) return doc[1] || lines.slice(1).find((l) => /[a-z]{3}/i.test(l));
  return lines.find((l) => /^(%|#|\/\/)\s*\S.{8,}/.test(l) && /[a-z]{3}/i.test(l));
}

/** Lines of context kept above the first line using a name the question asks about: its paragraph, at most. */
const LEAD_LINES = 12;

const isComment = (line: string) => /^\s*(%|#|\/\/)/.test(line);

/**
 * Where to start showing code that does not fit in `maxChars` whole: at the top, unless no line
 * in the first `maxChars` uses a name the question asks about (`mr.aux.findFlank`, matched by its
 * last part as a word, in code rather than in a comment) and a later line does; then at the start
 * of that line's paragraph (the blank line above it, at most {@link LEAD_LINES} up), so the part
 * shown holds the call; or earlier, at a paragraph's start, when the rest of the file from there
 * still fits (a call near the end is shown with what leads to it).
 *
 * @example
 * windowStart(lines, 6000, ["mr.calcRfBandwidth", "calcRfBandwidth"]); // 212
 */
export function windowStart(lines: readonly string[], maxChars: number, identifiers: readonly string[]): number {
  const names = [...new Set(identifiers.map((id) => id.slice(id.lastIndexOf(".") + 1)).filter((n) => /^[A-Za-z_]\w{2,}$/.test(n)))];
  if (names.length === 0) return 0;
  const uses = new RegExp(`(?<![\\w.])(?:\\w+\\.)*(?:${names.join("|")})\\b`);
  const at = lines.findIndex((l) => !isComment(l) && uses.test(l));
  if (at < 0) return 0;
  let shown = 0;
  for (let i = 0; i <= at; i++) shown += lines[i]!.length + 1;
  if (shown <= maxChars) return 0;
  let start = at;
  while (start > 0 && at - start < LEAD_LINES && lines[start - 1]!.trim() !== "") start--;
  // A call near the end leaves room: the lines before it fill the rest, from a paragraph's start.
  let rest = lines.slice(start).reduce((a, l) => a + l.length + 1, 0);
  let earliest = start;
  while (earliest > 0 && rest + lines[earliest - 1]!.length + 1 <= maxChars) rest += lines[--earliest]!.length + 1;
  const blank = lines.slice(earliest, start).findIndex((l) => l.trim() === "");
  return blank < 0 ? earliest : earliest + blank + 1;
}

/**
 * An example request answered with the example itself: the best example block's code (in the
 * language the question names, when it names one of the context's languages; the best-ranked
 * unless another's file name says clearly better what is asked; all its parts in order for a multi-part file) as one fenced block under its header comment, cut at a
 * line boundary under `maxChars` (from the paragraph using a name the question asks about when
 * the top would not show it, see {@link windowStart}), cited. Null when the context holds no example code.
 *
 * @example
 * exampleAnswer({ blocks, maxChars: 6000 })?.answer; // "% gradient echo demo [1]\n```matlab\n...\n```"
 */
export function exampleAnswer({
  blocks,
  maxChars,
  question = "",
  titleScore = () => 0,
  identifiers = [],
  callers = new Set(),
}: {
  blocks: readonly FormattedBlock[];
  maxChars: number;
  question?: string;
  /** How well a file's name says it is what is asked (0..1): of near-twin demos, the best-named one answers. */
  titleScore?: (uri: string) => number;
  /** The names the question asks about (the plan's identifiers): a file too long to show whole is shown from the paragraph that uses one. */
  identifiers?: readonly string[];
  /** The files found calling the code name the request writes (`RankedChunk.calls`): when the context holds one, a caller answers. */
  callers?: ReadonlySet<string>;
}): ExtractiveAnswer | null {
  const examples = blocks.filter((b) => b.formatter === "example" && languageOf(b) !== undefined);
  const language = namedLanguage(question, examples);
  const inLanguage = examples.filter((b) => languageOf(b)?.toLowerCase() === language);
  // Asked which demo calls a name, the files calling it are the ones to choose from.
  const pool = callersOnly(inLanguage.length ? inLanguage : examples, (b) => b.block.uri, callers);
  // Rank order decides, unless a later file's name says clearly better what is asked.
  const best = preferredExample(
    pool,
    (b) => b.block.uri,
    titleScore,
    (b) => b.block.relevance ?? 0,
  );
  if (!best) return null;
  const parts = blocks
    .filter((b) => b.block.uri === best.block.uri && (b === best || (b.block.part && best.block.part)))
    .sort((a, b) => (a.block.part?.i ?? 0) - (b.block.part?.i ?? 0));
  const lines = parts.map(codeText).join("\n").split("\n");
  const from = windowStart(lines, maxChars, identifiers);
  let kept = from;
  let chars = 0;
  while (kept < lines.length && chars + lines[kept]!.length + 1 <= maxChars) chars += lines[kept++]!.length + 1;
  const hidden = lines.length - kept;
  const file = fileLabel(best.block.uri, "basename");
  const code = [
    ...(from > 0 ? [`… (${from} line${from === 1 ? "" : "s"} before in ${file})`] : []),
    ...lines.slice(from, kept),
    ...(hidden > 0 ? [`… (${hidden} more line${hidden === 1 ? "" : "s"} in ${file})`] : []),
  ].join("\n");
  const header = headerLine(lines.join("\n"));
  // The header is cited to the part that holds it, so the cited line is a line of that block.
  const n = ((header && parts.find((p) => codeText(p).includes(header))) || best).block.n;
  const lead = header ? `${header} [${n}]` : `${fileLabel(best.block.uri, "basename")} [${n}]`;
  const quotes: Quote[] = [{ n, text: header ?? code.split("\n")[0] ?? "", index: 0, kind: "line", score: 1 }];
  const whole = parts.length > 1 ? ` (all ${parts.length} parts of ${fileLabel(best.block.uri, "basename")}, in order)` : "";
  return { answer: `${lead}${whole}\n\`\`\`${languageOf(best)}\n${code}\n\`\`\``, quotes };
}
