import { baseName, dedent, trimBlankLines } from "../read-text.js";
import { parseDoc } from "./docstring.js";
import { isExamplePath, mergeParams, scriptTitle, type CodeEntry, type ParamDoc } from "./entry.js";
import { splitTopLevel } from "./split-args.js";

/** A statement as Python sees it: physical lines joined across brackets, strings and `\`. */
interface LogicalLine {
  first: number;
  last: number;
  indent: number;
  text: string;
}

/**
 * Finds classes, functions and methods in Python source, with their docstrings
 * (numpydoc, Google or Sphinx style). Example files and files that are mostly top-level
 * statements also get one "script" entry holding the whole file.
 */
export function parsePython(path: string, source: string): { entries: CodeEntry[]; description: string } {
  const lines = source.split("\n");
  const logical = logicalLines(lines);
  const entries: CodeEntry[] = [];
  const moduleDoc = logical[0] && logical[0].indent === 0 ? docstringOf(logical[0].text) : undefined;
  let definitionLines = 0;

  for (const def of findDefinitions(logical, 0, logical.length, 0, lines.length)) {
    definitionLines += def.endLine - def.startLine + 1;
    if (def.kind === "class") {
      const methods = findDefinitions(logical, def.header + 1, def.endIndex, def.bodyIndent, def.endLine + 1);
      const hidden = new Set<number>();
      for (const m of methods) for (let l = m.startLine; l <= m.endLine; l++) hidden.add(l);
      entries.push(toEntry(lines, logical, def, "class", [def.name], hidden));
      for (const m of methods) {
        if (m.kind === "def") entries.push(toEntry(lines, logical, m, "method", [def.name, m.name], new Set()));
      }
    } else {
      entries.push(toEntry(lines, logical, def, "function", [def.name], new Set()));
    }
  }

  const codeLines = logical.reduce((n, l) => n + l.last - l.first + 1, 0);
  const topLevel = logical.filter((l) => l.indent === 0 && !/^(import|from|def|async\s+def|class|@)\b|^@/.test(l.text));
  const scriptLines = codeLines - definitionLines - (moduleDoc !== undefined ? logical[0]!.last - logical[0]!.first + 1 : 0);
  const isScript = isExamplePath(path) || entries.length === 0 || (topLevel.length >= 3 && scriptLines >= codeLines / 2);
  // Example scripts often say what they do only in their main() docstring.
  const main = entries.find((e) => e.kind === "function" && e.name === "main");
  const description = moduleDoc ? parseDoc(moduleDoc).description : (main?.description ?? "");
  const name = baseName(path);
  if (isScript) {
    entries.unshift({
      kind: "script",
      name,
      path: [name],
      title: scriptTitle(name, description.split("\n")[0]),
      signature: name,
      doc: "",
      code: lines,
      params: [],
      description,
      whole: true,
    });
  } else if (moduleDoc?.trim()) {
    entries.unshift({ kind: "module", name, path: [name], signature: name, doc: moduleDoc, code: [], params: [], description });
  }
  return { entries, description };
}

interface Definition {
  kind: "def" | "class";
  name: string;
  header: number;
  decorators: string[];
  startLine: number;
  endLine: number;
  endIndex: number;
  bodyIndent: number;
}

function findDefinitions(logical: LogicalLine[], from: number, to: number, indent: number, limitLine: number): Definition[] {
  const defs: Definition[] = [];
  let decorators: LogicalLine[] = [];
  for (let i = from; i < to; i++) {
    const line = logical[i]!;
    if (line.indent < indent) break;
    if (line.indent > indent) continue;
    if (line.text.startsWith("@")) {
      decorators.push(line);
      continue;
    }
    const m = /^(?:async\s+)?(def|class)\s+([A-Za-z_]\w*)/.exec(line.text);
    if (!m) {
      decorators = [];
      continue;
    }
    let end = i + 1;
    while (end < to && logical[end]!.indent > indent) end++;
    const endLine = end < to ? logical[end]!.first - 1 : limitLine - 1;
    const lastBody = logical[end - 1]!;
    defs.push({
      kind: m[1] as "def" | "class",
      name: m[2]!,
      header: i,
      decorators: decorators.map((d) => d.text),
      startLine: decorators[0]?.first ?? line.first,
      endLine: Math.min(endLine, lastBody.last),
      endIndex: end,
      bodyIndent: logical[i + 1] && logical[i + 1]!.indent > indent ? logical[i + 1]!.indent : indent + 4,
    });
    decorators = [];
    i = end - 1;
  }
  return defs;
}

