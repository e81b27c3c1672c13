import { splitText, type TextSpan } from "./split-text.js";
import { countTokens } from "./token-count.js";
import type { LoadedDocument, LoadedSection, PreparedChunk } from "./types.js";

export { countTokens } from "./token-count.js";

/** How sections become chunks. */
export interface ChunkOptions {
  /**
   * Largest chunk, in cl100k_base tokens; a longer section is split into child chunks.
   * @default 400
   */
  maxTokens?: number;
  /**
   * Tokens each child chunk repeats from the end of the one before (at most a quarter of `maxTokens`).
   * @default 40
   */
  overlapTokens?: number;
  /**
   * Sections smaller than this are merged into the section that follows when it is their
   * sibling or child and the two fit in `maxTokens`; 0 keeps every section on its own.
   * Code entries (sections with `metadata.kind`) are never merged.
   * @default 0
   */
  minTokens?: number;
}

/**
 * Turns a loaded document into chunks, one per section. A section over `maxTokens` becomes a
 * parent row (not searchable, full content) followed by searchable child chunks that point
 * back to it with `parentIndex`. `chunkIndex` follows reading order across the document.
 *
 * A form feed (`\f`) in a section's content marks a page break (the PDF convention): child
 * chunks then get the pages their own text is on, a long section is split page by page (no
 * chunk runs across a page break but a short run-over), and the form feed is stored as a newline.
 *
 * @example
 * const chunks = chunkDocument(doc, { maxTokens: 300 });
 * const searchable = chunks.filter((c) => c.searchable);
 */
export function chunkDocument(doc: LoadedDocument, options: ChunkOptions = {}): PreparedChunk[] {
  const maxTokens = Math.max(8, Math.floor(options.maxTokens ?? 400));
  const overlapTokens = Math.max(0, Math.floor(options.overlapTokens ?? 40));
  const minTokens = Math.max(0, options.minTokens ?? 0);
  const sections = minTokens > 0 ? mergeTinySections(doc.sections, minTokens, maxTokens) : doc.sections;

  const chunks: PreparedChunk[] = [];
  for (const section of sections) {
    const raw = section.content;
    if (!raw.replace(/\f/g, "").trim()) continue;
    const text = raw.replace(/\f/g, "\n");
    const content = text.trim();
    const tokenCount = countTokens(content);
    const base = {
      sectionTitle: section.title,
      sectionPath: [...section.path],
      metadata: { ...(section.metadata ?? {}) },
    };
    const pageStart = section.pageStart ?? null;
    const pageEnd = section.pageEnd ?? section.pageStart ?? null;

    if (tokenCount <= maxTokens) {
      chunks.push({
        ...base,
        chunkIndex: chunks.length,
        kind: "section",
        parentIndex: null,
        searchable: true,
        pageStart,
        pageEnd,
        tokenCount,
        content,
      });
      continue;
    }
    const parentIndex = chunks.length;
    chunks.push({
      ...base,
      chunkIndex: parentIndex,
      kind: "section",
      parentIndex: null,
      searchable: false,
      pageStart,
      pageEnd,
      tokenCount,
      content,
    });
    for (const span of raw.includes("\f") ? pageSpans(raw, text, maxTokens, overlapTokens) : splitText(text, maxTokens, overlapTokens)) {
      const piece = text.slice(span.start, span.end);
      const pages = pageRange(raw, span.start, span.end, pageStart, pageEnd);
      chunks.push({
        ...base,
        metadata: { ...base.metadata },
        sectionPath: [...base.sectionPath],
        chunkIndex: chunks.length,
        kind: "chunk",
        parentIndex,
        searchable: true,
        ...pages,
        tokenCount: countTokens(piece),
        content: piece,
      });
    }
  }
  return chunks;
}

/**
 * Spans of a section that crosses pages: each page's text is split on its own, so a chunk's
 * page range is the page its text is on. A short run-over at the top of a page (the end of a
 * paragraph, under a fifth of a chunk) joins the chunk before it, which then records both pages.
 */
function pageSpans(raw: string, text: string, maxTokens: number, overlapTokens: number): TextSpan[] {
  const spans: Array<TextSpan & { pageFirst: boolean }> = [];
  let from = 0;
  for (const page of raw.split("\f")) {
    const to = from + page.length;
    splitText(text.slice(from, to), maxTokens, overlapTokens).forEach((s, i) =>
      spans.push({ start: from + s.start, end: from + s.end, pageFirst: i === 0 }),
    );
    from = to + 1;
  }
  const out: TextSpan[] = [];
  for (const span of spans) {
    const prev = out.at(-1);
    if (
      prev &&
      span.pageFirst &&
      countTokens(text.slice(span.start, span.end)) < maxTokens / 5 &&
      countTokens(text.slice(prev.start, span.end)) <= maxTokens
    ) {
      prev.end = span.end;
    } else out.push({ start: span.start, end: span.end });
  }
  return out;
}

/** Pages a slice of the section falls on, counting form feeds before it; the section's range otherwise. */
function pageRange(raw: string, start: number, end: number, pageStart: number | null, pageEnd: number | null) {
  if (pageStart === null || !raw.includes("\f")) return { pageStart, pageEnd };
  const breaksBefore = (offset: number) => {
    let n = 0;
    for (let i = raw.indexOf("\f"); i !== -1 && i < offset; i = raw.indexOf("\f", i + 1)) n++;
    return n;
  };
  const clamp = (page: number) => (pageEnd === null ? page : Math.min(page, pageEnd));
  return { pageStart: clamp(pageStart + breaksBefore(start)), pageEnd: clamp(pageStart + breaksBefore(end - 1)) };
}

function mergeTinySections(sections: LoadedSection[], minTokens: number, maxTokens: number): LoadedSection[] {
  const out: LoadedSection[] = [];
  let pending: LoadedSection | undefined;
  for (const original of sections) {
    let section = original;
    if (pending && canAbsorb(pending, section, maxTokens)) {
      const lead = pending.title ? `${pending.title}\n\n${pending.content.trim()}` : pending.content.trim();
      const pageStart = pending.pageStart ?? section.pageStart;
      const pageEnd = section.pageEnd ?? pending.pageEnd;
      section = {
        ...section,
        content: `${lead}\n\n${section.content.trim()}`,
        ...(pageStart !== undefined ? { pageStart } : {}),
        ...(pageEnd !== undefined ? { pageEnd } : {}),
      };
    } else if (pending) {
      out.push(pending);
    }
    pending = undefined;
    const tokens = countTokens(section.content.trim());
    if (tokens > 0 && tokens < minTokens && section.metadata?.kind === undefined) pending = section;
    else out.push(section);
  }
  if (pending) out.push(pending);
  return out;
}

/** A tiny section reads naturally as the lead-in of its next sibling or its first child. */
function canAbsorb(tiny: LoadedSection, next: LoadedSection, maxTokens: number): boolean {
  if (next.metadata?.kind !== undefined) return false;
  const parent = tiny.path.slice(0, -1);
  const sharesParent = parent.every((title, i) => next.path[i] === title);
  const isChild = tiny.path.every((title, i) => next.path[i] === title) && next.path.length > tiny.path.length;
  if (!sharesParent && !isChild) return false;
  return countTokens(tiny.content) + countTokens(next.content) + 8 <= maxTokens;
}
