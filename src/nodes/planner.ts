import { runContext, type NodeConfig } from "../context/run-context.js";
import { planQuestion } from "../planner/index.js";
import type { GraphStateType, GraphUpdate } from "../state/state.js";

/**
 * The `planner` node: intent, budgets, thresholds, key terms and sources for the standalone
 * question, written once to `plan`, the one place later nodes read them from. With a chat model
 * in the run context the LLM planner runs (falling back to the heuristic, with a note in
 * `metadata.fallbacks`); without one, the offline heuristic. The input's overrides are applied
 * here, once, and win.
 *
 * @example
 * ```ts
 * const update = await planner({ standalone_question: "show me an EPI example" } as GraphStateType, { context });
 * update.plan?.intent; // "example"
 * ```
 */
export async function planner(state: GraphStateType, config: NodeConfig): Promise<GraphUpdate> {
  const ctx = runContext(config);
  const started = performance.now();
  // A task reads as a request for an example only where the tenant has examples to give.
  const indexed = new Set(await ctx.store.indexedSources(ctx.tenant));
  const { plan, fallback } = await planQuestion({
    question: state.standalone_question,
    profiles: ctx.profiles,
    examples: ctx.profiles.some((p) => p.formatter === "example" && indexed.has(p.name)),
    chatModel: ctx.chatModel,
    overrides: {
      top_k: state.top_k,
      sources: state.sources,
      return_full_documents: state.return_full_documents,
      multi_section_threshold: state.multi_section_threshold,
      token_budget: state.token_budget,
    },
  });
  const model = plan.planner === "llm" ? `llm/${ctx.chatModelId ?? "chat-model"}` : "heuristic";
  return {
    plan,
    metadata: {
      timings_ms: { plan: Math.round(performance.now() - started) },
      models: { planner: model },
      ...(fallback ? { fallbacks: [fallback] } : {}),
    },
  };
}
