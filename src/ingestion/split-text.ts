import { countTokens } from "./token-count.js";

/** A slice `[start, end)` of the text being split. */
export interface TextSpan {
  start: number;
  end: number;
}

interface Unit extends TextSpan {
  tokens: number;
}

/**
 * Where text may be cut, coarsest first: paragraphs (blank lines or page breaks), sentences,
 * lines. Below lines, text is cut at token counts, preferably at white space.
 */
const BOUNDARIES: RegExp[] = [/\n[ \t]*[\n\f]\s*|\f\s*/g, /(?<=[.!?]["')\]]*)\s+(?=\S)/g, /\n+/g];

/**
 * Cuts `text` into spans of at most `maxTokens` tokens, each after the first starting with
 * about `overlapTokens` tokens from the end of the one before. Cuts fall on paragraph, then
 * sentence, then line, then token boundaries. Spans exclude white space at their ends.
 */
export function splitText(text: string, maxTokens: number, overlapTokens: number): TextSpan[] {
  const overlap = Math.max(0, Math.min(overlapTokens, Math.floor(maxTokens / 4)));
  const budget = maxTokens - overlap;
  const units = atomize(text, 0, text.length, budget, 0);

  const groups: TextSpan[] = [];
  for (let i = 0; i < units.length;) {
    let j = i;
    let estimate = units[i]!.tokens;
    // Joining adds about one token per seam; the exact count below settles any doubt.
    while (j + 1 < units.length && estimate + units[j + 1]!.tokens + 1 <= budget) estimate += units[++j]!.tokens + 1;
    while (j > i && countTokens(text.slice(units[i]!.start, units[j]!.end)) > budget) j--;
    groups.push({ start: units[i]!.start, end: units[j]!.end });
    i = j + 1;
  }
  if (overlap === 0) return groups;
  return groups.map((group, k) => {
    const previous = groups[k - 1];
    if (!previous) return group;
    const start = overlapStart(text, previous.start, group.start, overlap);
    return countTokens(text.slice(start, group.end)) <= maxTokens ? { start, end: group.end } : group;
  });
}

function atomize(text: string, from: number, to: number, budget: number, level: number): Unit[] {
  const span = trimSpan(text, from, to);
  if (!span) return [];
  const tokens = countTokens(text.slice(span.start, span.end));
  if (tokens <= budget) return [{ ...span, tokens }];
  const boundary = BOUNDARIES[level];
  if (!boundary) return cutByTokens(text, span.start, span.end, budget);
  const parts = cutAt(text, span.start, span.end, boundary);
  if (parts.length <= 1) return atomize(text, span.start, span.end, budget, level + 1);
  return parts.flatMap((part) => atomize(text, part.start, part.end, budget, level + 1));
}

function cutAt(text: string, from: number, to: number, boundary: RegExp): TextSpan[] {
  const parts: TextSpan[] = [];
  const slice = text.slice(from, to);
  const re = new RegExp(boundary.source, boundary.flags);
  let last = 0;
  for (let m = re.exec(slice); m; m = re.exec(slice)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    if (m.index > last) parts.push({ start: from + last, end: from + m.index });
    last = m.index + m[0].length;
  }
  if (last < slice.length) parts.push({ start: from + last, end: to });
  return parts;
}

/** Last resort for text with no usable boundary (a minified line, a long table row). */
function cutByTokens(text: string, from: number, to: number, budget: number): Unit[] {
  const units: Unit[] = [];
  let start = from;
  while (start < to) {
    let lo = start + 1;
    let hi = Math.min(to, start + budget * 32);
    if (countTokens(text.slice(start, hi)) <= budget) lo = hi;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (countTokens(text.slice(start, mid)) <= budget) lo = mid;
      else hi = mid - 1;
    }
    let end = lo;
    if (end < to) {
      const space = text.slice(start, end).search(/\s\S*$/);
      if (space > (end - start) / 2) end = start + space;
      if (isHighSurrogate(text.charCodeAt(end - 1)) && end - 1 > start) end--;
    }
    const span = trimSpan(text, start, end);
    if (span) units.push({ ...span, tokens: countTokens(text.slice(span.start, span.end)) });
    start = end;
  }
  return units;
}

/** The latest start in `[floor, ceiling)` whose text up to `ceiling` fits `overlap` tokens, at a word start. */
function overlapStart(text: string, floor: number, ceiling: number, overlap: number): number {
  let lo = floor;
  let hi = ceiling;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (countTokens(text.slice(mid, ceiling)) <= overlap) hi = mid;
    else lo = mid + 1;
  }
  // Start the overlap where a reader would: a line, else a sentence, else a word. After a cut
  // between lines (code, lists) only whole lines are repeated, or nothing.
  const region = text.slice(lo, ceiling);
  const atBoundary = lo === floor || /\s/.test(text[lo - 1] ?? "");
  const lineStart = atBoundary && text[lo - 1] !== " " ? /^\s*\S|\n\s*\S/ : /\n\s*\S/;
  const candidates = /\n\s*$/.test(text.slice(floor, ceiling))
    ? [lineStart]
    : [lineStart, /[.!?]["')\]]*\s+\S/, atBoundary ? /^\s*\S/ : /\s\S/];
  for (const boundary of candidates) {
    const m = boundary.exec(region);
    if (m) return lo + m.index + m[0].length - 1;
  }
  return ceiling;
}

function trimSpan(text: string, from: number, to: number): TextSpan | undefined {
  let start = from;
  let end = to;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return start < end ? { start, end } : undefined;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
