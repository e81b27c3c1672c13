import { marked, type Token, type Tokens } from "marked";
import type { LoadedDocument, LoadedSection, Loader } from "../types.js";
import { baseName, decodeText, extensionOf, tidyText } from "./read-text.js";

const EXTENSIONS = new Set([".md", ".markdown", ".mdx"]);

/**
 * Markdown loader (`.md`, `.markdown`, `.mdx`): one section per heading, with the heading
 * path from the document root. Fenced code stays in the content as written.
 *
 * @example
 * const [doc] = await markdownLoader.load({ path: "guide.md", bytes });
 * doc.sections.map((s) => s.path); // [[], ["Guide"], ["Guide", "Install"]]
 */
export const markdownLoader: Loader = {
  name: "markdown",
  accepts: (path) => EXTENSIONS.has(extensionOf(path)),
  async load({ path, bytes }) {
    return [parseMarkdown(path, decodeText(path, bytes))];
  },
};

/** Parses Markdown text into a document; exported for loaders that embed Markdown. */
export function parseMarkdown(path: string, source: string): LoadedDocument {
  const { body, title: frontTitle } = splitFrontMatter(source);
  const isMdx = extensionOf(path) === ".mdx";
  const tokens = marked.lexer(body);

  const sections: LoadedSection[] = [];
  const stack: { depth: number; title: string }[] = [];
  let current: { title: string | null; path: string[]; parts: string[] } = { title: null, path: [], parts: [] };
  let firstH1: string | undefined;

  const flush = () => {
    const content = tidyText(current.parts.join(""));
    if (content) sections.push({ title: current.title, path: current.path, content });
  };

  for (const token of tokens) {
    if (token.type === "heading") {
      const heading = token as Tokens.Heading;
      const title = inlineText(heading.tokens) || heading.text.trim();
      if (heading.depth === 1 && firstH1 === undefined) firstH1 = title;
      flush();
      while (stack.length && stack[stack.length - 1]!.depth >= heading.depth) stack.pop();
      stack.push({ depth: heading.depth, title });
      current = { title, path: stack.map((h) => h.title), parts: [] };
      continue;
    }
    if (isNoise(token, isMdx)) continue;
    current.parts.push(token.raw);
  }
  flush();

  return {
    uri: path,
    title: firstH1 ?? frontTitle ?? baseName(path),
    format: "markdown",
    sections,
  };
}

/** HTML comments and MDX module lines carry no prose worth retrieving. */
function isNoise(token: Token, isMdx: boolean): boolean {
  if (token.type === "html" && /^\s*<!--[\s\S]*-->\s*$/.test(token.raw)) return true;
  if (isMdx && token.type === "paragraph" && /^(import|export)\s/.test(token.raw)) return true;
  return false;
}

function inlineText(tokens: Token[] | undefined): string {
  if (!tokens) return "";
  const text = tokens
    .map((t) => {
      const nested = (t as { tokens?: Token[] }).tokens;
      if (nested && nested.length) return inlineText(nested);
      if (t.type === "image") return (t as Tokens.Image).text;
      return "text" in t && typeof t.text === "string" ? t.text : "";
    })
    .join("");
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Strips YAML (`---`) or TOML (`+++`) front matter and reads its `title`. */
export function splitFrontMatter(source: string): { body: string; title?: string } {
  const match = /^(---|\+\+\+)[ \t]*\n([\s\S]*?)\n\1[ \t]*(?:\n|$)/.exec(source);
  if (!match) return { body: source };
  const titleLine = /^title\s*[:=]\s*(.+?)\s*$/m.exec(match[2] ?? "");
  const title = titleLine?.[1]?.replace(/^(["'])(.*)\1$/, "$2").trim();
  return { body: source.slice(match[0].length), ...(title ? { title } : {}) };
}
