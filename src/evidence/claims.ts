import { escapeRegExp } from "../retrieval/synonyms.js";
import { mineAbbreviations } from "../ingestion/abbreviations.js";
import { coverage, keyStems, stem, termSet } from "../generation/text.js";
import type { Evidence } from "./judge.js";

/** Words that open a question or a request rather than a statement. */
const ASKING =
  /^(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|should|would|will|may|might|must|has|have|had|show|tell|explain|describe|list|give|find|compare|summari[sz]e|walk|help|please|i|i'm)\b/i;

/**
 * Whether the text states something (a claim to check: "HOXB4 facilitates HSC expansion.") rather
 * than asks for something (a question or a request): it has no question mark and does not open
 * with a question word, an auxiliary or a request verb.
 * @example
 * isClaim("HOXB4 facilitates HSC expansion."); // true
 * isClaim("Does the S10 support 5G?"); // false
 */
export function isClaim(text: string): boolean {
  const t = text.trim();
  return t.length > 0 && !t.includes("?") && !ASKING.test(t);
}

/**
 * A symbol: one token with a digit (`HOXB4`, `KDM5A`, `H5N1`, `miR7a`, `BlaER1`), all in capitals
 * (`RUNX`, `LRBA`), capitals after a short lower-case prefix (`cRCT`, `mTOR`), or such a symbol
 * hyphenated with another or with one or two letters (`PKG-la`, `NF-kB`), as gene, protein, strain
 * and code names are written. Not a capitalised word (`Initech`, `Aducanumab`), nor a CamelCase
 * name (`TimescaleDB`), nor a phrase, nor a code identifier.
 */
export function isSymbol(term: string): boolean {
  // Code has dots, underscores, calls and camelCase humps joining words (makeB0map: three or more
  // lower-case letters before a capital); a symbol has none (miR7a, BlaER1: a short prefix).
  if (/[\s._()]/.test(term) || /[a-z]{3}[A-Z]/.test(term) || !/[A-Za-z]/.test(term)) return false;
  const letters = term.replace(/[^A-Za-z]/g, "");
  // HOXB4, H5N1; RUNX, LRBA; cRCT, mTOR (a lower-case prefix to a run of capitals).
  if (/\d/.test(term) || (letters.length >= 2 && letters === letters.toUpperCase()) || /^[a-z]{1,2}[A-Z]{2,}$/.test(term)) return true;
  // PKG-la, NF-kB: a symbol with an isoform or subunit letter; B-tree, Wi-Fi and Rho-GDI are not.
  const parts = term.split("-");
  return parts.length > 1 && parts.every((p) => /^[A-Za-z]{1,2}$/.test(p) || isSymbol(p)) && parts.some((p) => isSymbol(p));
}

/** Options of {@link excusedConstraint}. */
export interface ClaimContext {
  /** The question as asked. */
  question: string;
  /** The plan's key terms. */
  keyTerms: readonly string[];
  /** The ranked evidence (the strongest substantive passage is read). */
  evidence: readonly Evidence[];
  /** Relevance the strongest passage needs (`gate.claimHit`). */
  claimHit: number;
  /** Share of the claim's other key terms the strongest passage must hold (`gate.claimCoverage`). */
  claimCoverage: number;
  /** Relevance at which the strongest passage excuses a claim's symbol without the share above (`gate.strongHit`). */
  strongHit?: number;
  /**
   * Whether every word of a several-word name is indexed, only never in that order (the corpus
   * writes `HIV-1 broadly neutralizing antibodies`, the claim `HIV-1 Neutralizing Antibodies`).
   */
  wordsIndexed?: (term: string) => boolean;
}

/**
 * Whether a required constraint that no indexed document mentions may be missing without the
 * corpus failing to cover the question. Three cases:
 * - the question spells it out itself, so its other name says what it is ("Commelina yellow mottle
 *   virus (ComYMV)", "Vaccine Alliance (GAVI)");
 * - a claim names a symbol (a gene, strain or code: `HOXB4`) the corpus writes another way, or a
 *   several-word name whose words are each indexed but never in that order (`RecQ-class DNA`), and
 *   the strongest passage (relevance ≥ `claimHit`) holds at least `claimCoverage` of the claim's
 *   other key terms: a claim is checked against the passage that states it, not looked up by name.
 *   A strong passage (relevance ≥ `strongHit`) excuses the symbol without that share;
 * - a name written only as the modifier of a lower-case word (`ECG-triggered`, in a question too)
 *   when the best passage, however strong, together with what the expander kept of its document,
 *   holds that word (`trigger`) and `claimCoverage` of the other key terms: the corpus does the
 *   thing asked, naming how it is triggered another way.
 * A company, product or drug name (`Initech`, `Aducanumab`), a code identifier (`makeSpiralGradient`)
 * and anything else in a question or request stay required.
 * @example
 * excusedConstraint("HOXB4", { question: "HOXB4 facilitates HSC expansion.", ... }); // true when a relevant passage holds "facilitates HSC expansion"
 */
export function excusedConstraint(term: string, ctx: ClaimContext): boolean {
  const own = mineAbbreviations(ctx.question).flatMap((p) => [p.abbr, p.expansion].map((s) => s.toLowerCase()));
  if (own.includes(term.toLowerCase())) return true;
  const claim = isClaim(ctx.question);
  // A claim's symbols and names whose words are all indexed have their own rule below; an attribute is a question's.
  const attribute = claim ? undefined : attributeWord(term, ctx.question);
  if (!attribute && (!claim || !(isSymbol(term) || (/\s/.test(term.trim()) && ctx.wordsIndexed?.(term))))) return false;
  const top = ctx.evidence
    .filter((e) => e.substantive)
    .reduce<Evidence | undefined>((a, e) => (!a || e.relevance > a.relevance ? e : a), undefined);
  // A symbol needs a relevant passage (`claimHit`); an attribute asks less than a thing: the best passage will do.
  if (!top || (!attribute && top.relevance < ctx.claimHit)) return false;
  // A strong passage (`strongHit`) states the claim in its own words: a symbol it writes another way
  // (`Sac1` as SAC1p, `GDI` as RhoGDI) need not be matched by the claim's other words too.
  if (!attribute && ctx.strongHit !== undefined && top.relevance >= ctx.strongHit) return true;
  // An attribute is read in the passage's whole section or document, as expanded: a program says
  // how it is triggered where it sets the trigger up, not in the chunk that matched.
  const held = termSet(attribute && top.around ? `${top.text} ${top.around}` : top.text);
  // An attribute: the strongest passage does what it says (`trigger` of ECG-triggered), by whatever means.
  if (attribute && !held.has(stem(attribute))) return false;
  const named = new Set(keyStems(term.split(/[\s/-]+/)));
  const rest = keyStems(ctx.keyTerms).filter((s) => !named.has(s) && s !== stem(term));
  return rest.length >= 2 && coverage(rest, held) >= ctx.claimCoverage;
}

/**
 * The lower-case word a name modifies when the question writes it only that way (`ECG-triggered`:
 * triggered, whether the constraint is `ECG-triggered` or `ECG`, `GRAPPA-accelerated`): an
 * attribute of the thing asked (how it is triggered), not the thing. Undefined otherwise.
 */
function attributeWord(term: string, question: string): string | undefined {
  const whole = /^([A-Za-z0-9]*[A-Z][A-Za-z0-9]*)-([a-z]{3,})$/.exec(term);
  if (whole) return whole[2];
  const escaped = escapeRegExp(term);
  const uses = [...question.matchAll(new RegExp(`(?<![\\w-])${escaped}(-[A-Za-z]+)?(?![\\w])`, "g"))];
  const words = uses.map((m) => /^-([a-z]{3,})$/.exec(m[1] ?? "")?.[1]);
  return uses.length > 0 && words.every(Boolean) ? words[0] : undefined;
}
