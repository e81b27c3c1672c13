import type { GateSettings } from "../config/run-settings.js";
import { coverage, keyStems, termSet } from "../generation/text.js";
import { isIntentCue } from "../planner/heuristic.js";
import type { GateResult, GateSignals, Plan } from "../state/types.js";
import { plainSpellings, spellingVariants } from "./spelling.js";

/** One ranked result as the gate weighs it. */
export interface Evidence {
  relevance: number;
  text: string;
  substantive: boolean;
  /** The entry the question names verbatim (`RankedChunk.named`). */
  named?: boolean;
  /** What the expander kept of this passage's document (its section, its parts or the whole document), when it kept any. */
  around?: string;
}

/**
 * The gate's signals over the top `window` ranked results: top relevance, the top-3 average,
 * strong substantive hits, the share of key terms the substantive evidence (plus `expanded`
 * context text) contains, and the share of the top three that is cover, contents or references.
 * @example
 * gateSignals([{ relevance: 0.9, text: "makeTrapezoid ...", substantive: true }], ["trapezoid"], settings, 3).strong_hits; // 1
 */
export function gateSignals(
  evidence: Evidence[],
  keyTerms: readonly string[],
  settings: GateSettings,
  window: number,
  expanded: readonly string[] = [],
): GateSignals {
  const top = [...evidence].sort((a, b) => b.relevance - a.relevance).slice(0, window);
  const top3 = top.slice(0, 3);
  const substantive = top.filter((e) => e.substantive);
  const terms = new Set([...substantive.map((e) => e.text), ...expanded].flatMap((t) => [...termSet(t)]));
  return {
    top_score: top[0]?.relevance ?? 0,
    top3_avg: top3.length ? top3.reduce((n, e) => n + e.relevance, 0) / top3.length : 0,
    strong_hits: substantive.filter((e) => e.relevance >= settings.strongHit).length,
    key_term_coverage: substantive.length || expanded.length ? coverage(keyStems(keyTerms), terms) : 0,
    non_substantive_share: top3.length ? top3.filter((e) => !e.substantive).length / top3.length : 0,
    named_hits: substantive.filter((e) => e.named && e.relevance >= settings.strongHit).length,
  };
}

/**
 * Whether the top passage stands far above the best one of any other section or document (`runner_up`):
 * at least `dominantMin`, and `dominantRatio` times it. A claim in other words than its abstract's
 * scores low everywhere, and highest, by far, on that abstract. The gate reads it for claims only:
 * in a long document one section is about the question's subject and stands out even when the
 * document never answers the question.
 * @example
 * standsOut({ ...signals, top_score: 0.17, runner_up: 0.02 }, defaultRunSettings().gate); // true
 */
export function standsOut(signals: GateSignals, settings: Pick<GateSettings, "dominantMin" | "dominantRatio">): boolean {
  return (
    signals.runner_up !== undefined &&
    signals.top_score >= settings.dominantMin &&
    signals.top_score >= settings.dominantRatio * signals.runner_up
  );
}

/**
 * The verdict from the signals, with a reason a reader can check against them: "strong",
 * "broaden" (weak, and a round is left), "weak", or "clarify" (nothing relevant).
 * @param attempt the round just judged: 0 first, 1 after one broaden.
 * @param claim the text is a statement to check (`isClaim`), not a question: its evidence
 *   sharing few of its words is not "off-topic" (an abstract states a claim in its own words; what
 *   the corpus does not hold at all is caught by the score floor and the corpus-gap check).
 * @example
 * decide(signals, 0, defaultRunSettings().gate).decision; // "strong" | "broaden" | "weak" | "clarify"
 */
