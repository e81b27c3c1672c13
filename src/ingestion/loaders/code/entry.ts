import type { LoadedSection } from "../../types.js";
import { trimBlankLines } from "../read-text.js";

/** What an entry of source code is; "module", "interface", "type" and "variable" extend the usual four. */
export type CodeKind = "function" | "class" | "method" | "script" | "module" | "interface" | "type" | "variable";

/** One documented parameter (or option field) of a code entry. */
export interface ParamDoc {
  name: string;
  description?: string;
  default?: string;
  type?: string;
}

/** A function, class, method or script found in a source file, before it becomes a section. */
export interface CodeEntry {
  kind: CodeKind;
  /** Bare name, e.g. `makeTrapezoid`, `write`. */
  name: string;
  /** Section path: `[name]`, or `[Class, method]`. */
  path: string[];
  /** Section title; the name unless a script gives a better one. */
  title?: string;
  /** The declaration on one line, e.g. `function grad = makeTrapezoid(channel, varargin)`. */
  signature: string;
  /** The doc comment or docstring as plain text, comment markers removed. */
  doc: string;
  /** Source lines shown after the doc: the signature and body, doc comment left out. */
  code: string[];
  params: ParamDoc[];
  returns?: string;
  description: string;
  /** Keep every line of `code` (scripts and examples are read whole). */
  whole?: boolean;
  /** Extra metadata, e.g. `{ qualifiedName, decorators, examples }`. */
  extra?: Record<string, unknown>;
}

/** Long bodies are cut here: the opening lines say what a function does, the rest mostly how. */
export const MAX_BODY_LINES = 60;

/** Renders an entry as a section: doc text, then the code (cut after {@link MAX_BODY_LINES} lines). */
export function entryToSection(entry: CodeEntry, language: string): LoadedSection {
  let code = trimBlankLines(entry.code);
  if (!entry.whole && code.length > MAX_BODY_LINES) {
    const hidden = code.length - MAX_BODY_LINES;
    code = [...code.slice(0, MAX_BODY_LINES), `… (${hidden} more line${hidden === 1 ? "" : "s"})`];
  }
  const parts = [entry.doc.trim(), code.join("\n")].filter(Boolean);
  const metadata: Record<string, unknown> = {
    language,
    kind: entry.kind,
    name: entry.name,
    signature: entry.signature,
    params: entry.params,
    description: entry.description,
    ...(entry.returns ? { returns: entry.returns } : {}),
    ...entry.extra,
  };
  return { title: entry.title ?? entry.name, path: entry.path, content: parts.join("\n\n"), metadata };
}

/**
 * Merges parameter facts from several places (signature, doc block, argument parser),
 * matching names case-insensitively; earlier sources fix the order, later ones fill gaps.
 */
export function mergeParams(...sources: ParamDoc[][]): ParamDoc[] {
  const merged: ParamDoc[] = [];
  const key = (name: string) => name.replace(/^(\*+|\.\.\.)/, "");
  for (const source of sources) {
    // Case is ignored only across sources: `delta` and `DELTA` in one signature are two parameters.
    const earlier = [...merged];
    for (const param of source) {
      const name = key(param.name);
      const existing =
        merged.find((p) => key(p.name) === name) ?? unique(earlier.filter((p) => key(p.name).toLowerCase() === name.toLowerCase()));
      if (!existing) {
        merged.push({ ...param });
        continue;
      }
      existing.description ??= param.description;
      existing.default ??= param.default;
      existing.type ??= param.type;
    }
  }
  return merged.map((p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== "")) as unknown as ParamDoc);
}

function unique<T>(items: T[]): T | undefined {
  return items.length === 1 ? items[0] : undefined;
}

/**
 * The words a file name is made of: `writeGradientEcho3D.m` → `write gradient echo 3D`,
 * `write_epi_se.py` → `write epi se`. Example files say what they are mostly in their names.
 */
export function nameWords(fileName: string): string[] {
  return fileName
    .replace(/\.[A-Za-z0-9]+$/, "")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Za-z])(\d)/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((w) => (/^[A-Z][a-z]+$/.test(w) ? w.toLowerCase() : w));
}

/**
 * A script's title: its file name with the words in it (so they weigh as a title), and the
 * opening comment when that says what the script is.
 * @example
 * scriptTitle("writeGradientEcho3D.m", undefined); // "writeGradientEcho3D.m (write gradient echo 3D)"
 */
export function scriptTitle(fileName: string, firstComment: string | undefined): string {
  const words = nameWords(fileName);
  const named = words.length > 1 ? `${fileName} (${words.join(" ")})` : fileName;
  const summary = firstComment?.replace(/\s+/g, " ").trim();
  if (!summary || summary.split(" ").length < 3 || !/[a-z]/i.test(summary)) return named;
  return `${named}: ${summary.length > 90 ? `${summary.slice(0, 87)}…` : summary}`;
}

/** Whether a path looks like an examples or demo folder, whose files are read whole. */
export function isExamplePath(path: string): boolean {
  return path
    .split(/[\\/]/)
    .slice(0, -1)
    .some((segment) => /^(examples?|demo.*|tutorials?|samples?|scripts)$/i.test(segment));
}
