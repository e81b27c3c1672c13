import type { getDocumentProxy } from "unpdf";

/** The pdf.js document proxy unpdf returns; typed through unpdf so we never import pdfjs-dist. */
export type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** One visual line of text on a page, in content-stream (reading) order. */
export interface PdfLine {
  /** 1-based page number. */
  page: number;
  /** Position of the line within its page's `lines`. */
  index: number;
  text: string;
  /** Left edge and baseline in PDF user space (origin bottom-left). */
  x: number;
  y: number;
  /** Dominant font size of the line, weighted by characters. */
  size: number;
  /** pdf.js font id of the dominant font; distinguishes e.g. bold from regular runs. */
  font: string;
  /** Share of the line's characters set in `font`: 1 for a line wholly in one font. */
  fontShare: number;
  /** The dominant font is monospaced: code, never a heading. */
  monospace: boolean;
  /** Rotated text (margin stamps, sideways tables) never counts as a heading. */
  rotated: boolean;
  /** Running header/footer or page number, kept out of section text. */
  furniture: boolean;
}

/** The text lines of one page plus its size. */
export interface PdfPage {
  number: number;
  width: number;
  height: number;
  /** Bottom edge of the page box; user space need not start at 0. */
  bottom: number;
  lines: PdfLine[];
}

type PageProxy = Awaited<ReturnType<PdfDocument["getPage"]>>;
type TextContent = Awaited<ReturnType<PageProxy["getTextContent"]>>;
type TextItem = Extract<TextContent["items"][number], { str: string }>;

/**
 * Reads every page's text items and groups them into lines.
 * Lines break on pdf.js end-of-line marks and on baseline jumps larger than half a font size,
 * which keeps sub- and superscripts on their line.
 */
export async function readPages(pdf: PdfDocument): Promise<PdfPage[]> {
  const pages: PdfPage[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const [x0 = 0, y0 = 0, x1 = 612, y1 = 792] = page.view;
    const items = content.items.filter((it): it is TextItem => "str" in it);
    const mono = new Set(
      Object.entries(content.styles)
        .filter(([, st]) => st.fontFamily === "monospace")
        .map(([name]) => name),
    );
    pages.push({ number: n, width: x1 - x0, height: y1 - y0, bottom: y0, lines: groupLines(n, items, mono) });
    page.cleanup();
  }
  markFurniture(pages);
  return pages;
}

/** Accumulates the text items of one line. */
class LineBuilder {
  readonly parts: string[] = [];
  end: number;
  /** Characters per font size and per font, to pick the dominant ones. */
  readonly sizes = new Map<number, number>();
  readonly fonts = new Map<string, number>();

  constructor(
    public x: number,
    public y: number,
    public size: number,
    readonly rotated: boolean,
  ) {
    this.end = x;
  }

  add(str: string, x: number, y: number, size: number, width: number, font: string): void {
    if (this.parts.length > 0) {
      const prev = this.parts[this.parts.length - 1] ?? "";
      if (x - this.end > 0.2 * size && !/\s$/.test(prev) && !/^\s/.test(str)) this.parts.push(" ");
      // A line that opens with a small run (a footnote mark) takes the baseline of its main text.
      if (size > this.size * 1.2) {
        this.y = y;
        this.size = size;
      }
    }
    this.parts.push(str);
    this.x = Math.min(this.x, x);
    this.end = Math.max(this.end, x + width);
    const chars = str.replace(/\s/g, "").length;
    if (chars > 0) {
      this.sizes.set(size, (this.sizes.get(size) ?? 0) + chars);
      this.fonts.set(font, (this.fonts.get(font) ?? 0) + chars);
    }
  }

  build(page: number, index: number, monoFonts: Set<string>): PdfLine | null {
    const text = this.parts.join("").replace(/\s+/g, " ").trim();
    if (!text) return null;
    const font = argmax(this.fonts) ?? "";
    const total = [...this.fonts.values()].reduce((a, b) => a + b, 0);
    return {
      page,
      index,
      text,
      x: this.x,
      y: this.y,
      size: argmax(this.sizes) ?? this.size,
      font,
      fontShare: total ? (this.fonts.get(font) ?? 0) / total : 1,
      monospace: monoFonts.has(font),
      rotated: this.rotated,
      furniture: false,
    };
  }
}