export function decide(signals: GateSignals, attempt: number, settings: GateSettings, hasKeyTerms = true, claim = false): GateResult {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const seen = `top ${pct(signals.top_score)}, top-3 avg ${pct(signals.top3_avg)}, ${signals.strong_hits} strong hit(s), key terms ${pct(signals.key_term_coverage)}`;
  // A low score alone is not "nothing": when the evidence holds most of the question's key
  // terms, a broadened round or a candid working theory beats asking the user again.
  const termsFound = hasKeyTerms && signals.key_term_coverage >= settings.minCoverage;
  // Nor, for a claim, is a low top passage that stands far above every other one: the claim in other words.
  if (
    signals.top_score < settings.relevantFloor &&
    (signals.identifier_coverage ?? 0) < 1 &&
    !termsFound &&
    !(claim && standsOut(signals, settings))
  ) {
    return { decision: "clarify", signals, reason: `Nothing relevant: ${seen}, below the ${pct(settings.relevantFloor)} floor.` };
  }
  // A question naming identifiers that the top evidence holds verbatim is on topic, whatever its score.
  const namedFound = (signals.identifier_coverage ?? 0) === 1 || (signals.named_hits ?? 0) > 0;
  if (
    hasKeyTerms &&
    !claim &&
    !namedFound &&
    signals.strong_hits === 0 &&
    signals.non_substantive_share === 0 &&
    signals.key_term_coverage < settings.clarifyCoverage
  ) {
    return {
      decision: "clarify",
      signals,
      reason: `Off-topic evidence: ${seen}; under ${pct(settings.clarifyCoverage)} of the key terms and no strong hit.`,
    };
  }
  const missing: string[] = [];
  if (signals.strong_hits < settings.minStrongHits) {
    missing.push(
      signals.non_substantive_share > 0 && signals.top_score >= settings.strongHit
        ? "the best matches are only cover, contents or reference pages"
        : `fewer than ${settings.minStrongHits} substantive hit(s) at ${pct(settings.strongHit)}`,
    );
  }
  // The named entry is one passage: the others need not be about it too.
  if (signals.top3_avg < settings.minTop3Avg && !(signals.named_hits ?? 0)) missing.push(`top-3 average under ${pct(settings.minTop3Avg)}`);
  if (hasKeyTerms && signals.key_term_coverage < settings.minCoverage) missing.push(`key terms covered under ${pct(settings.minCoverage)}`);
  if (missing.length === 0) return { decision: "strong", signals, reason: `Strong evidence: ${seen}.` };
  if (attempt < settings.maxRetries) {
    return {
      decision: "broaden",
      signals,
      reason: `Weak evidence (${missing.join("; ")}): ${seen}; broadening (retry ${attempt + 1} of ${settings.maxRetries}).`,
    };
  }
  return {
    decision: "weak",
    signals,
    reason: `Weak evidence (${missing.join("; ")}): ${seen}; ${settings.maxRetries} retr${settings.maxRetries === 1 ? "y" : "ies"} used, answering in weak mode.`,
  };
}

/** One phrase's presence in the tenant's corpus, as the store reports it. */
export interface Presence {
  phrase: string;
  lexemes: string[];
  minDf: number;
  phraseFound: boolean | null;
  /** False when the tenant has no indexed term at all: an empty index proves nothing missing. */
  indexed: boolean;
}

/** Whether no indexed document mentions the phrase: one of its lexemes has df = 0, or its words never occur as a phrase. */
export const absent = (p: Presence) => p.indexed && p.lexemes.length > 0 && (p.minDf === 0 || p.phraseFound === false);

/**
 * Each asked term's presence, where a spelling of it the corpus holds stands in for it when the
 * term as written is in no document (`IL6` asked, `IL-6` indexed): the row keeps the asked phrase.
 * @param presence the store's answer for the asked terms and their spellings, in any order.
 * @param spellings each asked term with its other spellings ({@link spellingVariants}).
 * @example
 * presentSpelling(await store.termPresence(tenant, ["IL6", "IL-6"]), new Map([["IL6", ["IL-6"]]]))[0].minDf; // > 0 when IL-6 is indexed
 */
export function presentSpelling(presence: readonly Presence[], spellings: ReadonlyMap<string, readonly string[]>): Presence[] {
  const by = new Map(presence.map((p) => [p.phrase, p]));
  return [...spellings].flatMap(([term, others]) => {
    const own = by.get(term);
    if (!own || !absent(own)) return own ? [own] : [];
    const found = others.map((o) => by.get(o)).find((p) => p !== undefined && p.lexemes.length > 0 && !absent(p));
    return [found ? { ...found, phrase: term } : own];
  });
}

