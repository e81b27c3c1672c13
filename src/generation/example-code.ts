import type { ContextBlock } from "../state/types.js";

/** The language of an example block: its own metadata, or its first section's (a whole-document block). */
export function exampleLanguage(block: ContextBlock): string | undefined {
  const own = block.metadata.language;
  if (typeof own === "string") return own;
  const sections = block.metadata.sections;
  const first = Array.isArray(sections)
    ? (sections[0] as { metadata?: Record<string, unknown> } | undefined)?.metadata?.language
    : undefined;
  return typeof first === "string" ? first : undefined;
}

/** An example block's code: a whole-document block lays sections out under `## title` lines, which are not code. */
export function exampleCode(block: ContextBlock): string {
  const titles = new Set([
    block.title,
    ...(Array.isArray(block.metadata.sections) ? (block.metadata.sections as { title?: string }[]).map((s) => s.title) : []),
  ]);
  return block.text
    .split("\n")
    .filter((l) => !(l.startsWith("## ") && titles.has(l.slice(3).trim())))
    .join("\n")
    .replace(/^\n+|\n+$/g, "");
}
