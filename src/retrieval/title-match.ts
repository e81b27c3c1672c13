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
      // `2Dt1` is 2D and t1, as `rot3D` is rot and 3D.
      .replace(/(\d[A-Za-z])(?=[A-Za-z]\d)/g, "$1 ")
      .replace(/(?<=[A-Za-z]{2})(?=\d)/g, " ")
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

/** Words asking for the plain one of a family of variants ("the basic ZTE", "a simple spin-echo EPI"). */
export const PLAIN = /^(?:basic|simple|simplest|plain|minimal|standard|vanilla)$/;

/** The words of one piece of a name, where its case or digits change (`rotExt` → rot, ext; `rot3D` → rot, 3d). */
function pieceWords(piece: string): string[] {
  return piece
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/(?<=[A-Za-z]{2})(?=\d)/g, " ")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** The file name of a URI without folders and extension. */
export const fileName = (uri: string) => (uri.split(/[\\/]/).at(-1) ?? uri).replace(/#.*$/, "").replace(/\.[A-Za-z0-9]+$/, "");

/** Names abbreviate: a name's word of three letters or more that begins a longer word counts (`rotExt`: rotation extension). */
const abbreviates = (w: string, t: string) => w.length >= 3 && /^[a-z]+$/.test(w) && t.length > w.length && t.startsWith(w);

/** Words that say what follows is not wanted ("with no labels", "without ramp sampling", "instead of rotating"). */
const NEGATION = /^(?:no|not|without|instead of|rather than|except|excluding)$/;
/** Words that end what a negation covers: the next clause or list item. "or" does not ("no labels or navigators": neither). */
const NEGATION_END = new Set(["and", "but", "with", "that", "which", "where", "so", "to", "for", "using", "uses", "use"]);
/** Punctuation that ends a clause: what a negation covers ends there. */
const CLAUSE_END = /^[.;:!?()]$/;

/**
 * Whether the tokens after a comma at `at` finish a list joined by "or" before the clause ends
 * ("without ramp sampling, navigators or labels"): its items fall under the negation before it,
 * as they do without the comma. A list joined by "and", or cut by another clause, does not.
 */
function orListFollows(tokens: readonly string[], at: number): boolean {
  for (let k = at + 1; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t === "or") return true;
    if (CLAUSE_END.test(t) || NEGATION_END.has(t) || NEGATION.test(t)) return false;
  }
  return false;
}

/**
 * The words of a question, lower-case and hyphens split (`spin-echo` → spin, echo), each with
 * whether a negation covers it: from "no", "without", "instead of", "rather than" to the end of
 * the clause or list item ("with no labels and no navigators": labels, navigators), through a
 * list joined by "or" ("without ramp sampling, navigators or labels": all four words).
 * @example
 * questionWords("EPI without ramp sampling, with labels").filter((w) => w.negated).map((w) => w.word); // ["ramp", "sampling"]
 */
export function questionWords(question: string): { word: string; negated: boolean }[] {
  const out: { word: string; negated: boolean }[] = [];
  const tokens = [...question.toLowerCase().matchAll(/[\p{L}\p{N}]+|[,.;:!?()]/gu)].map((m) => m[0]);
  let negated = false;
  for (const [k, token] of tokens.entries()) {
    const two = out.length ? `${out.at(-1)!.word} ${token}` : "";
    if (token === ",") negated &&= orListFollows(tokens, k);
    else if (CLAUSE_END.test(token) || NEGATION_END.has(token)) negated = false;
    else if (NEGATION.test(token) || NEGATION.test(two)) {
      negated = true;
      continue;
    }
    if (/^[\p{L}\p{N}]+$/u.test(token)) out.push({ word: token, negated: negated && token !== "of" && token !== "than" && token !== "or" });
  }
  return out;
}

/**
 * The words a question only negates ("no navigators, no labels, no trigger"; {@link questionWords}):
 * what is not asked for, unless the question also says it plainly.
 * @example
 * onlyNegated(questionWords("EPI with labels, no labels on the navigators")); // Set { "navigators" }
 */
