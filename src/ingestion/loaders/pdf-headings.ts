import { isTocLine, looksLikeTitle, type SectionStart } from "./pdf-sections.js";
import type { PdfLine, PdfPage } from "./pdf-text.js";

/** Lines this much larger than the body text may be headings (13.4pt over 12pt body passes). */
const SIZE_RATIO = 1.08;

interface Candidate {
  lines: PdfLine[];
  size: number;
  /** "size": larger than the body; "font": body size or smaller, in a distinct font (bold standalone lines). */
  kind: "size" | "font";
}

interface BodyStats {
  size: number;
  font: string;
  /** Typical baseline distance between consecutive lines, per size (see `sizeKey`). */
  leading: Map<number, number>;
}

/**
 * Finds headings without bookmarks: lines noticeably larger than the body's dominant size,
 * or standalone lines at (or below) body size in a rarely used font (bold headings) with
 * space around them, that are short and not sentences. Larger sizes nest shallower; the
 * font-only headings nest deepest, smaller below larger.
 */
export function detectHeadings(pages: PdfPage[]): SectionStart[] {
  const all = pages.flatMap((p) => p.lines.filter((l) => !l.furniture && !l.rotated));
  const body = bodyStats(all);
  if (!body) return [];
  const fontChars = countBy(all, (l) => l.font);
  const bodyFontChars = fontChars.get(body.font) ?? 1;
  const rarity = (font: string) => (fontChars.get(font) ?? 0) / bodyFontChars;

  const candidates: Candidate[] = [];
  for (const page of pages) {
    const lines = page.lines.filter((l) => !l.furniture && !l.rotated);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const kind = candidateKind(line, body, rarity(line.font));
      if (!kind) continue;
      const last = candidates.at(-1);
      const prevLine = lines[i - 1];
      // A wrapped heading: same look, right under the previous line (runs over three lines are dropped below).
      if (
        last &&
        prevLine &&
        last.lines.at(-1) === prevLine &&
        last.kind === kind &&
        Math.abs(last.size - line.size) < 0.3 &&
        (kind === "size" || prevLine.font === line.font) &&
        prevLine.y - line.y > 0 &&
        prevLine.y - line.y <= 2 * line.size
      ) {
        last.lines.push(line);
        continue;
      }
      candidates.push({ lines: [line], size: line.size, kind });
    }
  }

  // Many lines of one larger size on a single page are a figure or a table, not headings.
  const titled = candidates.filter((c) => c.kind === "size" && looksLikeTitle(c.lines.map((l) => l.text).join(" ")));
  const perPage = countBy(
    titled.map((c) => c.lines[0]!),
    (l) => `${l.page}|${sizeKey(l.size)}`,
    () => 1,
  );
  const accepted = candidates.filter((c) => {
    const text = c.lines.map((l) => l.text).join(" ");
    // More than three lines in one style is a paragraph set large (a blurb), not a heading.
    if (c.lines.length > 3 || !looksLikeTitle(text) || /[<>{}=]|\p{Ll}\. \p{Lu}/u.test(text)) return false;
    if (c.kind === "size" && (perPage.get(`${c.lines[0]!.page}|${sizeKey(c.size)}`) ?? 0) >= 5) return false;
    const first = c.lines[0]!;
    const lastLine = c.lines.at(-1)!;
    const page = pages[first.page - 1]!.lines.filter((l) => !l.furniture && !l.rotated);
    const at = page.indexOf(first);
    const prev = page[at - 1];
    const next = page[page.indexOf(lastLine) + 1];
    // A sentence set in bold or large type goes on in lower case, in its own size; a heading does
    // not (the body under a large heading may open with a lower-case name: "bzip2 compresses").
    const sameSize = next && (c.kind === "font" || Math.abs(next.size - lastLine.size) < 0.5);
    if (next && sameSize && /^\p{Ll}/u.test(next.text) && next.y < lastLine.y) return false;
    // Figure labels and table cells jump around; a heading has its text below it.
    if (next && next.y > lastLine.y - 0.3 * lastLine.size && Math.abs(next.x - lastLine.x) < 150) return false;
    if (c.kind === "font") {
      if (CAPTION.test(text)) return false;
      // A bold line is a heading only when a paragraph of the same size in a common font follows.
      if (
        next &&
        (next.font === first.font || (next.font !== body.font && rarity(next.font) < 0.2) || Math.abs(next.size - first.size) > 0.5)
      )
        return false;
      // Bold column heads over rows of figures are a table, not a heading.
      if (next && next.text.split(/\s+/).filter((w) => /^[0-9.,%]+$/.test(w)).length >= 3) return false;
      const leading = body.leading.get(sizeKey(first.size)) ?? first.size * 1.2;
      const gapAbove = prev && prev.y > first.y ? prev.y - first.y : Number.POSITIVE_INFINITY;
      const gapBelow = next && next.y < lastLine.y ? lastLine.y - next.y : Number.POSITIVE_INFINITY;
      if (gapAbove < 1.3 * leading || gapBelow < 1.1 * leading) return false;
    }
    return true;
  });

  // A size used mostly for ordinary lines (callouts, large-print slides) is body text, not
  // headings. Covers (first and last page) set names and blurbs large, so they do not count.
  const inner = (l: PdfLine) => pages.length <= 2 || (l.page !== 1 && l.page !== pages.length);
  const linesPerSize = countBy(
    all.filter(inner),
    (l) => sizeKey(l.size),
    () => 1,
  );
  const headingsPerSize = countBy(
    accepted.flatMap((c) => (c.kind === "size" ? c.lines : [])).filter(inner),
    (l) => sizeKey(l.size),
    () => 1,
  );
  const headings = accepted.filter(
    (c) => c.kind === "font" || (headingsPerSize.get(sizeKey(c.size)) ?? 0) >= 0.5 * (linesPerSize.get(sizeKey(c.size)) ?? 0),
  );
  if (headings.length === 0 || headings.length > 0.3 * all.length) return [];

  // Sizes seen only on the first or last page (cover title, back cover) name no chapters:
  // their headings stand alone instead of parenting the whole document.
  const lastPage = pages.length;
  const coverOnly = new Set<number>();
  for (const key of new Set(headings.map((h) => sizeKey(h.size)))) {
    const same = headings.filter((h) => h.kind === "size" && sizeKey(h.size) === key);
    if (lastPage > 2 && same.length > 0 && same.every((h) => h.lines[0]!.page === 1 || h.lines[0]!.page === lastPage)) coverOnly.add(key);
  }
  const distinct = (kind: Candidate["kind"]) =>
    [...new Set(headings.filter((h) => h.kind === kind).map((h) => sizeKey(h.size)))].sort((a, b) => b - a);
  const sizes = distinct("size").filter((k) => !coverOnly.has(k));
  const fontSizes = distinct("font");
  const stack: { level: number; title: string }[] = [];
  return headings.map((h) => {
    const title = h.lines
      .map((l) => l.text)
      .join(" ")
      .replace(/\s+/g, " ")
      .trim();
    const first = h.lines[0]!;
    const standalone = { title, path: [title], page: first.page, line: first.index, headingLines: h.lines.length, headingFound: true };
    if (h.kind === "size" && coverOnly.has(sizeKey(h.size))) return standalone;
    const level = h.kind === "font" ? sizes.length + fontSizes.indexOf(sizeKey(h.size)) : sizes.indexOf(sizeKey(h.size));
    while (stack.length > 0 && stack.at(-1)!.level >= level) stack.pop();
    stack.push({ level, title });
    return { ...standalone, path: stack.map((s) => s.title) };
  });
}

