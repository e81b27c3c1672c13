import { preferredExample } from "../evidence/example-choice.js";
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

/**
 * An example request answered with the example itself: the best example block's code (in the
 * language the question names, when it names one of the context's languages; the best-ranked
 * unless another's file name says clearly better what is asked; all its parts in order for a multi-part file) as one fenced block under its header comment, cut at a
 * line boundary under `maxChars`, cited. Null when the context holds no example code.
 *
 * @example
 * exampleAnswer({ blocks, maxChars: 6000 })?.answer; // "% gradient echo demo [1]\n```matlab\n...\n```"
 */
export function exampleAnswer({
  blocks,
  maxChars,
  question = "",
  titleScore = () => 0,
}: {
  blocks: readonly FormattedBlock[];
  maxChars: number;
  question?: string;
  /** How well a file's name says it is what is asked (0..1): of near-twin demos, the best-named one answers. */
  titleScore?: (uri: string) => number;
}): ExtractiveAnswer | null {
  const examples = blocks.filter((b) => b.formatter === "example" && languageOf(b) !== undefined);
  const language = namedLanguage(question, examples);
  const inLanguage = examples.filter((b) => languageOf(b)?.toLowerCase() === language);
  const pool = inLanguage.length ? inLanguage : examples;
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
  let kept = 0;
  let chars = 0;
  while (kept < lines.length && chars + lines[kept]!.length + 1 <= maxChars) chars += lines[kept++]!.length + 1;
  const hidden = lines.length - kept;
  const code = [
    ...lines.slice(0, kept),
    ...(hidden > 0 ? [`… (${hidden} more line${hidden === 1 ? "" : "s"} in ${fileLabel(best.block.uri, "basename")})`] : []),
  ].join("\n");
  const header = headerLine(lines.join("\n"));
  // The header is cited to the part that holds it, so the cited line is a line of that block.
  const n = ((header && parts.find((p) => codeText(p).includes(header))) || best).block.n;
  const lead = header ? `${header} [${n}]` : `${fileLabel(best.block.uri, "basename")} [${n}]`;
  const quotes: Quote[] = [{ n, text: header ?? code.split("\n")[0] ?? "", index: 0, kind: "line", score: 1 }];
  const whole = parts.length > 1 ? ` (all ${parts.length} parts of ${fileLabel(best.block.uri, "basename")}, in order)` : "";
  return { answer: `${lead}${whole}\n\`\`\`${languageOf(best)}\n${code}\n\`\`\``, quotes };
}
