/**
 * Tables in a block's text, however the loader left them: Markdown pipe tables, HTML rows
 * ("a | b | c", the HTML loader's layout) and PDF column tables (a "Tag Type Description" head over
 * rows that start with a key such as `<id>`, `[BLOCKS]` or `GradientRasterTime`, wrapped lines
 * joined to their row). Found once here, rendered as Markdown for both generators.
 */

/** A table found in a text, with the lines it spans and the lines that lead into it. */
export interface TableRegion {
  header: string[];
  rows: string[][];
  /** First line of the table (its head) and the line after its last row. */
  start: number;
  end: number;
  /** The lines before the table back to the previous table, a blank line pair or the text's start (at most 8). */
  lead: string[];
}

/** A column head: capitalized words, a lower-case word joining the head before it ("Section code"). */
const HEAD_LINE = /^[A-Z][a-z]+(?: [A-Za-z][a-z]*){1,5}$/;
/** Heads whose column holds one short word at the end of a row (a unit, a status). */
const SHORT_LAST = /^(?:units?|status|default|required|optional)$/i;
const ANGLE_KEY = /^<\s*[\w.]+\s*>/;
const BRACKET_KEY = /^\[[A-Z_ ]+\]/;
/** A name-like first word: inner capitals, an underscore or digit, or an acronym. */
const NAME_KEY = /^(?:[A-Za-z]+[A-Z_0-9][\w]*|[A-Z]{2,}|[A-Z][a-z]+(?= [A-Z]))(?=\s|$)/;

type KeyStyle = "angle" | "bracket" | "name";

function keyStyle(line: string): KeyStyle | null {
  if (ANGLE_KEY.test(line)) return "angle";
  if (BRACKET_KEY.test(line)) return "bracket";
  if (NAME_KEY.test(line)) return "name";
  return null;
}

const pipeCells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());

/** Groups head words into column names: "Section Section code" → ["Section", "Section code"]. */
function headColumns(line: string): string[] {
  const cols: string[] = [];
  for (const word of line.split(" ")) {
    if (/^[a-z]/.test(word) && cols.length) cols[cols.length - 1] += ` ${word}`;
    else cols.push(word);
  }
  return cols;
}

const TAIL = /\s([a-z]{1,12}|[–-])$/;

/**
 * One PDF row's text split into the head's columns: the key, single-word middle columns, the rest,
 * and, under a short last head (`tails` not null), the row's last word when it is one of `tails`.
 */
function splitRow(text: string, columns: number, tails: ReadonlySet<string> | null): string[] {
  const key = (ANGLE_KEY.exec(text) ?? BRACKET_KEY.exec(text))?.[0] ?? text.split(" ")[0]!;
  let rest = text.slice(key.length).trim();
  const cells = [key.replace(/\s+/g, "")];
  let tail = "";
  const m = tails ? TAIL.exec(rest) : null;
  if (m && tails!.has(m[1]!)) [rest, tail] = [rest.slice(0, m.index).trim(), m[1]!];
  const middle = columns - 2 - (tails ? 1 : 0);
  for (let i = 0; i < middle; i++) {
    const word = /^(\S+)\s*/.exec(rest);
    cells.push(word?.[1] ?? "");
    rest = rest.slice(word?.[0].length ?? 0);
  }
  cells.push(rest);
  if (tails) cells.push(tail);
  return cells;
}

/** Whether a line that is not a row goes on with the row before it (a wrapped cell) rather than end the table. */
function continues(line: string): boolean {
  if (/[:]$/.test(line)) return false;
  // A long line opening with a capitalized word ("The <value> field is ...") starts prose again.
  return !(/^[A-Z][a-z]*\s+\S/.test(line) && line.length > 30);
}

/**
 * Every table in `text`, in order.
 * @example
 * findTables("Tag Type Description\n<id> integer ID of the block\n<rf> integer ID of the RF event")[0]?.rows;
 * // [["<id>", "integer", "ID of the block"], ["<rf>", "integer", "ID of the RF event"]]
 */