export function onlyNegated(said: readonly { word: string; negated: boolean }[]): Set<string> {
  const plain = new Set(said.filter((w) => !w.negated).map((w) => w.word));
  return new Set(said.filter((w) => w.negated && !plain.has(w.word)).map((w) => w.word));
}

/**
 * The question's words a name's short word stands for by their initials, when the question
 * writes them one after another (`rs`: ramp sampling, `se`: spin echo, `pmc`: prospective
 * motion correction): names abbreviate what their text spells out. Empty when none.
 */
function initialsOf(word: string, words: readonly string[]): string[] {
  if (word.length < 2 || word.length > 4 || !/^[a-z]+$/.test(word)) return [];
  for (let i = 0; i + word.length <= words.length; i++) {
    const run = words.slice(i, i + word.length);
    // A run holding the word itself (`gre` of gre, rot, ext) spells nothing out, nor one holding a
    // plain-variant word ("simple educational" is not the `se` of `write_epi_se`).
    if (run.every((w, k) => w.length > 1 && w[0] === word[k] && !PLAIN.test(w)) && run.join("") !== word && !run.includes(word)) return run;
  }
  return [];
}

/**
 * The two question words a name's lower-case word glues together, when the question writes them
 * one after the other (`softdelay`: soft delays, `fieldmap`: field map): names run words together
 * that their text spells apart. Empty when none.
 */
function gluedOf(word: string, words: readonly string[]): string[] {
  if (word.length < 6 || !/^[a-z]+$/.test(word)) return [];
  for (let i = 0; i + 1 < words.length; i++) {
    const [a, b] = [words[i]!, words[i + 1]!];
    if (a.length < 3 || b.length < 3 || !word.startsWith(a)) continue;
    const rest = word.slice(a.length);
    if (rest === b || rest === stem(b) || stem(rest) === stem(b)) return [a, b];
  }
  return [];
}

/**
 * The names, where a run of capitals runs into lower-case
 * letters (`TSEprop`) split after the whole run (TSE, prop) instead of before its last capital
 * (TS, Eprop, as `HTMLParser` is HTML, Parser) when another of the names has the whole run as a
 * word of its own (`writeTSE`, `write_tse`): `writeTSE_prop`.
 */
function byKnownCapitals(names: readonly string[]): string[] {
  const known = new Set(names.flatMap(nameWordsOf));
  return names.map((name) =>
    [...name.matchAll(/([A-Z]{2,})([a-z]+)/g)]
      .filter((m) => known.has(m[1]!.toLowerCase()))
      .reduce((n, m) => n.replace(m[0], `${m[1]}_${m[2]}`), name),
  );
}

/**
 * How well each result's title says it is what the question asks for: the share of the key
 * terms, weighted by how rare each is among these results' titles, found in the file path, the
 * document title or the section title (or a synonym of them, mined abbreviations included), word
 * for word or stem for stem (`shimming` finds `writeGRE_rfShim`, `multi-echo` finds `multiEcho`), or by a name's
 * abbreviation (`rotExt` for rotation extension).
 * Each extra word in the file name costs `extraWordCost`, so `writeEpi` beats `writeEpi_label`
 * when both say EPI. A hyphenated compound modifying the noun after it ("gradient-echo EPI")
 * counts only for names that have that noun, when some name has it: `writeGradientEcho_grappa`
 * is no gradient-echo EPI. Example programs say what they are in their names, not in prose.
 *
 * @example
 * titleCoverage([{ uri: "demoSeq/writeEpi.m", docTitle: "writeEpi.m", sectionTitle: null }], ["epi"], index); // [0.99]
 */