function candidateKind(line: PdfLine, body: BodyStats, fontRarity: number): Candidate["kind"] | null {
  if (line.monospace || isTocLine(line.text) || line.text.length > 150) return null;
  if (line.size >= body.size * SIZE_RATIO) return "size";
  // Small print (rule text, notes) has its own bold headings, hence sizes down to 70% of the body.
  const textSized = line.size <= body.size + 0.5 && line.size >= 0.7 * body.size;
  if (textSized && line.font !== body.font && line.fontShare >= 0.95 && fontRarity < 0.2) return "font";
  return null;
}

function bodyStats(lines: PdfLine[]): BodyStats | null {
  const bySize = countBy(lines, (l) => sizeKey(l.size));
  let size = 0;
  let best = 0;
  for (const [s, n] of bySize)
    if (n > best) {
      best = n;
      size = s;
    }
  if (best === 0) return null;
  const bodyLines = lines.filter((l) => Math.abs(l.size - size) <= 0.5);
  const fonts = countBy(bodyLines, (l) => l.font);
  const font = [...fonts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
  const gaps = new Map<number, number[]>();
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1]!;
    const b = lines[i]!;
    const dy = a.y - b.y;
    if (a.page === b.page && sizeKey(a.size) === sizeKey(b.size) && dy > 0.8 * b.size && dy < 2.5 * b.size) {
      gaps.set(sizeKey(b.size), [...(gaps.get(sizeKey(b.size)) ?? []), dy]);
    }
  }
  const leading = new Map([...gaps].map(([k, list]) => [k, list.sort((x, y) => x - y)[Math.floor(list.length / 2)]!]));
  return { size, font, leading };
}

/** Captions and labels stand alone in bold too, but head no section. */
const CAPTION = /^(figure|fig\.|table|tab\.|abbildung|tabelle|example|listing|note|algorithm)\s*[0-9A-Z]/i;

/** Sizes within half a point are one size. */
function sizeKey(size: number): number {
  return Math.round(size * 2) / 2;
}

/** Sums `weight` (characters by default) per key. */
function countBy<K>(lines: PdfLine[], key: (l: PdfLine) => K, weight: (l: PdfLine) => number = (l) => l.text.length): Map<K, number> {
  const counts = new Map<K, number>();
  for (const l of lines) counts.set(key(l), (counts.get(key(l)) ?? 0) + weight(l));
  return counts;
}
