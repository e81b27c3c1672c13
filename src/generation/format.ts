import { basename, isAbsolute, relative } from "node:path";
import type { SourceProfile } from "../sources/profile.js";
import type { ContextBlock } from "../state/types.js";
import type { GenerationSettings } from "../config/run-settings.js";
import { entryFacts, renderEntry } from "./api-entry.js";
import { exampleCode, exampleLanguage } from "./example-code.js";
import { withMarkdownTables } from "./tables.js";

/** One block as the generator sees it: a citation header over a body laid out for its source. */
export interface FormattedBlock {
  block: ContextBlock;
  formatter: SourceProfile["formatter"];
  header: string;
  body: string;
  /** `header` and `body` together, as they appear in the context string. */
  text: string;
}

/** The whole context: every block formatted, and the string handed to the generator. */
export interface FormattedContext {
  blocks: FormattedBlock[];
  text: string;
}

type Markers = GenerationSettings["markers"];

/**
 * The relevance marker of a citation header: `***` at `high` and above, `+` at `medium` and
 * above, `-` below.
 * @example
 * relevanceMarker(0.8, { high: 0.8, medium: 0.65 }); // "***"
 */
export function relevanceMarker(relevance: number, { high, medium }: Markers): "***" | "+" | "-" {
  if (relevance >= high) return "***";
  if (relevance >= medium) return "+";
  return "-";
}

/** "page 3", "pages 3–5", or null when the pages are not known. */
export function pageLabel(start: number | null, end: number | null): string | null {
  const first = start ?? end;
  const last = end ?? start;
  if (first === null || last === null) return null;
  return first === last ? `page ${first}` : `pages ${first}–${last}`;
}

/**
 * How a header names the file: the uri's base name (keeping a `#record` suffix), or its path
 * relative to `cwd` when it lies below it.
 */
export function fileLabel(uri: string, style: GenerationSettings["fileLabel"], cwd = process.cwd()): string {
  if (style === "relative" && isAbsolute(uri)) {
    const rel = relative(cwd, uri);
    if (!rel.startsWith("..") && !isAbsolute(rel)) return rel;
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(uri))
    return (
      uri
        .replace(/[?#].*$/, "")
        .replace(/\/+$/, "")
        .split("/")
        .pop() || uri
    );
  const hash = uri.indexOf("#");
  return hash === -1 ? basename(uri) : `${basename(uri.slice(0, hash))}${uri.slice(hash)}`;
}

/**
 * The citation header of a block, e.g.
 * `*** [1] guide.md, Section: "Gradients", chunk 3, pages 4–5 (92% relevance)`.
 * The profile's citation style decides which locations are named.
 */
export function citationHeader(block: ContextBlock, style: SourceProfile["citation_style"], settings: GenerationSettings): string {
  const part = block.part ? ` [Part ${block.part.i}/${block.part.n}]` : "";
  const where: string[] = [`${fileLabel(block.uri, settings.fileLabel)}${part}`];
  const section = block.section ? `Section: "${block.section}"` : null;
  const pages = pageLabel(block.page_start, block.page_end);
  // A whole document has no one chunk to name; saying "whole document" tells the reader why it is long.
  const chunk = block.granularity === "document" && block.part === null ? "whole document" : `chunk ${block.chunk_index}`;
  if (style === "page") where.push(...[pages, section].filter((x): x is string => x !== null));
  else if (style === "file_section") where.push(...[section, chunk, pages].filter((x): x is string => x !== null));
  else where.push(chunk);
  const marker = relevanceMarker(block.relevance, settings.markers);
  return `${marker} [${block.n}] ${where.join(", ")} (${Math.round(block.relevance * 100)}% relevance)`;
}

/**
 * An API entry laid out for reading: description → calling pattern → parameters (kind, default,
 * description) → returns with fields → examples, then the entry's own text. The same lines the
 * offline answerer quotes ({@link renderEntry}). Entries without code metadata keep the plain layout.
 */
export function formatApiEntry(text: string, metadata: Record<string, unknown>): string {
  const facts = entryFacts(metadata);
  if (!facts) return text;
  return `${renderEntry(facts).join("\n")}\n\nSource:\n${text}`;
}

/** Sections of a whole-document block, as expand records them, with offsets into its text. */
interface SectionSpan {
  start: number;
  end: number;
  metadata?: Record<string, unknown>;
}

function sectionSpans(block: Pick<ContextBlock, "metadata">): SectionSpan[] {
  const spans = block.metadata.sections;
  return Array.isArray(spans) ? (spans as SectionSpan[]) : [];
}

/**
 * A block laid out as API entries: the block's own entry, or each section's entry of a
 * whole-document block (a long entry comes back whole, its parsed structure in `sections`).
 * What the generator is shown for an `api` source, and what the citation judge reads.
 */
export function formatApiBlock(block: Pick<ContextBlock, "text" | "metadata">): string {
  const spans = sectionSpans(block);
  if (spans.length === 0) return formatApiEntry(block.text, block.metadata);
  return spans.map((s) => formatApiEntry(block.text.slice(s.start, s.end), s.metadata ?? {})).join("\n\n");
}

/** The body of a block laid out by its source's formatter. */
export function formatBody(block: ContextBlock, formatter: SourceProfile["formatter"]): string {
  if (formatter === "api") return formatApiBlock(block);
  // An example is code, whole-document blocks too: fenced in its language, as the offline answerer shows it.
  const language = formatter === "example" ? exampleLanguage(block) : undefined;
  if (language) return `\`\`\`${language}\n${exampleCode(block)}\n\`\`\``;
  // Tables (PDF columns, HTML rows) as Markdown, words unchanged: both generators read them as tables.
  return formatter === "doc" ? withMarkdownTables(block.text) : block.text;
}

/**
 * Formats every block with its source's profile (a block from an unknown source gets the
 * defaults: doc layout, file and section citations).
 *
 * @example
 * const { text, blocks } = formatContext(state.context, ctx.profiles, generationSettings(ctx.settings));
 */
export function formatContext(
  blocks: readonly ContextBlock[],
  profiles: readonly SourceProfile[],
  settings: GenerationSettings,
): FormattedContext {
  const byName = new Map(profiles.map((p) => [p.name, p]));
  const formatted = blocks.map((block): FormattedBlock => {
    const profile = byName.get(block.source);
    const formatter = profile?.formatter ?? "doc";
    const header = citationHeader(block, profile?.citation_style ?? "file_section", settings);
    const body = formatBody(block, formatter);
    return { block, formatter, header, body, text: `${header}\n${body}` };
  });
  return { blocks: formatted, text: formatted.map((f) => f.text).join("\n\n") };
}
