import type * as TS from "typescript";
import { dedent, trimBlankLines } from "../read-text.js";
import type { ParamDoc } from "./entry.js";

/** What a JSDoc/TSDoc block (or, failing that, a plain leading comment) says about a node. */
export interface JsDocInfo {
  /** The whole comment as text, markers removed. */
  text: string;
  description: string;
  params: ParamDoc[];
  returns?: string;
  examples: string[];
  /** From `@default` / `@defaultValue`, for option fields. */
  defaultValue?: string;
  deprecated: boolean;
}

/** Reads the JSDoc closest to `node`; falls back to `//` or `/* *\/` comments right above it. */
export function readJsDoc(ts: typeof TS, sf: TS.SourceFile, node: TS.Node): JsDocInfo {
  const docs = ts.getJSDocCommentsAndTags(node).filter((d): d is TS.JSDoc => ts.isJSDoc(d));
  const doc = docs[docs.length - 1];
  if (!doc) {
    const text = leadingComment(ts, sf, node);
    return { text, description: text, params: [], examples: [], deprecated: false };
  }
  const params: ParamDoc[] = [];
  const examples: string[] = [];
  let returns: string | undefined;
  let defaultValue: string | undefined;
  let deprecated = false;
  for (const tag of doc.tags ?? []) {
    const comment = (ts.getTextOfJSDocComment(tag.comment) ?? "").trim();
    const tagName = tag.tagName.text;
    if (ts.isJSDocParameterTag(tag)) {
      const raw = sf.text.slice(tag.pos, tag.end);
      const name = tag.name.getText(sf);
      const fallback = new RegExp(`\\[\\s*${name.replace(/[.$]/g, "\\$&")}\\s*=\\s*([^\\]]+)\\]`).exec(raw)?.[1]?.trim();
      const type = tag.typeExpression?.type.getText(sf);
      const description = comment.replace(/^-\s*/, "");
      params.push({ name, ...(description ? { description } : {}), ...(fallback ? { default: fallback } : {}), ...(type ? { type } : {}) });
    } else if (ts.isJSDocReturnTag(tag)) {
      returns = comment.replace(/^-\s*/, "") || tag.typeExpression?.type.getText(sf);
    } else if (tagName === "example") {
      examples.push(comment);
    } else if (tagName === "default" || tagName === "defaultValue") {
      defaultValue = comment.replace(/^`|`$/g, "");
    } else if (tagName === "deprecated") {
      deprecated = true;
    }
  }
  return {
    text: cleanComment(sf.text.slice(doc.getStart(sf), doc.end)),
    description: (ts.getTextOfJSDocComment(doc.comment) ?? "").trim(),
    params,
    ...(returns ? { returns } : {}),
    examples,
    ...(defaultValue ? { defaultValue } : {}),
    deprecated,
  };
}

function leadingComment(ts: typeof TS, sf: TS.SourceFile, node: TS.Node): string {
  const ranges = ts.getLeadingCommentRanges(sf.text, node.getFullStart()) ?? [];
  const kept: TS.CommentRange[] = [];
  let next = node.getStart(sf);
  for (let i = ranges.length - 1; i >= 0; i--) {
    const range = ranges[i]!;
    // A blank line between a comment and the code means the comment is about something else.
    if ((sf.text.slice(range.end, next).match(/\n/g)?.length ?? 0) > 1) break;
    kept.unshift(range);
    next = range.pos;
  }
  return kept
    .map((r) => cleanComment(sf.text.slice(r.pos, r.end)))
    .join("\n")
    .trim();
}

/** Strips `/**`, `*\/`, leading `*` and `//` markers, keeping the comment's own indentation. */
export function cleanComment(comment: string): string {
  const lines = comment
    .replace(/^\/\*+/, "")
    .replace(/\*+\/$/, "")
    .split("\n")
    .map((line) => line.replace(/^\s*\/\/\/?/, "").replace(/^\s*\* ?/, ""));
  return trimBlankLines(dedent(lines)).join("\n");
}
