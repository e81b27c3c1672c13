import { dedent, trimBlankLines } from "../read-text.js";
import type { ParamDoc } from "./entry.js";

/** What a doc comment says, whatever its style (numpydoc, Google, Sphinx, MATLAB help). */
export interface ParsedDoc {
  /** Text before the first section header, plus a PURPOSE/Description section when there is one. */
  description: string;
  params: ParamDoc[];
  returns?: string;
}

const PARAM_HEADERS = new Set([
  "parameters",
  "params",
  "args",
  "arguments",
  "inputs",
  "input",
  "input arguments",
  "keyword args",
  "keyword arguments",
  "other parameters",
  "options",
  "name-value arguments",
  "name/value pairs",
]);
const RETURN_HEADERS = new Set(["returns", "return", "return values", "return value", "outputs", "output", "output arguments", "yields"]);
const DESCRIPTION_HEADERS = new Set(["purpose", "description"]);
const OTHER_HEADERS = new Set([
  "raises",
  "errors",
  "notes",
  "note",
  "examples",
  "example",
  "see also",
  "references",
  "signatures",
  "syntax",
  "usage",
  "warnings",
  "warning",
  "attributes",
  "methods",
  "properties",
  "todo",
  "algorithm",
  "version",
]);

interface Block {
  header: string;
  lines: string[];
}

/** Parses a doc comment already stripped of comment markers. */
export function parseDoc(text: string): ParsedDoc {
  const lines = dedent(text.split("\n"));
  const { lead, blocks } = splitBlocks(lines);
  const sphinx = parseSphinxFields(lines);

  const params: ParamDoc[] = [...sphinx.params];
  const returns: string[] = sphinx.returns ? [sphinx.returns] : [];
  const description = [flatten(lead.filter((l) => !/^\s*:\w/.test(l)))];
  for (const block of blocks) {
    if (PARAM_HEADERS.has(block.header)) params.push(...parseParamBlock(block.lines));
    else if (RETURN_HEADERS.has(block.header)) returns.push(dedent(trimBlankLines(block.lines)).join("\n"));
    else if (DESCRIPTION_HEADERS.has(block.header)) description.push(flatten(block.lines));
  }
  return {
    description: description.filter(Boolean).join("\n\n"),
    params,
    ...(returns.length ? { returns: returns.join("\n") } : {}),
  };
}

/** Prose with its line indentation dropped and blank-line runs collapsed. */
function flatten(lines: string[]): string {
  return lines
    .map((l) => l.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function splitBlocks(lines: string[]): { lead: string[]; blocks: Block[] } {
  const lead: string[] = [];
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const header = headerName(line, lines[i + 1]);
    if (header) {
      blocks.push({ header: header.name, lines: header.inline ? [header.inline] : [] });
      if (header.underlined) i++;
      continue;
    }
    const current = blocks[blocks.length - 1];
    (current ? current.lines : lead).push(line);
  }
  return { lead, blocks };
}

/** Recognises "Parameters" + dashes (numpydoc), "Args:" (Google), "INPUTS" (MATLAB help) lines. */
function headerName(line: string, next: string | undefined): { name: string; underlined: boolean; inline?: string } | undefined {
  const t = line.trim();
  if (!t || t.length > 40) return undefined;
  if (next !== undefined && /^\s*-{3,}\s*$/.test(next) && /^[A-Za-z][A-Za-z /-]*$/.test(t)) {
    return { name: t.toLowerCase(), underlined: true };
  }
  const m = /^([A-Za-z][A-Za-z /-]*?)\s*:\s*(.*)$/.exec(t);
  if (m) {
    const name = m[1]!.toLowerCase();
    const known = PARAM_HEADERS.has(name) || RETURN_HEADERS.has(name) || DESCRIPTION_HEADERS.has(name) || OTHER_HEADERS.has(name);
    // "Returns: the area" keeps its text; "Args: x, y" style inline param lists are rare enough to skip.
    if (known && (!m[2] || RETURN_HEADERS.has(name))) return { name, underlined: false, ...(m[2] ? { inline: m[2] } : {}) };
    return undefined;
  }
  const name = t.toLowerCase();
  if (PARAM_HEADERS.has(name) || RETURN_HEADERS.has(name) || DESCRIPTION_HEADERS.has(name) || OTHER_HEADERS.has(name)) {
    return { name, underlined: false };
  }
  // MATLAB help often uses any all-caps line as a header ("ERRORS", "SEE ALSO").
  if (/^[A-Z][A-Z /-]{2,}$/.test(t) && t.split(/\s+/).length <= 3) return { name, underlined: false };
  return undefined;
}

/**
 * Reads a parameter block: an entry starts at the block's smallest indentation, deeper lines
 * continue it. Entry shapes: `name : type, default=1` (numpydoc), `name (type): text` (Google),
 * `name  [required]  text` or `'Name'  text` (MATLAB help), `name - text`, `- name: text`.
 */
export function parseParamBlock(rawLines: string[]): ParamDoc[] {
  const lines = trimBlankLines(rawLines);
  const indents = lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length);
  const base = indents.length ? Math.min(...indents) : 0;
  const params: ParamDoc[] = [];
  let current: { param: ParamDoc; text: string[] } | undefined;
  const close = () => {
    if (!current) return;
    const description = current.text.join(" ").replace(/\s+/g, " ").trim();
    if (description) current.param.description = description;
    current.param.default ??= defaultIn(description);
    params.push(current.param);
    current = undefined;
  };
  for (const line of lines) {
    if (!line.trim()) continue;
    const indent = line.length - line.trimStart().length;
    const entry = indent === base ? parseEntryLine(line.trim()) : undefined;
    if (entry) {
      close();
      current = { param: entry.param, text: entry.text ? [entry.text] : [] };
    } else if (current) {
      current.text.push(line.trim());
    }
  }
  close();
  return params;
}

