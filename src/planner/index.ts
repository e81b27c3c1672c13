/** Query analysis: intent, budgets and sources for one question, offline or with a chat model. */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { SourceProfile } from "../sources/profile.js";
import type { Plan } from "../state/types.js";
import { heuristicPlan } from "./heuristic.js";
import { llmPlan } from "./llm.js";
import { applyOverrides, type PlanOverrides } from "./overrides.js";

export { classifyIntent, everydayTopic, heuristicPlan } from "./heuristic.js";
export { llmPlan, LlmPlanSchema, plannerPrompt } from "./llm.js";
export { applyOverrides } from "./overrides.js";
export { budgetFor, intentPrior, orderSources, INTENT_BUDGETS, KIND_ORDER, MAX_TOKEN_BUDGET, MAX_TOP_K } from "./budget.js";
export { extractIdentifiers, extractKeyTerms } from "./terms.js";

export type { HeuristicPlanOptions, IntentGuess } from "./heuristic.js";
export type { LlmPlan, LlmPlanOptions } from "./llm.js";
export type { PlanOverrides } from "./overrides.js";
export type { Breadth, PlanBudget } from "./budget.js";

/** Options of {@link planQuestion}. */
export interface PlanQuestionOptions {
  question: string;
  profiles: readonly SourceProfile[];
  /** With a chat model the LLM planner runs first; without one, the heuristic only. */
  chatModel?: BaseChatModel | undefined;
  /** The caller's overrides; applied last, they always win. */
  overrides?: PlanOverrides;
  /** @default 20000 */
  timeoutMs?: number;
  /** Whether the corpus holds examples (see `HeuristicPlanOptions.examples`). @default true */
  examples?: boolean;
  /** Whether an everyday topic reads as out of scope (see `HeuristicPlanOptions.everyday`). @default true */
  everyday?: boolean;
}

/** A plan, and why the LLM planner was not used when it should have been. */
export interface PlanOutcome {
  plan: Plan;
  /** Set when the LLM planner failed and the heuristic plan was used instead. */
  fallback?: string;
}

/**
 * Plans a question: the LLM planner when a chat model is given (any failure falls back to the
 * heuristic, with a note), else the deterministic heuristic; the caller's overrides last.
 *
 * @example
 * ```ts
 * const { plan } = await planQuestion({ question: "compare all gradient functions", profiles, overrides: { top_k: 5 } });
 * plan.intent; // "comparison"
 * plan.top_k;  // 5 (the override wins over the planner's 15)
 * ```
 */
export async function planQuestion({
  question,
  profiles,
  chatModel,
  overrides = {},
  timeoutMs,
  examples,
  everyday,
}: PlanQuestionOptions): Promise<PlanOutcome> {
  let fallback: string | undefined;
  let plan: Plan | undefined;
  if (chatModel) {
    try {
      plan = await llmPlan({ question, chatModel, profiles, timeoutMs });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).split("\n")[0]?.slice(0, 200);
      fallback = `planner: LLM planner failed (${message}); used the heuristic plan`;
    }
  }
  plan ??= heuristicPlan(question, {
    profiles,
    ...(examples === undefined ? {} : { examples }),
    ...(everyday === undefined ? {} : { everyday }),
  });
  return { plan: applyOverrides(plan, overrides), ...(fallback ? { fallback } : {}) };
}
