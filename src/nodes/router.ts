import { runContext, type NodeConfig } from "../context/run-context.js";
import { requirePlan } from "../planner/require-plan.js";
import { routeQuery } from "../sources/router.js";
import type { GraphStateType, GraphUpdate } from "../state/state.js";

/**
 * The `router` node: orders the plan's sources by intent prior, indicator words and embedding
 * similarity, and marks the primary ones. The decision and its reason stay in state.
 *
 * @throws UnknownSourceError when the input's `sources` names a source no profile defines.
 * @example
 * const { route } = await router(state, { context });
 * route?.primary; // ["api_reference"]
 */
export async function router(state: GraphStateType, config: NodeConfig): Promise<GraphUpdate> {
  const ctx = runContext(config);
  const started = performance.now();
  const route = await routeQuery({
    question: state.standalone_question,
    plan: requirePlan(state, "router"),
    profiles: ctx.profiles,
    embeddings: ctx.embeddings,
    only: state.sources,
  });
  return { route, metadata: { timings_ms: { route: Math.round(performance.now() - started) } } };
}
