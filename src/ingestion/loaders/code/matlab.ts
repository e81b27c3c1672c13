import { baseName, dedent, trimBlankLines } from "../read-text.js";
import { parseDoc } from "./docstring.js";
import { mergeParams, scriptTitle, type CodeEntry, type ParamDoc } from "./entry.js";
import { layoutOf, scanLines, type MatlabFunction, type ScannedLine } from "./matlab-scan.js";
import { callArguments } from "./split-args.js";

/**
 * Finds functions, classdefs and methods in MATLAB source with their help text (the `%`
 * block right after the declaration, or right before it). A file without functions is a
 * script: one entry holding all of it. Functions in an `@Class/` folder are methods of Class;
 * `+pkg/` folders give the qualified name (`mr.makeTrapezoid`).
 */
export function parseMatlab(path: string, source: string): { entries: CodeEntry[]; description: string } {
  const raw = source.split("\n");
  const layout = layoutOf(scanLines(raw));
  const { lines } = layout;
  const dirs = path.split(/[\\/]/).slice(0, -1);
  const pkg = dirs
    .filter((d) => d.startsWith("+"))
    .map((d) => d.slice(1))
    .join(".");
  const folderClass = [...dirs]
    .reverse()
    .find((d) => d.startsWith("@"))
    ?.slice(1);
  const qualify = (...names: string[]) => [pkg, ...names].filter(Boolean).join(".");
  const firstCode = lines.findIndex((l) => l.code.trim());
  const fileKind = /^\s*classdef\b/.test(lines[firstCode]?.code ?? "")
    ? "class"
    : /^\s*function\b/.test(lines[firstCode]?.code ?? "")
      ? "function"
      : "script";

  const entries: CodeEntry[] = [];
  let description = "";
  const ctx = { raw, lines };

  if (fileKind === "script") {
    const lead = commentBlock(
      lines,
      Math.max(
        0,
        lines.findIndex((l) => l.comment || l.code.trim()),
      ),
      1,
    );
    description = lead ? parseDoc(lead.text).description : "";
    const name = baseName(path);
    const firstComment = lead?.text.split("\n").find((l) => /[a-z]{2}/i.test(l));
    entries.push({
      kind: "script",
      name,
      path: [name],
      title: scriptTitle(name, firstComment),
      signature: name,
      doc: "",
      code: raw,
      params: [],
      description,
      whole: true,
    });
  }

  let className: string | undefined;
  const classdef = layout.classdef;
  if (fileKind === "class" && classdef) {
    const statement = statementAt(ctx, classdef.line);
    className = /^\s*classdef\s*(?:\([^)]*\)\s*)?([A-Za-z_]\w*)/.exec(statement.code)?.[1] ?? baseName(path).replace(/\.m$/i, "");
    const help = commentBlock(lines, statement.last + 1, 1) ?? commentBlock(lines, classdef.line - 1, -1);
    const hidden = new Set<number>(help?.lines ?? []);
    for (const fn of layout.functions) if (fn.inMethods) for (let l = fn.line; l <= fn.endLine; l++) hidden.add(l);
    const doc = parseDoc(help?.text ?? "");
    description = stripName(doc.description, className);
    entries.push({
      kind: "class",
      name: className,
      path: [className],
      signature: oneLine(statement.text),
      doc: help?.text ?? "",
      code: keepLines(raw, classdef.line, classdef.endLine, hidden),
      params: [],
      description,
      extra: { qualifiedName: qualify(className) },
    });
  }

  layout.functions.forEach((fn, index) => {
    if (fn.nested) return;
    const primary = index === 0 && fileKind === "function";
    const owner = fn.inMethods ? className : primary ? folderClass : undefined;
    const entry = functionEntry(ctx, fn, owner);
    if (!entry) return;
    if (owner) entry.extra = { ...entry.extra, qualifiedName: qualify(owner, entry.name) };
    else entry.extra = { ...entry.extra, qualifiedName: primary ? qualify(entry.name) : entry.name };
    if (primary) description = entry.description;
    entries.push(entry);
  });
  return { entries, description };
}

interface Context {
  raw: string[];
  lines: ScannedLine[];
}