/** A superlative adjective ("simplest", "easiest", "latest"). */
const SUPERLATIVE = /^[a-z]{3,}est$/i;

/** A word in -ing: after a preposition, an action ("without regenerating"). */
const GERUND = /^[a-z]{2,}ing$/i;

/** A superlative or a word in -ing: how the question frames what it asks about, not its name. */
const framingWord = (term: string) => SUPERLATIVE.test(term) || GERUND.test(term);

/** How many words a chat-box question has at most ("datediff in postgres?"). */
export const TERSE_WORDS = 4;

/**
 * What the question asks about that the corpus does not hold: the required constraints no indexed
 * document mentions, or, when at least `unknownTermShare` of the key terms (and two or more, or one
 * of the two of a question of at most {@link TERSE_WORDS} words) are in no document, those terms.
 * Empty when the corpus covers the question.
 * @param presence the store's answer for `constraints` followed by `keyTerms`, in that order.
 * @param inEvidence whether the ranked evidence holds a term (then it is not missing).
 * @example
 * corpusGaps(await store.termPresence(tenant, ["Initech"]), ["Initech"], [], settings); // ["Initech"]
 */
export function corpusGaps(
  presence: readonly Presence[],
  constraints: readonly string[],
  keyTerms: readonly string[],
  settings: GateSettings,
  inEvidence: (term: string) => boolean = () => false,
  question = "",
): string[] {
  // What the evidence at hand holds is in the corpus, whatever the statistics say.
  const by = new Map(presence.filter((p) => !inEvidence(p.phrase)).map((p) => [p.phrase, p]));
  if (settings.requireConstraints) {
    const missing = constraints.filter((c) => by.has(c) && absent(by.get(c)!));
    // A phrase whose words are each missing on their own names them once (Bruker ParaVision, not also ParaVision).
    const named = missing.filter((m) => !missing.some((o) => o !== m && o.toLowerCase().includes(m.toLowerCase())));
    if (named.length > 0) return named;
  }
  const known = new Map(presence.map((p) => [p.phrase, p]));
  const words = keyTerms.filter((t) => (known.get(t)?.lexemes.length ?? 0) > 0);
  // A superlative or a word in -ing frames the question ("the quickest way", "without hunting for
  // the app"): it ranks or describes, it does not name what is asked about.
  const unknown = words.filter((t) => by.has(t) && absent(by.get(t)!) && !framingWord(t));
  // Of a chat-box question's two key terms ("datediff in postgres?", at most TERSE_WORDS words), the
  // one no document holds is what it asks about; in a longer question it may be a paraphrase ("How
  // do I lighten my screen up?").
  const terse = unknown.length === 1 && words.length === 2 && question.split(/\s+/).filter(Boolean).length <= TERSE_WORDS;
  return (unknown.length >= 2 || terse) && unknown.length >= settings.unknownTermShare * words.length ? unknown : [];
}

/** Words that open a noun phrase: the word after one names (part of) the thing asked about. */
const PHRASE_OPENER = new Set(
  "a an the my your our their his her its this that these those some any another with without via over using through by from for about".split(
    " ",
  ),
);

/**
 * The key terms no indexed document holds, in any spelling, that the question writes right after a
 * determiner or a preposition ("with the iris scanner", "via satellite", "a thermal image", "a recipe
 * for sourdough"), or after a superlative that follows one ("the largest ocean"): part of
 * a noun phrase naming what is asked about, not a verb or an adverb of the question. Never counted:
 * numbers, superlatives ("the simplest": they rank things, not name them), words in -ing ("without
 * regenerating": an action, not a thing), the planner's intent cues ("as a beginner", "a beginner
 * tutorial": what kind of answer is wanted) and terms the evidence holds.
 * @param presence each key term's presence ({@link presentSpelling}).
 * @example
 * phraseGaps("How do I unlock the phone with the iris scanner?", presence, (t) => false); // ["iris"] when iris has df = 0
 */
