import type { LoadedSection } from "../types.js";
import type { PdfLine, PdfPage } from "./pdf-text.js";

/** Where a section begins: its heading's first line on a page. */
export interface SectionStart {
  title: string | null;
  path: string[];
  /** 1-based page of the heading. */
  page: number;
  /** Index into that page's `lines` of the heading's first line. */
  line: number;
  /** Lines the heading occupies, left out of the section text; 0 when it was not found. */
  headingLines: number;
  /** Whether the heading text was located on the page (outline headings may not be). */
  headingFound: boolean;
}

/** How a section's boundaries were found. */
export type HeadingSource = "outline" | "font" | "none";

/** What a section is for; the graph treats tables of contents and reference lists apart. */
export type PageRole = "toc" | "cover" | "references" | "body";

const MAX_TITLE_WORDS = 14;

/** A short line with letters, not a sentence, a table-of-contents entry or a page number. */
export function looksLikeTitle(text: string): boolean {
  const t = text.trim();
  if (t.length < 2 || t.length > 120) return false;
  if (!/\p{L}.*\p{L}/u.test(t) || /[.,;:]$/.test(t) || isTocLine(t)) return false;
  if (!/^[\p{Lu}\p{N}(§"'“‘]/u.test(t)) return false;
  return t.split(/\s+/).length <= MAX_TITLE_WORDS;
}

/** A table-of-contents entry: dot leaders or a numbered title, ending in a page number. */
export function isTocLine(text: string): boolean {
  if (/(\.\s?){4,}\s*([0-9]{1,4}|[ivxlc]{1,6})$/i.test(text)) return true;
  // "2.6 Time raster 9": a numbered title in words, not a row of figures (code, tables).
  const m = /^((chapter|appendix|kapitel)\s+)?([0-9]+(\.[0-9]+)*\.?|[A-Z]\.?|[IVX]+\.?)\s+(\p{L}.*)\s[0-9]{1,4}$/iu.exec(text);
  return m !== null && (m[5] ?? "").split(/\s+/).filter((w) => /^[0-9.,]+$/.test(w)).length <= 1;
}

const REFERENCES = /^(references|bibliography|literatur(verzeichnis)?|works cited|literature cited|quellen(verzeichnis)?|bildquellen)$/;
const CONTENTS = /^(tableof)?contents$|^inhalt(sverzeichnis)?$|^toc$/;

/**
 * Cuts the pages' text at the given starts, in reading order. Text before the first start
 * (cover, table of contents) becomes one section per page, titled by its first line when
 * that line reads like a title, so every page's text lands in some section.
 */
export function buildSections(pages: PdfPage[], starts: SectionStart[], source: HeadingSource): LoadedSection[] {
  const flat = pages.flatMap((p) => p.lines.filter((l) => !l.furniture));
  const posOf = (page: number, line: number) => {
    const i = flat.findIndex((l) => l.page > page || (l.page === page && l.index >= line));
    return i < 0 ? flat.length : i;
  };
  const ordered = [...starts].sort((a, b) => a.page - b.page || a.line - b.line);
  const first = ordered[0];
  const preambleEnd = first ? posOf(first.page, first.line) : flat.length;
  const sections: LoadedSection[] = pageSections(flat.slice(0, preambleEnd));
  ordered.forEach((start, k) => {
    const next = ordered[k + 1];
    const from = posOf(start.page, start.line);
    const to = next ? posOf(next.page, next.line) : flat.length;
    const heading = new Set(pages[start.page - 1]?.lines.slice(start.line, start.line + start.headingLines).map((l) => l.index) ?? []);
    const body = flat.slice(from, to).filter((l) => !(l.page === start.page && heading.has(l.index)));
    sections.push({
      title: start.title,
      path: start.path,
      content: joinLines(body, start.page),
      pageStart: start.page,
      pageEnd: Math.max(start.page, body.at(-1)?.page ?? start.page),
      metadata: { headingSource: source, ...(start.headingFound ? {} : { headingLocated: false }) },
    });
  });
  return sections;
}

/** One section per page for text that no heading covers. */
export function pageSections(lines: PdfLine[]): LoadedSection[] {
  const byPage = new Map<number, PdfLine[]>();
  for (const l of lines) {
    const list = byPage.get(l.page);
    if (list) list.push(l);
    else byPage.set(l.page, [l]);
  }
  const sections: LoadedSection[] = [];
  for (const [page, pageLines] of byPage) {
    const heading = pageTitle(pageLines);
    const title = heading.length > 0 ? heading.map((l) => l.text).join(" ") : null;
    const body = pageLines.filter((l) => !heading.includes(l));
    sections.push({
      title,
      path: title ? [title] : [],
      content: joinLines(body),
      pageStart: page,
      pageEnd: page,
      metadata: { headingSource: "none" satisfies HeadingSource },
    });
  }
  return sections;
}

/**
 * The lines that title a page: its first line when that reads like a title and is set no
 * smaller than the page's text (a figure label is not a title), plus up to two lines of the
 * same size wrapped right under it.
 */
function pageTitle(lines: PdfLine[]): PdfLine[] {
  const text = lines.filter((l) => !l.rotated);
  const head = text[0];
  if (!head) return [];
  const sizes = new Map<number, number>();
  for (const l of text) sizes.set(l.size, (sizes.get(l.size) ?? 0) + l.text.length);
  const common = [...sizes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? head.size;
  if (head.size < common - 0.1 || !looksLikeTitle(head.text)) return [];
  const title = [head];
  for (const l of text.slice(1, 3)) {
    const prev = title.at(-1)!;
    const wrapped = Math.abs(l.size - head.size) < 0.3 && l.font === head.font && prev.y - l.y > 0 && prev.y - l.y <= 2 * l.size;
    if (!wrapped || !looksLikeTitle([...title, l].map((t) => t.text).join(" "))) break;
    title.push(l);
  }
  return title;
}

/**
 * Joins lines into section text: a form feed where the page changes (the chunker gives each
 * chunk the pages its own text is on) and a blank line where the text leaves a gap or moves up
 * (a paragraph, a definition-list entry or a table ends; a column starts), so splits fall there.
 */
function joinLines(lines: PdfLine[], firstPage = lines[0]?.page ?? 0): string {
  // One form feed per page turned, before the first line too: the text starts on `firstPage`.
  let text = "\f".repeat(Math.max(0, (lines[0]?.page ?? firstPage) - firstPage));
  let prev: PdfLine | undefined;
  for (const l of lines) {
    if (prev) text += l.page !== prev.page ? "\f".repeat(Math.max(1, l.page - prev.page)) : paragraphBreak(prev, l) ? "\n\n" : "\n";
    text += l.text;
    prev = l;
  }
  return text.replace(/\s+$/, "");
}

/** Lines of a paragraph sit about 1.2 font sizes apart; more than this is a paragraph break. */
const PARAGRAPH_GAP = 1.6;

function paragraphBreak(prev: PdfLine, line: PdfLine): boolean {
  const drop = prev.y - line.y;
  if (drop < -0.5 * line.size) return true;
  // A table's rows stay with each other and with the column heads above them, however spaced.
  if (isTableRow(line) && (isTableRow(prev) || isColumnHeads(prev))) return false;
  return drop > PARAGRAPH_GAP * Math.max(prev.size, line.size);
}

const CELL_FIGURE = /^[-+]?[$€£]?[0-9][0-9.,]*[%kKMGx]?$|^[-+]?[0-9]*\.?[0-9]+[a-zA-Z]{0,3}$/;

/** Three or more cells, at least half of them figures ("-9 7600k 3700k 2350k 828642"). */
function isTableRow(line: PdfLine): boolean {
  const cells = line.text.split(/\s+/);
  const figures = cells.filter((c) => CELL_FIGURE.test(c)).length;
  return cells.length >= 3 && figures >= 2 && figures * 2 >= cells.length;
}

/** A short line of words without sentence punctuation: the column heads over a table's rows. */
function isColumnHeads(line: PdfLine): boolean {
  const words = line.text.split(/\s+/);
  return words.length >= 2 && words.length <= 12 && !/[.:;,]$/.test(line.text);
}

/**
 * Tags each section with its role: a table of contents (many lines ending in page numbers,
 * or a "Contents" title), a reference list (by title), a sparse first page (cover), or body.
 */
export function assignRoles(sections: LoadedSection[], pages: PdfPage[]): void {
  const tocPages = new Set(pages.filter(isTocPage).map((p) => p.number));
  const chars = pages.map((p) => p.lines.reduce((n, l) => n + l.text.length, 0));
  const median = [...chars].sort((a, b) => a - b)[Math.floor(chars.length / 2)] ?? 0;
  // A reference list runs on through its subsections, until a heading at its own level or above.
  let referencesDepth = Number.POSITIVE_INFINITY;
  for (const s of sections) {
    const name = s.title ? s.title.replace(/^\s*([0-9]+(\.[0-9]+)*\.?|[A-Z]\.|[IVX]+\.?)\s+/, "") : "";
    const norm = name.toLowerCase().replace(/[^\p{L}]+/gu, "");
    const depth = Math.max(1, s.path.length);
    if (REFERENCES.test(norm)) referencesDepth = depth;
    else if (s.title && depth <= referencesDepth) referencesDepth = Number.POSITIVE_INFINITY;
    let role: PageRole = "body";
    if (referencesDepth !== Number.POSITIVE_INFINITY) role = "references";
    else if (CONTENTS.test(norm) || (s.pageStart !== undefined && tocPages.has(s.pageStart) && tocShare(s.content) >= 0.3)) role = "toc";
    else if (s.pageStart === 1 && s.pageEnd === 1 && pages.length > 2 && (chars[0] ?? 0) < 0.5 * median) role = "cover";
    s.metadata = { ...s.metadata, pageRole: role };
  }
}

/** "Contents", "Table of Contents", "Inhaltsverzeichnis". */
export function isContentsTitle(title: string): boolean {
  return CONTENTS.test(title.toLowerCase().replace(/[^\p{L}]+/gu, ""));
}

function isTocPage(page: PdfPage): boolean {
  const lines = page.lines.filter((l) => !l.furniture);
  const toc = lines.filter((l) => isTocLine(l.text)).length;
  return toc >= 4 && toc / Math.max(1, lines.length) >= 0.4;
}

function tocShare(content: string): number {
  const lines = content.split("\n").filter(Boolean);
  return lines.filter(isTocLine).length / Math.max(1, lines.length);
}
