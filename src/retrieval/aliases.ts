import type { ChunkHit } from "../storage/types.js";

/** File extensions a question may leave on a name (`writeEpi.m`): the name is before them. */
const EXTENSIONS = new Set(["m", "py", "ts", "js", "mjs", "cjs", "tsx", "pyi"]);

/**
 * The names to look up in the alias index for a question's identifiers: a dotted name's last part
 * (`mr.makeTrapezoid` → `makeTrapezoid`, `pp.Opts` → `Opts`, `seq.add_block` → `add_block`), file
 * names without their extension; bracketed tags (`[BLOCKS]`) and codes are not code names.
 * @example
 * aliasNames(["mr.makeTrapezoid", "makeTrapezoid", "[BLOCKS]"]); // ["makeTrapezoid"]
 */
export function aliasNames(identifiers: readonly string[]): string[] {
  const out = new Set<string>();
  for (const id of identifiers) {
    if (id.startsWith("[") || /\s/.test(id)) continue;
    const parts = id.split(".").filter(Boolean);
    if (parts.length > 1 && EXTENSIONS.has(parts.at(-1)!.toLowerCase())) parts.pop();
    const name = parts.at(-1);
    if (name && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && name.replace(/[^A-Za-z0-9]/g, "").length > 2) out.add(name);
  }
  return [...out];
}

/**
 * Puts the alias index's hits first, marked `alias: "exact"` when the stored name is spelled as
 * the question wrote it (`make_trapezoid` for `pp.make_trapezoid`), else `"spelling"` (the other
 * language's `makeTrapezoid`); the search's other hits follow, an alias hit not repeated.
 */
export function withAliasHits(hits: readonly ChunkHit[], aliasHits: readonly ChunkHit[], names: readonly string[]): ChunkHit[] {
  if (aliasHits.length === 0) return [...hits];
  const written = new Set(names);
  const marked = aliasHits.map((h): ChunkHit => ({ ...h, alias: written.has(String(h.metadata.name)) ? "exact" : "spelling" }));
  marked.sort((a, b) => (a.alias === b.alias ? 0 : a.alias === "exact" ? -1 : 1));
  const byId = new Map(hits.map((h) => [h.id, h]));
  // Keep the search's own scores where it found the entry too: the reranker reads them.
  const first = marked.map((m) => ({ ...(byId.get(m.id) ?? m), alias: m.alias }));
  const seen = new Set(first.map((h) => h.id));
  return [...first, ...hits.filter((h) => !seen.has(h.id))];
}
