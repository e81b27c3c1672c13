import type { SourceProfile } from "../sources/profile.js";
import type { Plan } from "../state/types.js";
import { budgetFor, orderSources } from "./budget.js";

/** A format's section tag: `[GRADIENTS]`, `[RF]`. */
const TAG = String.raw`\[[A-Z][A-Z0-9_ -]*\]`;

/** Where a file format holds something: "in the .seq file", "into the [GRADIENTS] section", "in the seq format", "on the [RF] line". */
const IN_FILE = String.raw`\b(?:in|into|to|inside|within|of|on) (?:the |a |an |my |its |this |that |each |every )?(?:(?:\.?[\w-]+ )?(?:files?|formats?)|${TAG} (?:sections?|lines?|entr(?:y|ies)|records?))\b`;

/** How a file lays it out: written, stored, encoded, its columns, fields or lines. */
const LAID_OUT = String.raw`\b(?:written|stored|saved|encoded|serialized|serialised|represented|laid out|end(?:s)? up|appears?|columns?|fields?|lines?|rows?|entries|entry|records?|values?|syntax|layout)\b`;

/** A file format as the one that sets the rule: "what does the file format require for …", "the seq format allows …". */
const FORMAT_RULES = String.raw`\b[\w.-]+ format (?:requires?|says?|specif(?:y|ies)|expects?|allows?|permits?|defines?|mandates?|dictates?|forbids?)\b`;

/**
 * Any line, section or entry of the format with a bracketed tag, as such: "how must a
 * [DEFINITIONS] line be formatted", "an [EXTENSIONS] line", "parse the [ADC] lines" (not "the
 * [RF] line of my plot").
 */
const TAG_LINE = String.raw`\b(?:(?:an?|each|every|any) ${TAG} (?:sections?|lines?|entr(?:y|ies)|records?)|the ${TAG} (?:lines|entries|records))\b`;

/**
 * The specification named as where the answer is: "the specification's example", "in the
 * specification", or the specification as what says it ("what the specification says", "what does
 * the specification require", "in what order does the spec apply them").
 */
const SPEC_NAMED = String.raw`\bspec(?:ification)?['’]s\b|\b(?:in|from|per|by|to|according to) (?:the|its|this) spec(?:ification)?\b|\bthe spec(?:ification)? (?:says?|requires?|defines?|allows?|permits?|mandates?|states?|specif(?:y|ies)|appl(?:y|ies))\b|\b(?:does|do|did) the spec(?:ification)? (?:say|require|define|allow|permit|mandate|state|specify|apply)\b`;

/**
 * A question about how a file format lays something out: what is written, stored or encoded
 * where, what its columns, fields or lines hold ("how are the shim settings written in the file",
 * "what's the format of a definition line", "what does each column of the [GRADIENTS] section
 * mean", "what does the file format require for its delay", "how must a [DEFINITIONS] line be
 * formatted"), or one that names the specification as where its answer is ("as in the
 * specification's example"). Either order of the two parts.
 */
export const FILE_LAYOUT = new RegExp(
  `${LAID_OUT}.{0,60}?${IN_FILE}|${IN_FILE}.{0,60}?${LAID_OUT}|\\bformat of (?:an? |the )?\\w+ (?:line|entry|record|field|column)s?\\b|${FORMAT_RULES}|${TAG_LINE}|${SPEC_NAMED}`,
  "i",
);

/**
 * Whether the question asks how a file format lays something out (see {@link FILE_LAYOUT}). Such a
 * question is answered by the format's specification, even when it names the API method that
 * writes the file ("I store parameters with seq.setDefinition, how do they end up in the .seq file?").
 *
 * @example
 * asksFileLayout("how are the shim settings written in the file?"); // true
 * asksFileLayout("How do I write a sequence to a file with seq.write?"); // false
 */
export function asksFileLayout(question: string): boolean {
  return FILE_LAYOUT.test(question);
}

/**
 * The plan as a specification question: the concept budgets (a concept plan keeps its own), searched in the document sources
 * only (`docSources`, those with the doc formatter and documents, in the intent's order), `why`
 * appended to the reason. The caller re-applies the input's overrides; with no document source it
 * keeps the plan.
 *
 * @example
 * asLayoutQuestion(plan, profiles, ["docs"], "asks how a file lays it out").sources; // ["docs"]
 */
export function asLayoutQuestion(plan: Plan, profiles: readonly SourceProfile[], docSources: readonly string[], why: string): Plan {
  if (docSources.length === 0) return plan;
  const sources = orderSources("concept", profiles).filter((s) => docSources.includes(s));
  if (plan.intent === "concept") return { ...plan, sources, reason: `${plan.reason}; ${why}` };
  const distinct = plan.identifiers.filter((id) => !plan.identifiers.some((o) => o !== id && o.endsWith(`.${id}`))).length;
  const budget = budgetFor("concept", { broad: false, identifiers: distinct, keyTerms: plan.key_terms.length });
  return {
    ...plan,
    intent: "concept",
    ...budget.values,
    sources,
    reason: `concept (${why}; was ${plan.reason}); ${budget.why}`,
  };
}
