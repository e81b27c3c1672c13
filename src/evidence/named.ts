import { escapeRegExp } from "../retrieval/synonyms.js";
import type { ChunkHit } from "../storage/types.js";

/** Extensions a code file's title carries after its entry's name (`makeTrapezoid.m`). */
const CODE_FILE = /\.(?:m|py|pyi|ts|tsx|js|mjs|cjs)$/;

/**
 * Whether a title is a name rather than a phrase: one identifier-like token (`makeTrapezoid`,
 * `make_trapezoid`, `PPARγ`, `J14`, `VACUUM`) or a run of upper-case words (`ALTER TABLE`).
 * "Introduction" or "5.6. Modifying Tables" are headings, not names.
 */
export function isNameLike(title: string): boolean {
  const t = title.trim();
  if (t.replace(/[^\p{L}\p{N}]/gu, "").length < 3) return false;
  if (/\s/.test(t)) return /^[A-Z][A-Z0-9_]*(?:\s+[A-Z][A-Z0-9_]*)+$/.test(t);
  return /^[\p{L}_][\p{L}\p{N}_]*$/u.test(t) && /[A-Z].*[A-Z]|_|[a-z][A-Z]|\p{L}\d/u.test(t);
}

/** Where the question writes `name` as a whole word, case-sensitively: [start, end) spans. */
function spans(question: string, name: string): Array<[number, number]> {
  const re = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(name)}(?![\\p{L}\\p{N}_])`, "gu");
  return [...question.matchAll(re)].map((m) => [m.index ?? 0, (m.index ?? 0) + name.length]);
}

/** A manual page's title (`git-show-branch(1)`, `ls(1)`): the command it documents, then its section. */
const MAN_PAGE = /^([a-z][\w.+]*(?:-[\w.+]+)*)\(\d[a-z]*\)$/;

/** The command a manual page documents (`git-show-branch` of `git-show-branch(1)`). */
const manPageOf = (title: string) => MAN_PAGE.exec(title.trim())?.[1];

/**
 * The names a candidate stands for: its parsed entry name, section title and document title, when
 * they are names, and a manual page's command, also as typed (`git show-branch` of `git-show-branch(1)`).
 */
function namesOf(hit: Pick<ChunkHit, "docTitle" | "sectionTitle" | "metadata">): string[] {
  const out = new Set<string>();
  const entry = hit.metadata.name;
  if (typeof entry === "string" && isNameLike(entry)) out.add(entry);
  for (const title of [hit.sectionTitle, hit.docTitle.replace(CODE_FILE, "")]) if (title && isNameLike(title)) out.add(title.trim());
  const command = manPageOf(hit.docTitle);
  if (command) {
    out.add(command);
    if (command.includes("-")) out.add(command.replace("-", " "));
  }
  return [...out];
}

/**
 * The candidates that are the one entry the question names: an entry whose name, section title or
 * document title the question writes verbatim (`VACUUM`, `mr.makeTrapezoid`, `make_trapezoid`),
 * or that the alias index matched as written, when no other document among the candidates carries
 * that name. One candidate per name (the first in `order`, the best ranked); a name inside a longer
 * one the question also names (`TABLE` in `ALTER TABLE`) does not count.
 * @param order candidate indices best first.
 * @returns indices of the named candidates.
 * @example
 * namedCandidates("What options does VACUUM take?", hits, [0, 1, 2]); // Set { index of the VACUUM page's best chunk }
 */
export function namedCandidates(
  question: string,
  hits: readonly Pick<ChunkHit, "documentId" | "docTitle" | "sectionTitle" | "metadata" | "alias">[],
  order: readonly number[],
): Set<number> {
  const byName = new Map<string, { docs: Set<string>; first: number }>();
  const found = new Map<string, Array<[number, number]>>();
  for (const i of order) {
    const hit = hits[i]!;
    const names = namesOf(hit).filter((n) => {
      if (!found.has(n)) found.set(n, spans(question, n));
      return found.get(n)!.length > 0;
    });
    // The alias index matched the name as the question wrote it (pp.make_trapezoid → make_trapezoid).
    if (hit.alias === "exact" && typeof hit.metadata.name === "string") names.push(`alias:${hit.metadata.name}`);
    for (const n of new Set(names)) {
      const seen = byName.get(n) ?? { docs: new Set<string>(), first: i };
      seen.docs.add(hit.documentId);
      byName.set(n, seen);
    }
  }
  // A manual page whose command opens others' (`git(1)` beside `git-add(1)`) is the family's: writing "git" names no page.
  const families = new Set(
    order.flatMap((i) => {
      const command = manPageOf(hits[i]!.docTitle);
      return command?.includes("-") ? [command.slice(0, command.indexOf("-"))] : [];
    }),
  );
  for (const family of families) byName.delete(family);
  const matched = [...found].filter(([, s]) => s.length > 0);
  const inside = (n: string) =>
    matched.some(([o, os]) => o !== n && o.length > n.length && found.get(n)!.every(([a, b]) => os.some(([c, d]) => c <= a && b <= d)));
  const out = new Set<number>();
  for (const [n, { docs, first }] of byName) {
    if (docs.size !== 1) continue;
    if (!n.startsWith("alias:") && inside(n)) continue;
    out.add(first);
  }
  return out;
}
