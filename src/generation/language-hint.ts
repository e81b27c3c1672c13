import { exampleLanguage } from "./example-code.js";
import type { FormattedBlock } from "./format.js";

/** Other names a question may use for a language its code entries and examples are tagged with. */
const ALIASES: Record<string, readonly string[]> = {
  python: ["python", "py", "python3"],
  matlab: ["matlab", "octave"],
  javascript: ["javascript", "js"],
  typescript: ["typescript", "ts"],
  cpp: ["c++", "cpp"],
};

const pathSegments = (uri: string) => uri.toLowerCase().split(/[\\/]/);

/**
 * The language the question asks for, when it names exactly one of the languages the context's
 * code and examples are in: by name ("in Python", "the MATLAB version") or, for Python, by a
 * `py…` package whose folder holds that language's files ("in pypulseq"). Undefined when it names
 * none or several: then the ranking decides.
 *
 * @example
 * namedLanguage("Which parameters does seq.plot accept in pypulseq?", blocks); // "python"
 */
export function namedLanguage(question: string, blocks: readonly FormattedBlock[]): string | undefined {
  return namedLanguageOf(
    question,
    blocks.map((b) => ({ uri: b.block.uri, language: exampleLanguage(b.block) })),
  );
}

/** {@link namedLanguage} over files and their languages (ranked results, before any context is laid out). */
export function namedLanguageOf(question: string, files: readonly { uri: string; language: string | undefined }[]): string | undefined {
  const words = new Set(question.toLowerCase().match(/[a-z][a-z0-9+#]*/g) ?? []);
  const byLanguage = new Map<string, string[]>();
  for (const f of files) {
    const lang = f.language?.toLowerCase();
    if (lang) byLanguage.set(lang, [...(byLanguage.get(lang) ?? []), f.uri]);
  }
  const named = [...byLanguage].filter(([lang, own]) => {
    if ((ALIASES[lang] ?? [lang]).some((alias) => words.has(alias))) return true;
    if (lang !== "python") return false;
    const segments = new Set(own.flatMap(pathSegments));
    return [...words].some((w) => w.length >= 5 && w.startsWith("py") && segments.has(w));
  });
  return named.length === 1 ? named[0]![0] : undefined;
}