function toEntry(
  lines: string[],
  logical: LogicalLine[],
  def: Definition,
  kind: "function" | "class" | "method",
  path: string[],
  hidden: Set<number>,
): CodeEntry {
  const header = logical[def.header]!;
  const bodyFirst = logical[def.header + 1];
  const docLine = bodyFirst && bodyFirst.indent > header.indent ? bodyFirst : undefined;
  const doc = docLine ? docstringOf(docLine.text) : undefined;
  if (doc !== undefined && docLine) for (let l = docLine.first; l <= docLine.last; l++) hidden.add(l);

  const signature = oneLine(header.text).replace(/:\s*$/, "");
  const parsed = parseDoc(doc ?? "");
  const fromSignature = def.kind === "def" ? signatureParams(signature, kind === "method") : [];
  const returnType = /\)\s*->\s*(.+)$/.exec(signature)?.[1]?.trim();
  const returns = parsed.returns ?? returnType;
  const code: string[] = [];
  for (let l = def.startLine; l <= def.endLine; l++) if (!hidden.has(l)) code.push(lines[l]!);

  return {
    kind,
    name: def.name,
    path,
    signature,
    doc: doc ?? "",
    code: dedent(code),
    params: mergeParams(fromSignature, parsed.params),
    description: parsed.description,
    ...(returns ? { returns } : {}),
    ...(def.decorators.length ? { extra: { decorators: def.decorators } } : {}),
  };
}

/** Parameters from `def name(a, b: int = 1, *args, **kw)`; `self`/`cls` of methods left out. */
function signatureParams(signature: string, isMethod: boolean): ParamDoc[] {
  const open = signature.indexOf("(");
  const close = signature.lastIndexOf(")");
  if (open === -1 || close <= open) return [];
  const params: ParamDoc[] = [];
  for (const part of splitTopLevel(signature.slice(open + 1, close), ",")) {
    const text = part.trim();
    if (!text || text === "/" || text === "*") continue;
    const [head, ...defaultParts] = splitTopLevel(text, "=");
    const [name, ...typeParts] = splitTopLevel(head!, ":");
    const param: ParamDoc = { name: name!.trim() };
    if (typeParts.length) param.type = typeParts.join(":").trim();
    if (defaultParts.length) param.default = defaultParts.join("=").trim();
    params.push(param);
  }
  if (isMethod && params[0] && /^(self|cls)$/.test(params[0].name)) params.shift();
  return params;
}

/** The text of a string-literal statement, cleaned like `inspect.cleandoc`; undefined when it is not one. */
function docstringOf(statement: string): string | undefined {
  const m = /^[rRuU]{0,2}("""|'''|"|')([\s\S]*)\1\s*$/.exec(statement.trim());
  if (!m) return undefined;
  const [first = "", ...rest] = m[2]!.split("\n");
  return trimBlankLines([first.trim(), ...dedent(rest)]).join("\n");
}

function oneLine(text: string): string {
  return text
    .split("\n")
    .map((l) => l.trim())
    .join(" ")
    .replace(/\(\s+/g, "(")
    .replace(/,?\s+\)/g, ")")
    .replace(/\s+/g, " ");
}

/** Joins physical lines into statements, skipping blank and comment-only lines. */
function logicalLines(lines: string[]): LogicalLine[] {
  const out: LogicalLine[] = [];
  let current: LogicalLine | undefined;
  let quote: string | undefined;
  let depth = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!current) {
      const t = line.trim();
      if (!t || t.startsWith("#")) continue;
      current = { first: i, last: i, indent: line.length - line.trimStart().length, text: "" };
    }
    current.text += (current.text ? "\n" : "") + line;
    current.last = i;
    let continued = false;
    for (let c = 0; c < line.length; c++) {
      const ch = line[c]!;
      if (quote) {
        if (ch === "\\") c++;
        else if (line.startsWith(quote, c)) {
          c += quote.length - 1;
          quote = undefined;
        }
        continue;
      }
      if (ch === "#") break;
      if (ch === '"' || ch === "'") quote = line.startsWith(ch.repeat(3), c) ? ch.repeat(3) : ch;
      if (quote && quote.length === 3) c += 2;
      else if ("([{".includes(ch)) depth++;
      else if (")]}".includes(ch)) depth = Math.max(0, depth - 1);
      else if (ch === "\\" && c === line.length - 1) continued = true;
    }
    // An unclosed one-quote string ends with its line; only triple quotes span lines.
    if (quote && quote.length === 1) quote = undefined;
    if (!quote && depth === 0 && !continued) {
      current.text = current.text.trim();
      out.push(current);
      current = undefined;
    }
  }
  if (current) out.push({ ...current, text: current.text.trim() });
  return out;
}