export function titleCoverage(
  results: readonly Titled[],
  terms: readonly string[],
  index: SynonymIndex,
  {
    extraWordCost = 0.01,
    negatedWordCost = 0.2,
    question = "",
    variantCost = 0,
    refusalsBelowZero = false,
  }: {
    extraWordCost?: number;
    /** What a name's word costs when the question says it does not want it ("without ramp sampling": `RS`). */
    negatedWordCost?: number;
    /** The question's own words: what it negates is not wanted, and the initials of its words name things. */
    question?: string;
    /** What a name costs that is another's plus unasked words (`writeZTE_Petra_sodium` beside `writeZTE_Petra`) when the question asks for the plain one. */
    variantCost?: number;
    /**
     * Whether what the question refuses costs below zero: of two names saying as little of a long
     * request, the one it refuses ("no labels": `writeEpiRS_label`) is the one not wanted.
     */
    refusalsBelowZero?: boolean;
  } = {},
): number[] {
  const said = questionWords(question);
  const sequence = said.map((w) => w.word);
  const unwanted = onlyNegated(said);
  const wanted = [...new Set(terms.map((t) => t.toLowerCase()))].filter((t) => t.length > 1 && !REQUEST_WORDS.has(t) && !unwanted.has(t));
  if (wanted.length === 0 || results.length === 0) return results.map(() => 0);
  // A name's short word that another of these names spells out by its initials (`write_epi_se_rs`
  // beside `writeEpiSpinEchoRS`: se is spin echo) stands for those words, in place.
  const names = byKnownCapitals(results.map((r) => fileName(r.uri)));
  const ownParts = names.map(nameWordsOf);
  const nameParts = ownParts.map((parts) =>
    parts.flatMap((w) => {
      const run = ownParts.map((other) => (other === parts ? [] : initialsOf(w, other))).find((r) => r.length > 0);
      return run ? [w, ...run] : [w];
    }),
  );
  const words = results.map((r, i) => {
    const text = [r.uri, r.docTitle, r.sectionTitle ?? ""].join(" ");
    // A name's word gluing question words together (`softdelay`) holds each of them.
    const own = [...titleWords(text), ...nameParts[i]!, ...nameParts[i]!.flatMap((w) => gluedOf(w, sequence))];
    const all = [...own, ...expansions(own.join(" "), index).flatMap((e) => [e, ...e.split(/[\s-]+/)])];
    return new Set([...all, ...all.map(stem)]);
  });
  // A name's short word standing for question words by their initials (`writeEpiRS`: ramp sampling),
  // when the name writes it as a word of its own (not the `TS` of `TSEprop`).
  const initials = results.map((_, i) => {
    const own = new Set(
      names[i]!.replace(/([a-z])([A-Z])/g, "$1 $2")
        .split(/[\s_\-\d.]+/)
        .map((w) => w.toLowerCase()),
    );
    return new Set(nameParts[i]!.filter((w) => own.has(w)).flatMap((w) => initialsOf(w, sequence)));
  });
  const n = new Set(results.map((r) => r.uri)).size;
  // A word most file names share (a naming convention such as `write`) is not extra.
  const nameDf = new Map<string, number>();
  for (const parts of new Map(results.map((r, i) => [r.uri, nameParts[i]!])).values())
    for (const w of new Set(parts)) nameDf.set(w, (nameDf.get(w) ?? 0) + 1);
  // Shared by one name of two is not a convention: it is what sets that one apart.
  const convention = (w: string) => (nameDf.get(w) ?? 0) >= Math.max(2, n / 2);
  // A compound the question hyphenates (`gradient-echo`) is another thing in a name that puts
  // another word before its last word (`SpinEcho`): that name's `echo` is not the one asked, and
  // its `spin` says it is something else (the naming convention's word a name opens with, `writeSelectiveRf`'s `write`, says nothing).
  const compounds = [...question.toLowerCase().matchAll(/\b([a-z]+)-([a-z]+)\b/g)].map((m) => [m[1]!, m[2]!] as const);
  const otherCompound = results.map((_, i) => {
    const parts = nameParts[i]!;
    const clash = compounds.flatMap(([head, last]) =>
      parts.flatMap((w, k) =>
        k > 0 && w === last && parts[k - 1] !== head && !(k === 1 && convention(parts[0]!)) && !parts.includes(head)
          ? [[parts[k - 1]!, last]]
          : [],
      ),
    );
    return { words: new Set(clash.map((c) => c[0])), terms: new Set(clash.map((c) => c[1])) };
  });
  const one = (set: Set<string>, t: string) => set.has(t) || set.has(stem(t));
  const wantedStems = new Set(wanted.map(stem));
  const spelledOut = (w: string) =>
    wanted.includes(w) ||
    wantedStems.has(stem(w)) ||
    initialsOf(w, sequence).some((t) => wanted.includes(t)) ||
    gluedOf(w, sequence).some((t) => wanted.includes(t));
  // An abbreviated word stands for a question word only with the rest of its piece of the name:
  // `rotExt` is rotation extension, so its `rot` alone does not say "rotates".
  const pieces = names.map((name) => name.split(/[_\-.]+/).map(pieceWords));
  const abbreviation = (i: number, w: string) =>
    pieces[i]!.some(
      (piece) =>
        piece.includes(w) && piece.every((v) => v === w || spelledOut(v) || convention(v) || wanted.some((t) => abbreviates(v, t))),
    );
  // A compound modifying the noun after it ("gradient-echo EPI", "single-shot EPI") says what kind
  // of that noun is asked: a name without the noun, where some name has it (`writeGradientEcho`
  // beside `writeEpi`), is another thing, and its words of the compound count for nothing.
  const holdsNoun = (parts: readonly string[], noun: string) => parts.some((w) => stem(w) === stem(noun));
  const modifying = [...question.toLowerCase().matchAll(/\b([a-z0-9]+)-([a-z0-9]+)\s+([a-z0-9]+)\b/g)]
    .map((m) => [m[1]!, m[2]!, m[3]!] as const)
    .filter(([, , noun]) => wantedStems.has(stem(noun)) && nameParts.some((parts) => holdsNoun(parts, noun)));
  const modifierOnly = nameParts.map(
    (parts) => new Set(modifying.flatMap(([a, b, noun]) => (holdsNoun(parts, noun) ? [] : [a, b, stem(a), stem(b)]))),
  );
  // A hyphenated term (`multi-echo`) is in a name that has each of its words (`multiEcho`).
  const has = (i: number, t: string) =>
    (one(words[i]!, t) && !otherCompound[i]!.terms.has(t) && !modifierOnly[i]!.has(t)) ||
    (t.includes("-") && t.split("-").every((p) => !p || one(words[i]!, p))) ||
    nameParts[i]!.some((w) => abbreviates(w, t) && abbreviation(i, w)) ||
    initials[i]!.has(t);
  const weight = new Map(
    wanted.map((t) => {
      const df = new Set(results.filter((_, i) => has(i, t)).map((r) => r.uri)).size;
      return [t, Math.log(1 + n / (1 + df))];
    }),
  );
  const total = [...weight.values()].reduce((a, b) => a + b, 0);
  const asked = (i: number, w: string) => spelledOut(w) || (wanted.some((t) => abbreviates(w, t)) && abbreviation(i, w));
  // Asked for the plain one ("the basic ZTE"), a name that is another's plus words not asked for is a variant of it.
  const plain = said.some((w) => PLAIN.test(w.word) && !w.negated);
  const ownSets = ownParts.map((parts) => new Set(parts));
  const variant = (i: number) =>
    plain &&
    ownSets.some(
      (other, j) =>
        j !== i &&
        other.size < ownSets[i]!.size &&
        [...other].every((w) => ownSets[i]!.has(w)) &&
        [...ownSets[i]!].every((w) => other.has(w) || !asked(i, w)),
    );
  const unwantedStems = new Set([...unwanted].map(stem));
  // A name's word the question negates, itself or by its initials (`RS` "without ramp sampling").
  const negated = (w: string) =>
    unwanted.has(w) ||
    unwantedStems.has(stem(w)) ||
    [...unwanted].some((t) => abbreviates(w, t)) ||
    initialsOf(w, sequence).some((t) => unwanted.has(t));
  return results.map((r, i) => {
    const covered = wanted.filter((t) => has(i, t)).reduce((a, t) => a + weight.get(t)!, 0);
    const extra = nameParts[i]!.filter((w) => !asked(i, w) && !convention(w)).length;
    const refused = new Set([...nameParts[i]!.filter((w) => negated(w) && !asked(i, w)), ...otherCompound[i]!.words]).size;
    const score = (total > 0 ? covered / total : 0) - (covered > 0 ? extraWordCost * extra : 0);
    const cost = negatedWordCost * refused;
    const base = score - (variant(i) ? variantCost : 0);
    return refusalsBelowZero ? Math.max(0, base) - cost : Math.max(0, base - cost);
  });
}

