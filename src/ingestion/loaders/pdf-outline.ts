import { normalizeText, type PdfDocument, type PdfLine, type PdfPage } from "./pdf-text.js";
import type { SectionStart } from "./pdf-sections.js";

/** One bookmark, flattened in document order, with its destination resolved to a page. */
export interface OutlineEntry {
  title: string;
  /** Bookmark titles from the root down to this one. */
  path: string[];
  /** 1-based page number of the destination. */
  page: number;
  /** Destination point in PDF user space, when the destination gives one. */
  x: number | null;
  y: number | null;
}

interface OutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineNode[];
}

/**
 * Reads the bookmarks and resolves every destination (named or explicit) to a page and point.
 * Bookmarks that point nowhere (URLs, broken names) are dropped but still name their children's path.
 */
export async function readOutline(pdf: PdfDocument): Promise<OutlineEntry[]> {
  const roots = ((await pdf.getOutline().catch(() => null)) ?? []) as OutlineNode[];
  const entries: OutlineEntry[] = [];
  const walk = async (nodes: OutlineNode[], parents: string[]) => {
    for (const node of nodes) {
      const title = node.title.replace(/\s+/g, " ").trim();
      const path = [...parents, title];
      const target = await resolveDest(pdf, node.dest);
      if (target && title) entries.push({ title, path, ...target });
      await walk(node.items ?? [], path);
    }
  };
  await walk(roots, []);
  // Bookmarks are usually in reading order; a stable sort by page repairs the odd exception
  // without reordering entries that share a page (columns make y order unreliable there).
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.page - b.e.page || a.i - b.i)
    .map(({ e }) => e);
}

async function resolveDest(pdf: PdfDocument, dest: OutlineNode["dest"]): Promise<Omit<OutlineEntry, "title" | "path"> | null> {
  try {
    const explicit = typeof dest === "string" ? await pdf.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return null;
    const [ref, kind, ...args] = explicit as [unknown, { name?: string } | undefined, ...unknown[]];
    const index = typeof ref === "number" ? ref : await pdf.getPageIndex(ref as Parameters<PdfDocument["getPageIndex"]>[0]);
    const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
    // Destination syntax (PDF 32000 §12.3.2.2): which arguments carry left/top depends on the kind.
    let x: number | null = null;
    let y: number | null = null;
    switch (kind?.name) {
      case "XYZ":
        x = num(args[0]);
        y = num(args[1]);
        break;
      case "FitH":
      case "FitBH":
        y = num(args[0]);
        break;
      case "FitV":
      case "FitBV":
        x = num(args[0]);
        break;
      case "FitR":
        x = num(args[0]);
        y = num(args[3]);
        break;
    }
    return { page: index + 1, x, y };
  } catch {
    return null;
  }
}

/** Leading section numbers: "2.8.1", "III-A", "A.", "Appendix A:", "Chapter 3." */
const NUMBERING =
  /^\s*((chapter|appendix|section|part|kapitel|anhang)\s+)?([0-9]+(\.[0-9]+)*|[IVXLC]+(-[A-Z0-9]+)?|[A-Z](-[A-Z0-9]+)?)([.):-]|\s)+/i;

/** Normalized forms a heading may take in the text: as given and without its numbering. */
function titleForms(title: string): string[] {
  const forms = [normalizeText(title)];
  const bare = title.replace(NUMBERING, "");
  if (bare !== title) forms.push(normalizeText(bare));
  return forms.filter((f) => f.length > 0);
}

/** How many lines from `start` spell one of `forms`, allowing a wrapped heading or a footnote mark. */
function matchAt(lines: PdfLine[], start: number, forms: string[]): number {
  let raw = "";
  for (let k = start; k < Math.min(lines.length, start + 4); k++) {
    const line = lines[k];
    if (!line || line.furniture) break;
    raw = raw ? `${raw} ${line.text}` : line.text;
    const seen = titleForms(raw);
    for (const form of forms) {
      for (const s of seen) if (s === form || (s.startsWith(form) && s.length - form.length <= 2 && form.length >= 4)) return k - start + 1;
    }
    if (!forms.some((f) => seen.some((s) => f.startsWith(s)))) break;
  }
  return 0;
}

/**
 * Finds where each bookmark's heading sits on its page, so a section's text starts at its
 * heading and text above it stays with the previous section. The heading text is matched
 * tolerantly; without a match the destination's y (and x, for columns) picks the first line.
 */
export function locateOutline(entries: OutlineEntry[], pages: PdfPage[]): SectionStart[] {
  const starts: SectionStart[] = [];
  let cursorPage = 0;
  let cursorLine = 0;
  for (const entry of entries) {
    const page = pages[entry.page - 1];
    if (!page) continue;
    if (entry.page !== cursorPage) {
      cursorPage = entry.page;
      cursorLine = 0;
    }
    const lines = page.lines;
    const forms = titleForms(entry.title);
    const tol = (l: PdfLine) => 0.5 * l.size + 2;
    const belowDest = (l: PdfLine) => entry.y === null || l.y <= entry.y + tol(l);
    let found: { line: number; count: number } | null = null;
    for (const constrained of [true, false]) {
      for (let i = cursorLine; i < lines.length && !found; i++) {
        const line = lines[i]!;
        if (line.furniture || (constrained && !belowDest(line))) continue;
        const count = matchAt(lines, i, forms);
        if (count > 0) found = { line: i, count };
      }
      if (found || entry.y === null) break;
    }
    if (!found) {
      const byPoint = lines.findIndex(
        (l, i) => i >= cursorLine && !l.furniture && belowDest(l) && (entry.x === null || l.x >= entry.x - 15),
      );
      const line = byPoint >= 0 ? byPoint : Math.min(cursorLine, lines.length);
      found = { line, count: 0 };
    }
    starts.push({
      title: entry.title,
      path: entry.path,
      page: entry.page,
      line: found.line,
      headingLines: found.count,
      headingFound: found.count > 0,
    });
    cursorLine = found.line + found.count;
  }
  return starts;
}
