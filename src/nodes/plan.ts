import { planQuestion } from "../planner/index.js";
import type { GraphStateType, GraphUpdate } from "../state/state.js";
import { contextOf, type NodeConfig } from "./context.js";

/**
 * The `plan` node: intent, budgets and sources for the question. With a chat model in the run
 * context the LLM planner runs (falling back to the heuristic, with a note in
 * `metadata.fallbacks`); without one, the offline heuristic. The input's overrides win.
 *
 * @example
 * ```ts
 * const update = await planNode({ question: "show me an EPI example" } as GraphStateType, { context });
 * update.plan?.intent; // "example"
 * ```
 */
export async function planNode(state: GraphStateType, config: NodeConfig): Promise<GraphUpdate> {
  const ctx = contextOf(config);
  const started = performance.now();
  const { plan, fallback } = await planQuestion({
    question: state.question ?? "",
    profiles: ctx.profiles,
    chatModel: ctx.chatModel,
    overrides: {
      top_k: state.top_k,
      sources: state.sources,
      return_full_documents: state.return_full_documents,
      multi_section_threshold: state.multi_section_threshold,
      token_budget: state.token_budget,
    },
  });
  const planner = plan.planner === "llm" ? `llm/${ctx.chatModelId ?? "chat-model"}` : "heuristic";
  return {
    plan,
    metadata: {
      timings_ms: { plan: Math.round(performance.now() - started) },
      models: { planner },
      ...(fallback ? { fallbacks: [fallback] } : {}),
    },
  };
}