function functionEntry(ctx: Context, fn: MatlabFunction, owner: string | undefined): CodeEntry | undefined {
  const statement = statementAt(ctx, fn.line);
  const m = /^\s*function\s+(?:(\[[^\]]*\]|[A-Za-z_]\w*)\s*=\s*)?([A-Za-z_][\w.]*)\s*(?:\(([^)]*)\))?/.exec(statement.code);
  if (!m) return undefined;
  const name = m[2]!;
  const outputs = (m[1] ?? "")
    .replace(/[[\]]/g, "")
    .split(/[\s,]+/)
    .filter(Boolean);
  const inputs = (m[3] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s && s !== "~");

  const help = commentBlock(ctx.lines, statement.last + 1, 1) ?? commentBlock(ctx.lines, fn.line - 1, -1);
  const doc = parseDoc(help?.text ?? "");
  const isConstructor = name === owner;
  const kind = !owner ? "function" : isConstructor && !fn.inMethods ? "class" : "method";
  // A method's first input is the object itself, except in static methods and constructors.
  const positional = owner && !fn.isStatic && !isConstructor ? inputs.slice(1) : inputs;
  const documented = new Set(doc.params.map((p) => p.name.toLowerCase()));
  const fromSignature: ParamDoc[] = positional.filter((n) => n !== "varargin" || documented.has("varargin")).map((n) => ({ name: n }));

  const bodyText = ctx.lines
    .slice(statement.last + 1, fn.endLine + 1)
    .map((l) => l.stripped)
    .join("\n");
  const hidden = new Set<number>(help?.lines ?? []);
  const returns = doc.returns ?? (outputs.length ? outputs.join(", ") : undefined);
  return {
    kind,
    name,
    path: owner && kind === "method" ? [owner, name] : [name],
    signature: oneLine(statement.text),
    doc: help?.text ?? "",
    code: keepLines(ctx.raw, fn.line, fn.endLine, hidden),
    params: mergeParams(fromSignature, doc.params, parserParams(bodyText)),
    description: stripName(doc.description, name),
    ...(returns ? { returns } : {}),
  };
}

/** Name/value parameters declared through inputParser: `p.addParameter('Name', default, validator)`. */
function parserParams(body: string): ParamDoc[] {
  const params: ParamDoc[] = [];
  const re = /\b(addRequired|addOptional|addParameter|addParamValue)\s*\(/g;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const args = callArguments(body, m.index + m[0].length - 1);
    // Called as a function (`addParameter(p, 'name', ...)`) the parser comes first.
    const rest = args && !/^['"]/.test(args[0] ?? "") ? args.slice(1) : args;
    const name = /^['"]([^'"]+)['"]$/.exec(rest?.[0] ?? "")?.[1];
    if (!name || !rest) continue;
    const fallback = m[1] === "addRequired" ? undefined : rest[1]?.replace(/\s+/g, " ");
    params.push({ name, ...(fallback ? { default: fallback } : {}) });
  }
  return params;
}

/** The statement starting at `line`, followed across `...` continuations. */
function statementAt(ctx: Context, line: number): { code: string; text: string; last: number } {
  let last = line;
  while (ctx.lines[last]?.continues && last + 1 < ctx.lines.length) last++;
  const parts = ctx.lines.slice(line, last + 1);
  return { code: parts.map((l) => l.stripped).join(" "), text: parts.map((l) => l.stripped).join(" "), last };
}

/** The run of comment lines starting at `from` going `step` (1 down, -1 up), markers removed. */
function commentBlock(lines: ScannedLine[], from: number, step: 1 | -1): { text: string; lines: number[] } | undefined {
  const taken: number[] = [];
  for (let i = from; i >= 0 && i < lines.length && lines[i]!.comment; i += step) taken.push(i);
  if (!taken.length) return undefined;
  taken.sort((a, b) => a - b);
  const text = trimBlankLines(dedent(taken.map((i) => lines[i]!.commentText))).join("\n");
  return text.trim() ? { text, lines: taken } : undefined;
}

function keepLines(raw: string[], from: number, to: number, hidden: Set<number>): string[] {
  const out: string[] = [];
  for (let i = from; i <= to && i < raw.length; i++) if (!hidden.has(i)) out.push(raw[i]!);
  return dedent(out);
}

/** MATLAB help starts with the function's own name ("makeTrapezoid Create a ..."); drop it. */
function stripName(description: string, name: string): string {
  const re = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b(\\s*\\([^)]*\\))?\\s*[-:]?\\s*`, "i");
  return description.replace(re, "").trim();
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
