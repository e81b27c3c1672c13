import { Send } from "@langchain/langgraph";
import { heuristicPlan } from "../planner/heuristic.js";
import { applyOverrides } from "../planner/overrides.js";
import { routeQuery } from "../sources/router.js";
import type { GraphStateType, GraphUpdate } from "../state/state.js";
import { contextOf, type NodeConfig } from "./context.js";
import type { RetrieveTask } from "./retrieve.js";

/**
 * The `route` node: orders the plan's sources by intent prior, indicator words and embedding
 * similarity, and marks the primary ones. The decision and its reason stay in state.
 *
 * @throws UnknownSourceError when the input's `sources` names a source no profile defines.
 */
export async function routeNode(state: GraphStateType, config: NodeConfig): Promise<GraphUpdate> {
  const ctx = contextOf(config);
  const started = performance.now();
  // Without a plan node upstream (a graph variant, a test), plan here so routing still works.
  const plan =
    state.plan ??
    applyOverrides(heuristicPlan(state.question ?? "", { profiles: ctx.profiles }), {
      top_k: state.top_k,
      sources: state.sources,
    });
  const route = await routeQuery({
    question: state.question ?? "",
    plan,
    profiles: ctx.profiles,
    embeddings: ctx.embeddings,
    only: state.sources,
  });
  return {
    ...(state.plan ? {} : { plan }),
    route,
    metadata: { timings_ms: { route: Math.round(performance.now() - started) } },
  };
}

/**
 * The conditional edge after `route` (and after a broaden decision): one `Send("retrieve")` per
 * source to search, in priority order. The first round searches the primary sources; a broaden
 * round (`retries > 0`) searches every routed source. With nothing to search (out of scope,
 * top_k 0) it returns `"clarify"`, where the graph answers politely or asks a clarifying question.
 *
 * @example
 * ```ts
 * builder.addConditionalEdges("route", routeToRetrievers, ["retrieve", "clarify"]);
 * ```
 */
export function routeToRetrievers(state: GraphStateType): Send[] | "clarify" {
  const plan = state.plan;
  if (!plan || plan.top_k <= 0) return "clarify";
  const broadened = state.retries > 0;
  const sources = state.route ? (broadened ? state.route.sources : state.route.primary) : plan.sources;
  if (sources.length === 0) return "clarify";
  return sources.map(
    (source) =>
      new Send("retrieve", {
        question: state.question,
        source,
        attempt: state.retries,
        tenant: state.tenant,
        topic: state.topic,
        plan,
        broadened,
      } satisfies RetrieveTask),
  );
}