/**
 * The share of each example's own name words that the question asks for, 0 when the question
 * negates one of them: a file named for what a long description says (`writeUTE` for "a basic
 * radial UTE-like sequence without ramp sampling …", `writeEpi_label` for "an educational EPI that
 * fills the header with labels") is named for it however much else the description says. A word
 * most of these names share (`write`) is a naming convention and not counted; a name's word is
 * asked for word for word, stem for stem, by a synonym the question writes, by the initials of
 * question words in a row (`rs`: ramp sampling) or glued (`softdelay`: soft delays).
 * @example
 * nameCoverage([{ uri: "demoSeq/writeUTE.m", docTitle: "", sectionTitle: null }], "basic radial UTE-like sequence", index, new Set(["write"])); // [1]
 */
export function nameCoverage(
  results: readonly Titled[],
  question: string,
  index: SynonymIndex,
  conventions: ReadonlySet<string> = nameConventions(results.map((r) => r.uri)),
): number[] {
  const said = questionWords(question);
  const { asks, refuses } = nameReading(said);
  const written = new Set(expansions(question, index).map((e) => e.toLowerCase()));
  return ownNames(
    results.map((r) => r.uri),
    conventions,
  ).map((counted) => {
    if (counted.length === 0 || refuses(counted)) return 0;
    return counted.filter((w) => asks(w) || written.has(w)).length / counted.length;
  });
}

