import type { Loader } from "../types.js";
import { beirLoader } from "./beir.js";
import { codeLoader } from "./code.js";
import { htmlLoader } from "./html.js";
import { markdownLoader } from "./markdown.js";
import { pdfLoader } from "./pdf.js";
import { textLoader } from "./text.js";

export { beirLoader, parseBeirCorpus, type BeirCorpus } from "./beir.js";
export { codeLoader } from "./code.js";
export type { CodeKind, ParamDoc } from "./code/entry.js";
export { htmlLoader } from "./html.js";
export { markdownLoader } from "./markdown.js";
export { pdfLoader } from "./pdf.js";
export { textLoader } from "./text.js";

/**
 * Every loader, in the order files are offered to them: the first that accepts a file reads it.
 * BEIR comes before text so a corpus is read as records; text comes last as the catch-all
 * for extension-less files.
 */
export const defaultLoaders: Loader[] = [pdfLoader, markdownLoader, htmlLoader, codeLoader, beirLoader, textLoader];

/**
 * The loader that takes `path`, or undefined when none does.
 *
 * @example
 * pickLoader("docs/intro.md")?.name; // "markdown"
 * pickLoader("photo.png"); // undefined
 */
export function pickLoader(path: string, loaders: Loader[] = defaultLoaders): Loader | undefined {
  return loaders.find((loader) => loader.accepts(path));
}
