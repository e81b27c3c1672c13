import type { ChunkHit } from "../storage/types.js";
import { escapeRegExp } from "./synonyms.js";

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

/** A URI's folders as names: `+mr/+aux/+quat/rotate.m` → mr, aux, quat (MATLAB's `+package` and `@class` marks dropped). */
const foldersOf = (uri: string) =>
  uri
    .split(/[\\/]/)
    .slice(0, -1)
    .map((s) => s.replace(/^[+@]/, "").toLowerCase());

/**
 * The alias hits a question's qualified names leave standing. A dotted name whose root is a folder
 * of some entries of that name (`mr` of `mr.aux.quat.rotate`: `+mr/…`) says which packages lie
 * between the root and the entry: `aux`, `quat` for `+mr/+aux/+quat/rotate.m`, none for
 * `+mr/rotate.m` (`mr.rotate`). When an entry of that name sits in exactly those packages, the
 * others of that name under that root (another function) are dropped. Entries outside the root
 * (the other language's `rotate`) and names whose root is no folder (`pp.rotate`, `seq.addBlock`)
 * keep every hit.
 * @example
 * qualifiedHits(hits, ["mr.aux.quat.rotate"]); // the quaternion rotate, not +mr/rotate.m
 */
export function qualifiedHits(hits: readonly ChunkHit[], identifiers: readonly string[]): ChunkHit[] {
  let kept = [...hits];
  for (const id of identifiers) {
    const parts = id.split(".").filter(Boolean);
    if (parts.length < 2 || EXTENSIONS.has(parts.at(-1)!.toLowerCase())) continue;
    const [root, name] = [parts[0]!.toLowerCase(), parts.at(-1)!];
    const packages = parts.slice(1, -1).map((p) => p.toLowerCase());
    // The folders between the root and the entry, for an entry of that name under the root.
    const between = (h: ChunkHit) => {
      const folders = foldersOf(h.uri);
      const at = folders.lastIndexOf(root);
      return String(h.metadata.name) === name && at >= 0 ? folders.slice(at + 1) : undefined;
    };
    const exact = (h: ChunkHit) => between(h)?.join("/") === packages.join("/");
    if (kept.some(exact)) kept = kept.filter((h) => between(h) === undefined || exact(h));
  }
  return kept;
}

/**
 * The names a question writes as a call (`print_error_report()`, `seq.install (`), lower-case and
 * without their qualifier: the entry asked about, not the namesake of a file the question also
 * names (`check_timing.py`).
 * @example
 * namesCalled("which arguments does print_error_report() in check_timing.py accept?", ["print_error_report", "check_timing.py"]); // Set { "print_error_report" }
 */
export function namesCalled(question: string, identifiers: readonly string[]): Set<string> {
  return new Set(
    identifiers.filter((id) => new RegExp(`${escapeRegExp(id)}\\s*\\(`).test(question)).map((id) => id.toLowerCase().split(".").at(-1)!),
  );
}

/**
 * The qualifiers, lower-case, that the question's dotted names write before a name `isName`
 * accepts (`seq` of `seq.install`, `mr`, `aux` of `mr.aux.isOctave`): an entry whose qualified name
 * (or file) begins with one of them is the one meant. Empty when no dotted name ends in that name.
 * @example
 * qualifiersBefore(["seq.install", "install"], (n) => n === "install"); // ["seq"]
 */
export function qualifiersBefore(identifiers: readonly string[], isName: (name: string) => boolean): string[] {
  return identifiers
    .filter((id) => /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/.test(id) && isName(id.slice(id.lastIndexOf(".") + 1)))
    .flatMap((id) => id.toLowerCase().split(".").slice(0, -1));
}