function groupLines(page: number, items: TextItem[], monoFonts: Set<string>): PdfLine[] {
  const lines: PdfLine[] = [];
  let cur: LineBuilder | null = null;
  const flush = (builder: LineBuilder | null): null => {
    const line = builder?.build(page, lines.length, monoFonts);
    if (line) lines.push(line);
    return null;
  };
  // Some producers paint text twice at the same spot (e.g. link overlays); read it once.
  const painted = new Set<string>();
  for (const item of items) {
    const [a = 1, b = 0, c = 0, d = 1, x = 0, y = 0] = item.transform as number[];
    const rotated = Math.abs(b) > Math.abs(a) + 0.01 || Math.abs(c) > Math.abs(d) + 0.01;
    const size = round1(Math.hypot(c, d) || item.height || 1);
    const at = `${item.str}@${Math.round(x)},${Math.round(y)}`;
    if (item.str !== "" && !painted.has(at)) {
      painted.add(at);
      if (cur && (Math.abs(y - cur.y) > 0.5 * Math.max(size, cur.size) || rotated !== cur.rotated)) cur = flush(cur);
      cur ??= new LineBuilder(x, y, size, rotated);
      cur.add(item.str, x, y, size, item.width, item.fontName);
    }
    if (item.hasEOL) cur = flush(cur);
  }
  flush(cur);
  return lines;
}

const PAGE_NUMBER = /^(page\s+)?([0-9]{1,4}|[ivxlcdm]{1,7})(\s*(of|\/)\s*[0-9]{1,4})?$/i;

/**
 * Marks running headers, footers and page numbers: short lines in the top or bottom margin
 * that are page numbers, or whose text (digits ignored) recurs on several pages at the same height.
 * Both must stand apart from the body (a gap of at least {@link FURNITURE_GAP} font sizes to the
 * nearest line): the last body line of a full page sits at the same height on every page, and
 * in a long manual the same sentence ("Hash some more data.") can end several of them.
 */
function markFurniture(pages: PdfPage[]): void {
  const inMargin = (p: PdfPage, l: PdfLine) => {
    const rel = (l.y - p.bottom) / p.height;
    return rel < 0.12 || rel > 0.92;
  };
  const key = (l: PdfLine) => `${Math.round(l.y / 4)}|${l.text.toLowerCase().replace(/\b([0-9]+|[ivxlc]+)\b/g, "#")}`;
  const seen = new Map<string, { pages: Set<number>; apart: number }>();
  for (const p of pages) {
    for (const l of p.lines) {
      if (!inMargin(p, l) || l.text.length > 120) continue;
      const k = key(l);
      const entry = seen.get(k) ?? { pages: new Set<number>(), apart: 0 };
      entry.pages.add(p.number);
      if (standsApart(p, l)) entry.apart++;
      seen.set(k, entry);
    }
  }
  // Two pages suffice in a short document (odd and even pages often carry different running
  // heads); a long one repeats real content lines by chance, so it takes three.
  const minRepeats = pages.length >= 20 ? 3 : 2;
  const repeated = (l: PdfLine) => {
    const entry = seen.get(key(l));
    return !!entry && entry.pages.size >= minRepeats && entry.apart * 2 >= entry.pages.size;
  };
  for (const p of pages) {
    for (const l of p.lines) {
      if (!inMargin(p, l)) continue;
      if ((PAGE_NUMBER.test(l.text) && standsApart(p, l)) || repeated(l)) l.furniture = true;
    }
    for (const l of p.lines) {
      // Sideways stamps in the side margins (arXiv identifiers, journal lines) are not content.
      const relX = l.x / p.width;
      if (l.rotated && (relX < 0.1 || relX > 0.9)) l.furniture = true;
    }
  }
}

/** Body lines sit about 1.2 font sizes apart; running heads and page numbers at least twice that. */
const FURNITURE_GAP = 1.8;

/** Whether no other line of the page comes within {@link FURNITURE_GAP} font sizes of this one, vertically. */
function standsApart(page: PdfPage, line: PdfLine): boolean {
  const reach = FURNITURE_GAP * line.size;
  return !page.lines.some((o) => o !== line && !o.rotated && Math.abs(o.y - line.y) > 0.5 && Math.abs(o.y - line.y) < reach);
}

/** Lower-cases and keeps only letters and digits, so titles compare across spacing and punctuation. */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

function argmax<K>(counts: Map<K, number>): K | undefined {
  let best: K | undefined;
  let bestCount = -1;
  for (const [k, n] of counts)
    if (n > bestCount) {
      best = k;
      bestCount = n;
    }
  return best;
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
