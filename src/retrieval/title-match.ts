import { stem } from "../generation/text.js";
import { expansions, type SynonymIndex } from "./synonyms.js";

/** What a title match reads of a result: where it lives and what it is called. */
export interface Titled {
  uri: string;
  docTitle: string;
  sectionTitle: string | null;
}

/**
 * The words of a name or title, lower-case, split where code splits them (`writeGradientEcho3D`
 * → write, gradient, echo, 3d; `write_epi_se.py` → write, epi, se, py) and kept whole too.
 */
export function titleWords(text: string): string[] {
  const out = new Set<string>();
  for (const [token] of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu)) {
    out.add(token.toLowerCase());
    const parts = token
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .replace(/([A-Za-z])(\d)/g, "$1 $2")
      .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
      .split(/[\s_-]+/);
    for (const p of parts) if (p) out.add(p.toLowerCase());
  }
  return [...out];
}

/** The words a file name is made of, split only (`writeEpi_label` → write, epi, label). */
function nameWordsOf(name: string): string[] {
  const all = titleWords(name);
  return all.length > 1 ? all.filter((w) => !/[_-]/.test(w) && w !== name.toLowerCase()) : all;
}

/** Words naming the kind of answer an example request wants ("the demo code"), not what it is about. */
const REQUEST_WORDS = new Set([
  "code",
  "program",
  "programs",
  "script",
  "scripts",
  "source",
  "file",
  "files",
  "implementation",
  "runnable",
]);

/** The file name of a URI without folders and extension. */
const fileName = (uri: string) => (uri.split(/[\\/]/).at(-1) ?? uri).replace(/#.*$/, "").replace(/\.[A-Za-z0-9]+$/, "");

/**
 * How well each result's title says it is what the question asks for: the share of the key
 * terms, weighted by how rare each is among these results' titles, found in the file path, the
 * document title or the section title (or a synonym of them, mined abbreviations included), word
 * for word or stem for stem (`shimming` finds `writeGRE_rfShim`, `multi-echo` finds `multiEcho`), or by a name's
 * abbreviation (`rotExt` for rotation extension).
 * Each extra word in the file name costs `extraWordCost`, so `writeEpi` beats `writeEpi_label`
 * when both say EPI. Example programs say what they are in their names, not in prose.
 *
 * @example
 * titleCoverage([{ uri: "demoSeq/writeEpi.m", docTitle: "writeEpi.m", sectionTitle: null }], ["epi"], index); // [0.99]
 */
export function titleCoverage(
  results: readonly Titled[],
  terms: readonly string[],
  index: SynonymIndex,
  { extraWordCost = 0.01 }: { extraWordCost?: number } = {},
): number[] {
  const wanted = [...new Set(terms.map((t) => t.toLowerCase()))].filter((t) => t.length > 1 && !REQUEST_WORDS.has(t));
  if (wanted.length === 0 || results.length === 0) return results.map(() => 0);
  const words = results.map((r) => {
    const text = [r.uri, r.docTitle, r.sectionTitle ?? ""].join(" ");
    const own = titleWords(text);
    const all = [...own, ...expansions(own.join(" "), index).flatMap((e) => [e, ...e.split(/[\s-]+/)])];
    return new Set([...all, ...all.map(stem)]);
  });
  const nameParts = results.map((r) => nameWordsOf(fileName(r.uri)));
  const one = (set: Set<string>, t: string) => set.has(t) || set.has(stem(t));
  // Names abbreviate: a name's word of three letters or more that begins the term counts (`rotExt`: rotation extension).
  const abbreviates = (w: string, t: string) => w.length >= 3 && /^[a-z]+$/.test(w) && t.length > w.length && t.startsWith(w);
  // A hyphenated term (`multi-echo`) is in a name that has each of its words (`multiEcho`).
  const has = (i: number, t: string) =>
    one(words[i]!, t) ||
    (t.includes("-") && t.split("-").every((p) => !p || one(words[i]!, p))) ||
    nameParts[i]!.some((w) => abbreviates(w, t));
  const wantedStems = new Set(wanted.map(stem));
  const n = new Set(results.map((r) => r.uri)).size;
  const weight = new Map(
    wanted.map((t) => {
      const df = new Set(results.filter((_, i) => has(i, t)).map((r) => r.uri)).size;
      return [t, Math.log(1 + n / (1 + df))];
    }),
  );
  const total = [...weight.values()].reduce((a, b) => a + b, 0);
  // A word most file names share (a naming convention such as `write`) is not extra.
  const nameDf = new Map<string, number>();
  for (const parts of new Map(results.map((r, i) => [r.uri, nameParts[i]!])).values())
    for (const w of new Set(parts)) nameDf.set(w, (nameDf.get(w) ?? 0) + 1);
  const asked = (w: string) => wanted.includes(w) || wantedStems.has(stem(w)) || wanted.some((t) => abbreviates(w, t));
  return results.map((r, i) => {
    const covered = wanted.filter((t) => has(i, t)).reduce((a, t) => a + weight.get(t)!, 0);
    const extra = nameParts[i]!.filter((w) => !asked(w) && (nameDf.get(w) ?? 0) < n / 2).length;
    return Math.max(0, covered / total - (covered > 0 ? extraWordCost * extra : 0));
  });
}
