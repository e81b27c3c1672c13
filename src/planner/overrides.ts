import type { Plan } from "../state/types.js";
import { INTENT_BUDGETS } from "./budget.js";

/** What a caller may force on the plan (the graph's input fields of the same names). */
export interface PlanOverrides {
  top_k?: number | undefined;
  sources?: string[] | undefined;
  return_full_documents?: boolean | undefined;
  multi_section_threshold?: number | undefined;
  token_budget?: number | undefined;
}

const FIELDS = ["top_k", "return_full_documents", "multi_section_threshold", "token_budget"] as const;

/**
 * Applies the caller's overrides last, so they always win over any planner. A caller who forces
 * `sources` on a question planned as out of scope wants a search anyway: the missing budgets then
 * come from the concept defaults instead of zero.
 *
 * @example
 * applyOverrides(plan, { top_k: 10, sources: ["docs"] }); // plan.top_k 10, plan.sources ["docs"]
 */
export function applyOverrides(plan: Plan, overrides: PlanOverrides): Plan {
  const out: Plan = { ...plan, sources: [...plan.sources] };
  const applied: string[] = [];
  if (overrides.sources !== undefined) {
    out.sources = [...new Set(overrides.sources)];
    applied.push(`sources=${out.sources.join(",")}`);
    if (plan.intent === "out_of_scope" && out.sources.length > 0) {
      out.top_k = INTENT_BUDGETS.concept.top_k;
      out.token_budget = INTENT_BUDGETS.concept.token_budget;
    }
  }
  const { top_k, return_full_documents, multi_section_threshold, token_budget } = overrides;
  if (top_k !== undefined) out.top_k = top_k;
  if (return_full_documents !== undefined) out.return_full_documents = return_full_documents;
  if (multi_section_threshold !== undefined) out.multi_section_threshold = multi_section_threshold;
  if (token_budget !== undefined) out.token_budget = token_budget;
  for (const field of FIELDS) if (overrides[field] !== undefined) applied.push(`${field}=${overrides[field]}`);
  if (applied.length > 0) out.reason = `${plan.reason}; input overrides ${applied.join(", ")}`;
  return out;
}