/** Each file's own name words ({@link nameWordsOf}, read alongside the others' capitals), its naming convention and bare numbers set aside. */
function ownNames(uris: readonly string[], conventions: ReadonlySet<string>): string[][] {
  return byKnownCapitals(uris.map(fileName)).map((name) =>
    [...new Set(nameWordsOf(name))].filter((w) => !conventions.has(w) && !/^\d+$/.test(w)),
  );
}

/**
 * How a question reads a name's words: `asks` a word it says, itself, by stem, by the initials of
 * its words in a row (`rs`: ramp sampling) or glued (`softdelay`); `refuses` a name when one of its
 * words is one the question only negates, read the same way, and not one it also asks for
 * ("gradient-echo EPI, no spin echo": `SpinEcho`'s spin is refused, its echo asked).
 */
function nameReading(said: readonly { word: string; negated: boolean }[]) {
  const asked = new Set(said.filter((w) => !w.negated).flatMap((w) => [w.word, stem(w.word)]));
  const refused = new Set(said.filter((w) => w.negated && !asked.has(w.word)).flatMap((w) => [w.word, stem(w.word)]));
  const askedSequence = said.filter((w) => !w.negated).map((w) => w.word);
  const refusedSequence = said.filter((w) => w.negated).map((w) => w.word);
  const holds = (w: string, words: Set<string>, run: readonly string[]) =>
    words.has(w) || words.has(stem(w)) || initialsOf(w, run).length > 0 || gluedOf(w, run).length > 0;
  const asks = (w: string) => holds(w, asked, askedSequence);
  return { asks, refuses: (words: readonly string[]) => words.some((w) => holds(w, refused, refusedSequence) && !asks(w)) };
}