function parseEntryLine(line: string): { param: ParamDoc; text?: string } | undefined {
  const m = /^(?:[-*•]\s+)?(?:\*\*)?['"`]?(\*{0,2}[A-Za-z_][\w.]*)['"`]?(?:\*\*)?(.*)$/.exec(line);
  if (!m) return undefined;
  const name = m[1]!;
  const rest = m[2]!;
  let r: RegExpExecArray | null;
  if ((r = /^\s+:\s*(.*)$/.exec(rest)) || (r = /^\s*:\s*$/.exec(rest))) {
    // numpydoc: "name : type, optional" or "name : type, default=1".
    const typeLine = (r[1] ?? "").trim();
    const type = typeLine.replace(/,?\s*(optional\b.*|default\b.*)$/i, "").trim();
    const fallback = defaultIn(typeLine);
    return { param: { name, ...(type ? { type } : {}), ...(fallback ? { default: fallback } : {}) } };
  }
  if ((r = /^\s*\(([^)]*)\)\s*[:\-–]?\s*(.*)$/.exec(rest))) {
    const type = r[1]!.replace(/[*`]/g, "").trim();
    return { param: { name, ...(type ? { type } : {}) }, text: r[2]! };
  }
  if ((r = /^:\s*(.*)$/.exec(rest)) || (r = /^\s+[-–]\s+(.*)$/.exec(rest))) return { param: { name }, text: r[1]! };
  if ((r = /^\s+(\[[^\]]*\].*)$/.exec(rest)) || (r = /^\s{2,}(\S.*)$/.exec(rest))) return { param: { name }, text: r[1]! };
  return undefined;
}

/** Finds "default 0", "default=None", "Default is False", "defaults to mr.opts()" in a description. */
export function defaultIn(text: string): string | undefined {
  const m = /\bdefaults?(?:\s+(?:is|to|value(?:\s+is)?))?\s*[:=]?\s*(`[^`]+`|'[^']*'|"[^"]*"|[^\s,;]+)/i.exec(text);
  if (!m) return undefined;
  const value = m[1]!.replace(/^`|`$/g, "").replace(/[.)]$/, (c) => (c === ")" && m[1]!.includes("(") ? c : ""));
  return value && !/^(if|when|the|a|an|is|to|value)$/i.test(value) ? value : undefined;
}

/** Sphinx/reST field lists: `:param type name: text`, `:type name:`, `:returns:`, `:rtype:`. */
function parseSphinxFields(lines: string[]): { params: ParamDoc[]; returns?: string } {
  const params: ParamDoc[] = [];
  const types = new Map<string, string>();
  let returns: string | undefined;
  let rtype: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*:(param|parameter|arg|argument|key|keyword|type|returns?|rtype)\b\s*([^:]*):\s*(.*)$/.exec(lines[i]!);
    if (!m) continue;
    let text = m[3]!;
    while (i + 1 < lines.length && /^\s{2,}\S/.test(lines[i + 1]!) && !/^\s*:\w/.test(lines[i + 1]!)) text += ` ${lines[++i]!.trim()}`;
    const field = m[1]!;
    const words = m[2]!.trim().split(/\s+/).filter(Boolean);
    if (field === "type" && words[0]) types.set(words[0], text.trim());
    else if (field === "rtype") rtype = text.trim();
    else if (field.startsWith("return")) returns = text.trim();
    else if (words.length) {
      const name = words[words.length - 1]!;
      const type = words.slice(0, -1).join(" ");
      const description = text.trim();
      const param: ParamDoc = { name, ...(type ? { type } : {}), ...(description ? { description } : {}) };
      const fallback = defaultIn(description);
      if (fallback) param.default = fallback;
      params.push(param);
    }
  }
  for (const p of params) p.type ??= types.get(p.name);
  const ret = [rtype, returns].filter(Boolean).join(": ");
  return { params, ...(ret ? { returns: ret } : {}) };
}
