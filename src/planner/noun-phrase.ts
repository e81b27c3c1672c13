import type { SourceProfile } from "../sources/profile.js";
import type { Plan } from "../state/types.js";
import { budgetFor, orderSources } from "./budget.js";
import { classifyIntent } from "./heuristic.js";
import { extractIdentifiers, extractKeyTerms } from "./terms.js";

/** Words that open a question, a request or a statement, not a name: a text starting with one is a sentence. */
const SENTENCE_OPENER =
  /^\s*(?:what|how|why|which|when|where|who|whom|whose|is|are|was|were|am|do|does|did|can|could|should|would|will|shall|may|might|must|has|have|had|show|give|tell|explain|describe|list|compare|find|write|create|make|build|generate|implement|plot|convert|check|add|use|set|get|help|walk|teach|let|i|i'm|i'd|we|my|our|please|hi|hello|hey)\b/i;

/** A finite auxiliary: "X is …", "X doesn't …" make a sentence of the words before a relative clause. */
const AUXILIARY =
  /\b(?:is|are|was|were|am|be|do|does|did|can|could|should|would|will|shall|may|might|must|has|have|had|isn't|aren't|doesn't|don't|didn't|can't|won't|cannot)\b/i;

/** Where a relative clause begins ("EPI that sets labels"): a verb after it belongs to the clause, not to a sentence. */
const RELATIVE = /\b(?:that|which|who|whose|where)\b/i;

/**
 * Where a noun phrase's head ends: its modifiers follow ("X with Y", "X in pypulseq", "X, no Y",
 * "X (Y)", "X / Y", "X modelled on Y", "X localised with Y").
 */
const HEAD_END =
  /\s*(?:\b(?:with|without|using|via|in|on|for|that|which|where|whose|from|by|at|no|not|and|or|to|as|into|instead|rather|except)\b|\b[a-z]+ed\s+(?:on|upon|after|with|by|from|using|through|via)\b|[,(/;:[\]])/i;

/**
 * A search frame before the name of the thing looked for: "where can I find …", "I'm looking for …",
 * "is there a …", "do you have a …", "do you have the … variant", "I'm after a …" (not "is there a way to …", a how-to).
 */
const SEARCH_FRAME =
  /^\s*(?:where (?:can|do|could|would|should) (?:i|we|one) find|(?:i['’]m |i am |we['’]re |we are )?looking for|(?:i['’]m|i am|we['’]re|we are) after|(?:is there|are there|do you have|have you got) (?:a|an|any)(?= )(?! (?:ways?|chance|possibility|reason|need)\b)|(?:do you have|have you got) the(?= ))\s+/i;

/**
 * The most words a text typed as the name of a thing has before a relative clause: a description
 * listing what the thing has ("EPI without ramp sampling, 7 slices and 4 repetitions, a physio
 * trigger before each volume, …") runs long with no verb.
 */
const MAX_WORDS = 40;

/** Whether a search frame opens the question ("is there a …", "do you have the …"). */
export const searchFramed = (question: string) => SEARCH_FRAME.test(question);

/**
 * Whether the question is a bare noun phrase naming a thing, as typed into a chat box ("SE-EPI
 * with ramp sampling, no diffusion", "UTE in pypulseq", "just a simple FID sequence"): no question
 * word, no request or sentence verb, no full stop, no cue of any intent (asking for parameters, an error, a
 * comparison, a specification section...). A code name with a dot, an underscore or call
 * brackets is an API name and makes it none; a capitalised word such as `TrueFISP` does not.
 * After a search frame ("is there a …") only the head is read so: the rest describes the thing.
 *
 * @example
 * namesAThing("balanced SSFP (TrueFISP) sequence"); // true
 * namesAThing("[BLOCKS] section format");           // false (a specification cue)
 * namesAThing("What is a gradient echo?");          // false
 * namesAThing("where can I find a radial GRE?");    // true (a search frame, then the name)
 * namesAThing("is there a spin-echo EPI with a trigger output pulse?"); // true ("output" describes it)
 * namesAThing("plain 2D gradient echo: one slice, TE 5 ms, TR 12 ms"); // true (the name, then its settings)
 */
export function namesAThing(question: string): boolean {
  // A full stop ends a statement ("Lecanemab slows cognitive decline."), not a name typed into a chat box.
  if (/[^.]\.\s*$/.test(question)) return false;
  const framed = SEARCH_FRAME.test(question);
  const text = question
    .replace(SEARCH_FRAME, "")
    .trim()
    .replace(/[?!]+$/, "");
  if (!text || SENTENCE_OPENER.test(text)) return false;
  // A relative clause may run long ("… EPI in which every line is preceded by …"); the name is before it.
  // After a search frame ("is there a spin-echo EPI for …") the head is the name looked for, and
  // what follows it, however long, describes the thing: its words ("a trigger output pulse") are no cue.
  // "NAME: its settings, listed" names the thing before the colon, when what follows is a list, not a question.
  const [beforeColon, ...listed] = text.split(":");
  const list = listed.join(":");
  const named = listed.length > 0 && !/\?/.test(list) && !AUXILIARY.test(list) && !SENTENCE_OPENER.test(list) ? beforeColon! : text;
  const main = framed ? (text.split(HEAD_END)[0] ?? text) : (named.split(RELATIVE)[0] ?? named);
  if (main.split(/\s+/).length > MAX_WORDS) return false;
  if (AUXILIARY.test(main)) return false;
  const identifiers = extractIdentifiers(question);
  if (identifiers.some((id) => /[._`[\]()]/.test(id))) return false;
  // A relative clause says what the thing does or allows ("… that can be extended step by step"):
  // its words are the description, not a cue of what is asked.
  const guess = classifyIntent(main, extractIdentifiers(main));
  if (guess.intent !== "concept" && guess.intent !== "api") return false;
  return guess.cues.every((cue) => cue.startsWith("identifier("));
}

/**
 * The key terms of a noun phrase's head: the words before its first modifier ("diffusion EPI"
 * of "diffusion EPI with prospective motion correction", "sodium ZTE" of "sodium ZTE / PETRA
 * sequence"). What is asked for is the head; the modifiers pick among its variants.
 *
 * @example
 * headTerms("gradient echo with GRAPPA undersampling and ACS lines"); // ["gradient", "echo"]
 */
export function headTerms(question: string): string[] {
  const head = question.replace(SEARCH_FRAME, "").trim().split(HEAD_END)[0] ?? "";
  return extractKeyTerms(head);
}

/** The most words a noun phrase's head noun spans, its premodifiers before it ("gradient echo"). */
const HEAD_NOUN_WORDS = 2;

/**
 * The key terms of the head's last words, its head noun ("gradient echo" of "plain Cartesian
 * RF-spoiled 2D gradient echo", "EPI" of "basic gradient-echo EPI", after a hyphenated compound
 * modifying it): premodifiers before it pick among its variants as modifiers after it do.
 * Undefined when the head is no longer than that.
 *
 * @example
 * headNounTerms("is there a plain Cartesian RF-spoiled 2D gradient echo, without labels?"); // ["gradient", "echo"]
 * headNounTerms("is there a basic gradient-echo EPI without ramp sampling?"); // ["epi"]
 * headNounTerms("diffusion EPI with prospective motion correction"); // undefined
 */
export function headNounTerms(question: string): string[] | undefined {
  const head = headTerms(question);
  if (head.length <= 1) return undefined;
  // A hyphenated compound modifies what follows it ("gradient-echo EPI", "spin-echo EPI"): the head noun is after it.
  const text = question.replace(SEARCH_FRAME, "").trim().split(HEAD_END)[0] ?? "";
  const afterCompound = /\b[\p{L}\p{N}]+-[\p{L}\p{N}]+\s+(?!.*\b[\p{L}\p{N}]+-[\p{L}\p{N}]+\s)(.+)$/u.exec(text)?.[1];
  const noun = afterCompound ? extractKeyTerms(afterCompound) : [];
  if (noun.length > 0 && noun.length <= HEAD_NOUN_WORDS && noun.length < head.length) return noun;
  return head.length > HEAD_NOUN_WORDS ? head.slice(-HEAD_NOUN_WORDS) : undefined;
}

/**
 * The plan re-sized as an example request: the example budgets and source order, the same key
 * terms, identifiers and constraints, `why` appended to the reason. The caller re-applies the
 * input's overrides.
 *
 * @example
 * asExampleRequest(plan, profiles, "names a thing writeFid.m is named for").intent; // "example"
 */
export function asExampleRequest(plan: Plan, profiles: readonly SourceProfile[], why: string): Plan {
  const distinct = plan.identifiers.filter((id) => !plan.identifiers.some((o) => o !== id && o.endsWith(`.${id}`))).length;
  const budget = budgetFor("example", { broad: false, identifiers: distinct, keyTerms: plan.key_terms.length });
  return {
    ...plan,
    intent: "example",
    ...budget.values,
    sources: orderSources("example", profiles),
    reason: `example (${why}; was ${plan.reason}); ${budget.why}`,
  };
}