/**
 * Whether a question asks for what a variant's name adds to its plain twin's
 * (`writeFastRadialGradientEcho_rotExt` of `writeFastRadialGradientEcho`: rot, ext) and negates
 * none of it. One added word is read as {@link nameReading} reads a name's words (`3D`, `label`,
 * `RS`: ramp sampling), or as the start of a longer word ("rotation"); several must be written
 * side by side in that order, each whole, by stem or as a word's start ("a rotation extension"),
 * so that `step0` is not "a step variable from 0 to 5" and `rotExt` is not "rotating … extra".
 * @example
 * asksVariantWords("_rotExt", "the angle written as a rotation extension of the block"); // true
 */
export function asksVariantWords(added: string, question: string): boolean {
  const words = [...new Set(nameWordsOf(added.replace(/^[_-]+/, "")))];
  if (words.length === 0) return false;
  const said = questionWords(question);
  const negated = nameReading(said.filter((q) => q.negated).map((q) => ({ word: q.word, negated: false })));
  const plain = said.filter((q) => !q.negated).map((q) => q.word);
  // Negated words that read as one of the added words refuse the variant ("without ramp sampling":
  // RS), and so does a negated word it starts ("instead of rotating": rot) that no plain word starts.
  const startsNegated = (w: string) => said.some((q) => q.negated && abbreviates(w, q.word)) && !plain.some((q) => abbreviates(w, q));
  if (words.some((w) => negated.asks(w) || startsNegated(w))) return false;
  if (words.length === 1) return nameReading(said).asks(words[0]!) || plain.some((q) => abbreviates(words[0]!, q));
  const matches = (w: string, q: string) => w === q || stem(w) === stem(q) || abbreviates(w, q);
  return plain.some((_, k) => words.every((w, j) => plain[k + j] !== undefined && matches(w, plain[k + j]!)));
}

/**
 * Of example files, those whose own name the question refuses ({@link nameReading}):
 * `writeEpiDiffusionRS` for "a spin-echo EPI … without diffusion gradients", `writeEpi_label` for
 * "the simplest EPI, no labels". The source's naming convention (`write`) is set aside.
 * @example
 * refusedNames(["demoSeq/writeEpi.m", "demoSeq/writeEpi_label.m"], "plain EPI, no labels", new Set(["write"])); // [false, true]
 */
export function refusedNames(uris: readonly string[], question: string, conventions: ReadonlySet<string>): boolean[] {
  const said = questionWords(question);
  if (!said.some((w) => w.negated)) return uris.map(() => false);
  const { refuses } = nameReading(said);
  return ownNames(uris, conventions).map(refuses);
}

/**
 * The words most of these files' names share (`write` of `writeEpi`, `write_gre`): a naming
 * convention, which says nothing about what one file is. Pass every file of a source, not a few
 * search hits, or a word the hits share because they match (`ute`) counts as a convention.
 * @example
 * nameConventions(["demoSeq/writeEpi.m", "demoSeq/writeUTE.m", "scripts/write_gre.py"]); // Set { "write" }
 */
export function nameConventions(uris: readonly string[]): Set<string> {
  const files = [...new Set(uris)];
  const names = byKnownCapitals(files.map(fileName));
  const df = new Map<string, number>();
  for (const name of names) for (const w of new Set(nameWordsOf(name))) df.set(w, (df.get(w) ?? 0) + 1);
  return new Set(files.length > 2 ? [...df].filter(([, n]) => n > files.length / 2).map(([w]) => w) : []);
}

/**
 * The words of a file's name that say what it is: its name split where code splits names, the
 * naming convention (`conventions`, see {@link nameConventions}) and bare numbers set aside.
 * @example
 * ownNameWords("demoSeq/writeMPRAGE_4ge.m", new Set(["write"])); // ["mprage", "4ge"]
 */
export function ownNameWords(uri: string, conventions: ReadonlySet<string>): string[] {
  return [...new Set(nameWordsOf(fileName(uri)))].filter((w) => !conventions.has(w) && !/^\d+$/.test(w));
}