export function phraseGaps(question: string, presence: readonly Presence[], inEvidence: (term: string) => boolean): string[] {
  const words = (question.match(/[A-Za-z][\w'’-]*|\d[\w.]*/g) ?? []).map((w) => w.toLowerCase());
  // "the largest ocean": a superlative after the opener ranks the noun after it, which names the thing.
  const opener = (i: number) =>
    i >= 0 && (PHRASE_OPENER.has(words[i]!) || (SUPERLATIVE.test(words[i]!) && i > 0 && PHRASE_OPENER.has(words[i - 1]!)));
  const opens = new Set(words.flatMap((w, i) => (opener(i - 1) ? [w] : [])));
  return presence
    .filter(
      (p) =>
        absent(p) &&
        !/\d/.test(p.phrase) &&
        !isIntentCue(p.phrase) &&
        !SUPERLATIVE.test(p.phrase) &&
        !GERUND.test(p.phrase) &&
        opens.has(p.phrase.toLowerCase()) &&
        !inEvidence(p.phrase),
    )
    .map((p) => p.phrase);
}

/**
 * What a "how many" or "how much" question counts or measures: the key term right after it ("How
 * many watts does it take?" → watts). Undefined when a function word or a verb follows ("how much
 * does it cost": not a key term) or the question asks no such thing. A corpus that never writes the
 * word states no such figure, however well the rest of the question matches.
 * @example
 * countedTerm("How many watts does fast charging use?", ["many", "watts", "fast", "charging"]); // "watts"
 */
export function countedTerm(question: string, keyTerms: readonly string[]): string | undefined {
  const word = /\bhow\s+(?:many|much)\s+([A-Za-z][\w-]*)/i.exec(question)?.[1]?.toLowerCase();
  return word === undefined ? undefined : keyTerms.find((t) => t.toLowerCase() === word);
}

/**
 * The `clarify` verdict for a question the corpus does not cover, naming what is missing.
 * @example
 * notCovered(["Initech"], signals).reason; // "No indexed document mentions Initech."
 */
export function notCovered(missing: readonly string[], signals: GateSignals): GateResult {
  return { decision: "clarify", signals, missing: [...missing], reason: `No indexed document mentions ${orList(missing)}.` };
}

/** "a", "a or b", "a, b or c". */
const orList = (names: readonly string[]) => (names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`);

/**
 * What an answer to a long request says of its details no indexed document mentions (`gate.unmentioned`).
 * @example
 * unmentionedNote(["CPMG", "Hanning"]); // "No indexed document mentions CPMG or Hanning: the closest match is below, without them."
 */
export const unmentionedNote = (names: readonly string[]) =>
  `No indexed document mentions ${orList(names)}: the closest match is below, without ${names.length === 1 ? "it" : "them"}.`;

/**
 * What the gate asks the corpus about (`store.termPresence`) for a plan, on the first round: the
 * required constraints and the key terms (none when the evidence names an indexed entry, whose
 * other words are framing), each with its other spellings; undefined when the gate asks nothing
 * (no constraint and at most one key term). With `namesEntry` false it is a superset of what the
 * gate asks, so it can be looked up before the evidence exists.
 * @example
 * gateLookup(plan, false)?.lookup; // ["IL6", "IL-6", "macrophages", ...]
 */
export function gateLookup(
  plan: Pick<Plan, "constraints" | "key_terms">,
  namesEntry: boolean,
): { terms: string[]; spellings: Map<string, string[]>; lookup: string[] } | undefined {
  const terms = namesEntry ? [] : plan.key_terms.filter((t) => !t.includes("."));
  if (plan.constraints.length === 0 && terms.length <= 1) return undefined;
  // A term the corpus spells another way (IL6 / IL-6, PPARy / PPARγ, Rad53-dependent / Rad53) is not missing.
  // A plain word may be written closed or open (`touchscreen` / touch screen) or in the other
  // English spelling (`colour` / color); a required name is as written.
  const required = new Set(plan.constraints.map((c) => c.toLowerCase()));
  const spellings = new Map(
    [...plan.constraints, ...terms].map((t) => [t, [...spellingVariants(t), ...(required.has(t.toLowerCase()) ? [] : plainSpellings(t))]]),
  );
  const lookup = [...new Set([...spellings].flatMap(([t, others]) => [t, ...others]))];
  return { terms, spellings, lookup };
}
