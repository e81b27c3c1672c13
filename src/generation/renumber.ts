/**
 * Dense citation numbers: an answer's `[n]` renumbered 1..m in the order they first appear, with
 * markers pointing at no block dropped. Code (fenced blocks and inline spans) is left as written:
 * `x = [2]` in MATLAB is not a citation.
 */

/** What renumbering did: the new text, the old numbers in their new order, the numbers dropped. */
export interface Renumbered {
  answer: string;
  /** `order[i]` is the old number now cited as `i + 1`. */
  order: number[];
  /** Cited numbers that point at no block (removed from the text). */
  dropped: number[];
}

const MARKER_AT = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/y;
const BACKTICKS = /`+/y;
/** The start of a marker whose end has not arrived yet (`[1`, `[1, 2`). */
const PARTIAL_MARKER = /(?<![\w])\[[\d,\s]{0,24}$/;

/** Whether the backtick at `i` opens an inline code span: another one closes it on the same line. */
function opensSpan(text: string, i: number): boolean {
  const close = text.indexOf("`", i + 1);
  const eol = text.indexOf("\n", i + 1);
  return close !== -1 && (eol === -1 || close < eol);
}

/**
 * One pass over `text`; `order` and `dropped` are filled as markers are met. With `mask`, markers
 * keep their numbers and `[` inside code becomes `⟦`.
 */
function rewrite(text: string, valid: (n: number) => boolean, mask = false): Renumbered {
  const order: number[] = [];
  const dropped: number[] = [];
  let out = "";
  let fence = false;
  let inline = false;
  for (let i = 0; i < text.length;) {
    const ch = text[i]!;
    if (ch === "`") {
      BACKTICKS.lastIndex = i;
      const run = BACKTICKS.exec(text)![0];
      if (run.length >= 3) fence = !fence;
      else if (!fence) inline = inline ? false : opensSpan(text, i + run.length - 1);
      out += run;
      i += run.length;
      continue;
    }
    if (ch === "\n") inline = false;
    if (mask && ch === "[" && (fence || inline)) {
      out += "\u27e6";
      i++;
      continue;
    }
    MARKER_AT.lastIndex = i;
    const m = !fence && !inline && ch === "[" && !/\w/.test(text[i - 1] ?? "") ? MARKER_AT.exec(text) : null;
    if (m && mask) {
      out += m[0];
      i += m[0].length;
      continue;
    }
    if (!m) {
      out += ch;
      i++;
      continue;
    }
    const kept: number[] = [];
    for (const n of (m[1] ?? "").split(",").map((x) => Number(x.trim()))) {
      if (!valid(n)) {
        if (!dropped.includes(n)) dropped.push(n);
        continue;
      }
      if (!order.includes(n)) order.push(n);
      const dense = order.indexOf(n) + 1;
      if (!kept.includes(dense)) kept.push(dense);
    }
    // A marker with nothing left goes with the space before it ("text [9]." → "text.").
    if (kept.length === 0) out = out.replace(/[ \t]$/, "");
    else out += `[${kept.join(", ")}]`;
    i += m[0].length;
  }
  return { answer: out, order, dropped };
}

/**
 * The answer with `[` inside code replaced by `⟦`, so that a reader of `[n]` markers (the eval's
 * citation check) sees the citations only, as {@link renumberCitations} does.
 * @example
 * maskCodeMarkers("See [1]. `x[2]`"); // "See [1]. `x⟦2]`"
 */
export function maskCodeMarkers(answer: string): string {
  return rewrite(answer, () => true, true).answer;
}

/**
 * The citation numbers of an answer in order of first mention, markers in code left out (as
 * {@link renumberCitations} reads them).
 * @example
 * citationOrder("A [2]. `x[1]` B [1, 2]."); // [2, 1]
 */
export function citationOrder(answer: string): number[] {
  return rewrite(answer, () => true).order;
}

/**
 * Renumbers an answer's citations densely (1..m in order of first appearance) and drops those
 * pointing at no block (`valid`: the block numbers the answer was written against).
 * @example
 * renumberCitations("A [4]. B [1, 4]. C [9].", new Set([1, 2, 3, 4])).answer; // "A [1]. B [2, 1]. C."
 */
export function renumberCitations(answer: string, valid: ReadonlySet<number>): Renumbered {
  return rewrite(answer, (n) => valid.has(n));
}

/**
 * {@link renumberCitations} over text arriving in pieces (a model's tokens): {@link push} returns
 * what can be shown now, holding back a marker, a run of backticks or trailing white space until
 * what follows decides it, so the pieces shown join to exactly the renumbered whole.
 */
export class CitationRenumberer {
  private raw = "";
  private shown = 0;

  constructor(private readonly valid: ReadonlySet<number>) {}

  /** Adds a piece of the answer; returns the renumbered text that is now final. */
  push(piece: string): string {
    this.raw += piece;
    return this.emit(this.safeEnd());
  }

  /** The rest, once the answer is complete. */
  end(): string {
    return this.emit(this.raw.length);
  }

  /** The renumbered answer so far (complete after {@link end}). */
  result(): Renumbered {
    return renumberCitations(this.raw, this.valid);
  }

  private emit(end: number): string {
    const { answer } = renumberCitations(this.raw.slice(0, end), this.valid);
    const delta = answer.slice(this.shown);
    this.shown = Math.max(this.shown, answer.length);
    return delta;
  }

  /** Where the raw text may be cut now without deciding anything that a later piece could change. */
  private safeEnd(): number {
    let end = this.raw.length;
    const partial = PARTIAL_MARKER.exec(this.raw);
    if (partial) end = partial.index;
    while (end > 0 && /[ \t`]/.test(this.raw[end - 1]!)) end--;
    // A backtick with no partner before the cut on its line may open a code span: wait for the line to tell.
    const line = this.raw.lastIndexOf("\n", end - 1) + 1;
    const ticks = [...this.raw.slice(line, end).matchAll(/(?<!`)`(?!`)/g)].map((m) => line + m.index);
    if (ticks.length % 2 === 1) end = ticks.at(-1)!;
    return end;
  }
}
