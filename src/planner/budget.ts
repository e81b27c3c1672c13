import type { SourceProfile } from "../sources/profile.js";
import type { Intent, Plan } from "../state/types.js";

/** The part of a plan that sizes retrieval and context. */
export type PlanBudget = Pick<Plan, "top_k" | "token_budget" | "multi_section_threshold" | "return_full_documents">;

/**
 * Budgets per intent for a simple question. A simple question needs a few precise hits; examples
 * need room for whole scripts; a comparison needs breadth.
 */
export const INTENT_BUDGETS: Readonly<Record<Intent, PlanBudget>> = {
  api: { top_k: 3, token_budget: 2000, multi_section_threshold: 2, return_full_documents: false },
  concept: { top_k: 3, token_budget: 2000, multi_section_threshold: 3, return_full_documents: false },
  debugging: { top_k: 5, token_budget: 3000, multi_section_threshold: 2, return_full_documents: false },
  example: { top_k: 4, token_budget: 6000, multi_section_threshold: 1, return_full_documents: true },
  tutorial: { top_k: 5, token_budget: 6000, multi_section_threshold: 2, return_full_documents: true },
  comparison: { top_k: 8, token_budget: 5000, multi_section_threshold: 3, return_full_documents: false },
  out_of_scope: { top_k: 0, token_budget: 0, multi_section_threshold: 1, return_full_documents: false },
};

/** The most a heuristic plan asks for; "compare all ..." reaches it. */
export const MAX_TOP_K = 15;
export const MAX_TOKEN_BUDGET = 8000;

/** What makes a question bigger than simple. */
export interface Breadth {
  /** The question says all / every / list. */
  broad: boolean;
  identifiers: number;
  keyTerms: number;
}

/**
 * The budget for an intent, grown for broad or many-part questions: "compare all" takes the
 * maximum, each identifier beyond the first adds two results, a long question adds two more.
 */
export function budgetFor(intent: Intent, { broad, identifiers, keyTerms }: Breadth): { values: PlanBudget; why: string } {
  const base = INTENT_BUDGETS[intent];
  if (intent === "out_of_scope") return { values: { ...base }, why: "nothing to retrieve" };
  if (intent === "comparison" && broad) {
    return {
      values: { ...base, top_k: MAX_TOP_K, token_budget: MAX_TOKEN_BUDGET },
      why: `broad comparison → top_k ${MAX_TOP_K}, ${MAX_TOKEN_BUDGET} tokens`,
    };
  }
  let extra = 2 * Math.max(0, identifiers - 1) + (keyTerms > 8 ? 2 : 0) + (broad ? 3 : 0);
  extra = Math.min(extra, MAX_TOP_K - base.top_k);
  const top_k = base.top_k + extra;
  const token_budget = Math.min(Math.max(base.token_budget, MAX_TOKEN_BUDGET), base.token_budget + 500 * extra);
  const size = extra === 0 ? "simple question" : `${identifiers} identifiers, ${keyTerms} key terms${broad ? ", broad" : ""}`;
  return { values: { ...base, top_k, token_budget }, why: `${size} → top_k ${top_k}, ${token_budget} tokens` };
}

/** A source's kind, as its formatter says. */
export type Kind = SourceProfile["formatter"];

/** Which kind of source answers each intent best, best first (learning → examples then API...). */
export const KIND_ORDER: Readonly<Record<Intent, readonly Kind[]>> = {
  api: ["api", "example", "doc"],
  example: ["example", "api", "doc"],
  tutorial: ["example", "api", "doc"],
  debugging: ["api", "example", "doc"],
  concept: ["doc", "api", "example"],
  comparison: ["api", "doc", "example"],
  out_of_scope: [],
};

/**
 * The prior of a source for an intent, in [0, 1]: 1 for the best kind, then 0.5, 0.2. It goes by
 * the profile's formatter, so a user-added source of API docs gets the API prior without code.
 */
export function intentPrior(intent: Intent, profile: Pick<SourceProfile, "formatter">): number {
  return kindPrior(KIND_ORDER[intent], profile.formatter);
}

function kindPrior(kinds: readonly Kind[], kind: Kind): number {
  const rank = kinds.indexOf(kind);
  return rank < 0 ? 0 : ([1, 0.5, 0.2][rank] ?? 0);
}

/**
 * Every profile's name, ordered by {@link intentPrior} (stable among equals), or by `kinds` when
 * the planner knows better than the intent's default order.
 */
export function orderSources(intent: Intent, profiles: readonly SourceProfile[], kinds: readonly Kind[] = KIND_ORDER[intent]): string[] {
  return profiles
    .map((p, i) => ({ name: p.name, prior: kindPrior(kinds, p.formatter), i }))
    .sort((a, b) => b.prior - a.prior || a.i - b.i)
    .map((p) => p.name);
}

/**
 * Each source's similarity threshold, as the plan carries it (a broadened plan lowers them).
 * @example
 * profileThresholds(loadProfiles()); // { api_reference: 0.2, docs: 0.2, examples: 0.2 }
 */
export function profileThresholds(profiles: readonly SourceProfile[]): Record<string, number> {
  return Object.fromEntries(profiles.map((p) => [p.name, p.retrieval.similarity_threshold]));
}