export function findTables(text: string): TableRegion[] {
  const lines = text.split("\n").map((l) => l.trim());
  const out: TableRegion[] = [];
  let from = 0;
  const leadOf = (start: number) => {
    const lead: string[] = [];
    for (let i = start - 1; i >= from && lead.length < 8; i--) {
      if (!lines[i] && lead.length && !lines[i - 1]) break;
      if (lines[i]) lead.unshift(lines[i]!);
      else if (lead.length) break;
    }
    return lead;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1] ?? "";
    let region: Omit<TableRegion, "lead"> | null = null;
    if (line.startsWith("|") && /^\|?\s*:?-{2,}/.test(next)) {
      let end = i + 2;
      while (end < lines.length && lines[end]!.startsWith("|")) end++;
      region = { header: pipeCells(line), rows: lines.slice(i + 2, end).map(pipeCells), start: i, end };
    } else if (line.includes(" | ") && !line.startsWith("|")) {
      const width = pipeCells(line).length;
      let end = i + 1;
      while (end < lines.length && lines[end]!.includes(" | ") && pipeCells(lines[end]!).length === width) end++;
      if (end - i >= 3) region = { header: pipeCells(line), rows: lines.slice(i + 1, end).map(pipeCells), start: i, end };
    } else if (HEAD_LINE.test(line) && keyStyle(next)) {
      region = columnTable(lines, i);
    }
    if (!region) continue;
    out.push({ ...region, lead: leadOf(region.start) });
    from = region.end;
    i = region.end - 1;
  }
  return out;
}

/** A PDF column table whose head is line `i`, or null when fewer than two rows follow it. */
function columnTable(lines: string[], i: number): Omit<TableRegion, "lead"> | null {
  const header = headColumns(lines[i]!);
  const style = keyStyle(lines[i + 1]!)!;
  const texts: string[] = [];
  let end = i + 1;
  for (; end < lines.length; end++) {
    const line = lines[end]!;
    if (!line) break;
    if (keyStyle(line) === style) texts.push(line);
    else if (texts.length && (texts.at(-1)!.endsWith("-") || continues(line))) texts[texts.length - 1] += ` ${line}`;
    else break;
  }
  if (texts.length < 2 || header.length < 2) return null;
  // A last column of one short word (a unit, "required"): the words that end two rows or more.
  let tails: Set<string> | null = null;
  if (header.length > 2 && SHORT_LAST.test(header.at(-1)!)) {
    const counts = new Map<string, number>();
    for (const w of texts.map((t) => TAIL.exec(t)?.[1]).filter((w): w is string => !!w)) counts.set(w, (counts.get(w) ?? 0) + 1);
    tails = new Set([...counts].filter(([w, c]) => c >= 2 || w === "–" || w === "-").map(([w]) => w));
  }
  return { header, rows: texts.map((t) => splitRow(t, header.length, tails)), start: i, end };
}

/** A line that spells a record's fields in angle brackets ("<id > < duration > <rf >"): a format, shown as code. */
export function isFormatLine(line: string): boolean {
  const tags = line.match(/<\s*[\w.]+\s*>/g) ?? [];
  // Besides the tags only keywords (shape_id), short words and dots: no prose.
  const rest = line
    .replace(/<\s*[\w.]+\s*>/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  return tags.length >= 2 && rest.every((w) => w.includes("_") || w.length <= 3 || /^[.…,;]+$/.test(w));
}

/** A format line tidied: `<id > < duration >` → `<id> <duration>`. */
export const tidyFormat = (line: string) => line.replace(/<\s*([\w.]+)\s*>/g, "<$1>").replace(/\s+/g, " ");

/** A cell as Markdown: pipes escaped, an angle-bracket tag in code (a renderer would eat it as HTML). */
function cell(text: string): string {
  const t = text.replace(/\|/g, "\\|");
  return /^<[\w.]+>$/.test(t) ? `\`${t}\`` : t;
}

/**
 * A table as Markdown; `cite` is appended to each row's last cell (" [3]"), so every row carries its citation.
 * @example
 * renderTable({ header: ["Tag", "Type"], rows: [["<id>", "integer"]] }, " [1]"); // "| Tag | Type |\n|---|---|\n| `<id>` | integer [1] |"
 */
export function renderTable({ header, rows }: Pick<TableRegion, "header" | "rows">, cite = ""): string {
  const width = Math.max(header.length, ...rows.map((r) => r.length));
  const pad = (r: string[]) => [...r, ...Array<string>(width - r.length).fill("")];
  const line = (r: string[], last = "") => `| ${pad(r).map(cell).join(" | ")}${last} |`;
  return [line(header), `|${Array<string>(width).fill("---").join("|")}|`, ...rows.map((r) => line(r, cite))].join("\n");
}

/**
 * The text with its tables laid out as Markdown (and format lines as code), for the generators;
 * words are kept as written, so a quote from it is a quote from the block.
 */
export function withMarkdownTables(text: string): string {
  const tables = findTables(text);
  if (tables.length === 0) return text;
  const lines = text.split("\n");
  const out: string[] = [];
  let at = 0;
  for (const t of tables) {
    out.push(...lines.slice(at, t.start).map((l) => (isFormatLine(l) ? `\`${tidyFormat(l.trim())}\`` : l)));
    out.push("", renderTable(t), "");
    at = t.end;
  }
  out.push(...lines.slice(at));
  return out.join("\n");
}
