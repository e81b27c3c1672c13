/** One physical line of MATLAB source, split into what the keyword scan and the parsers need. */
export interface ScannedLine {
  /** Code with comments removed and string contents blanked, for keyword matching. */
  code: string;
  /** Code with comments removed but strings kept, for reading `addParameter('name', default)`. */
  stripped: string;
  /** A comment-only line (`% ...`, or inside a `%{ ... %}` block). */
  comment: boolean;
  /** The comment text, markers removed, for comment-only lines. */
  commentText: string;
  /** Ends with `...`: the statement goes on next line. */
  continues: boolean;
}

/** A `function` found in the file, with the line its body ends on. */
export interface MatlabFunction {
  line: number;
  endLine: number;
  /** Inside a `methods` block of a classdef. */
  inMethods: boolean;
  /** Inside a `methods (Static)` block. */
  isStatic: boolean;
  /** Defined inside another function's body (a nested function). */
  nested: boolean;
}

/** Where the classdef and its functions sit in a file. */
export interface MatlabLayout {
  lines: ScannedLine[];
  functions: MatlabFunction[];
  classdef?: { line: number; endLine: number };
}

const OPENERS = new Set(["if", "for", "parfor", "while", "switch", "try", "spmd", "function", "classdef"]);
const CLASS_BLOCKS = new Set(["properties", "methods", "events", "enumeration"]);
const CLOSER = /^end(?:function|if|for|parfor|while|switch|try|_try_catch|classdef|methods|properties|events|enumeration|spmd)?$/;

/** Splits each line into code and comment, minding strings and transposes. */
export function scanLines(source: string[]): ScannedLine[] {
  let inBlock = false;
  return source.map((line) => {
    const t = line.trim();
    if (inBlock || t === "%{") {
      if (t === "%}") inBlock = false;
      else if (t === "%{") inBlock = true;
      return { code: "", stripped: "", comment: true, commentText: inBlock && t !== "%{" ? line : "", continues: false };
    }
    let code = "";
    let stripped = "";
    let quote: string | undefined;
    let continues = false;
    let i = 0;
    for (; i < line.length; i++) {
      const ch = line[i]!;
      if (quote) {
        stripped += ch;
        if (ch === quote) {
          if (line[i + 1] === quote) {
            stripped += line[++i];
            continue;
          }
          quote = undefined;
          code += ch;
        }
        continue;
      }
      if (ch === "%") break;
      if (line.startsWith("...", i)) {
        continues = true;
        break;
      }
      const transpose = ch === "'" && /[\w)\]}.']/.test(line[i - 1] ?? "");
      if ((ch === "'" && !transpose) || ch === '"') quote = ch;
      code += ch;
      stripped += ch;
    }
    const comment = !code.trim() && t.startsWith("%");
    return { code, stripped, comment, commentText: comment ? t.replace(/^%+/, "") : "", continues };
  });
}

/**
 * Finds functions and the classdef by counting block keywords against `end`. MATLAB lets a
 * file's functions go without `end`; then the counts do not balance and each function runs
 * to the next `function` line instead.
 */
export function layoutOf(lines: ScannedLine[]): MatlabLayout {
  const stack: { kind: string; fn?: MatlabFunction; isStatic?: boolean }[] = [];
  const functions: MatlabFunction[] = [];
  let classdef: MatlabLayout["classdef"];
  let depth = 0;
  let balanced = true;

  lines.forEach((line, index) => {
    const tokens = line.code.match(/\.?[A-Za-z_]\w*|[()[\]{}]/g) ?? [];
    for (const token of tokens) {
      if ("([{".includes(token)) depth++;
      else if (")]}".includes(token)) depth = Math.max(0, depth - 1);
      if (depth > 0 || token.startsWith(".")) continue;
      const top = stack[stack.length - 1];
      if (CLOSER.test(token)) {
        const closed = stack.pop();
        if (!closed) balanced = false;
        else if (closed.fn) closed.fn.endLine = index;
        else if (closed.kind === "classdef" && classdef) classdef.endLine = index;
      } else if (token === "function") {
        const methodsBlock = top?.kind === "methods" ? top : undefined;
        const fn: MatlabFunction = {
          line: index,
          endLine: -1,
          inMethods: !!methodsBlock,
          isStatic: !!methodsBlock?.isStatic,
          nested: stack.some((b) => b.kind === "function"),
        };
        functions.push(fn);
        stack.push({ kind: "function", fn });
      } else if (OPENERS.has(token)) {
        if (token === "classdef") classdef = { line: index, endLine: lines.length - 1 };
        stack.push({ kind: token });
      } else if (CLASS_BLOCKS.has(token) && top?.kind === "classdef") {
        stack.push({ kind: token, isStatic: token === "methods" && /\bStatic\b(?!\s*=\s*false)/i.test(line.code) });
      }
    }
    if (!line.continues && depth > 0 && !/[[{]\s*$/.test(line.code)) depth = 0;
  });

  if (balanced && stack.length === 0) return { lines, functions, ...(classdef ? { classdef } : {}) };
  // Functions without `end`: each one runs up to the next function line.
  const starts = functions.filter((f) => !f.inMethods).map((f) => f.line);
  const loose = starts.map((line, i) => ({
    line,
    endLine: (starts[i + 1] ?? lines.length) - 1,
    inMethods: false,
    isStatic: false,
    nested: false,
  }));
  return { lines, functions: loose };
}
