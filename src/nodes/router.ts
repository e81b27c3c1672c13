import { runLookups } from "../context/run-lookups.js";
import { runContext, type NodeConfig, type RunContext } from "../context/run-context.js";
import { requirePlan } from "../planner/require-plan.js";
import { routeQuery } from "../sources/router.js";
import type { GraphStateType, GraphUpdate } from "../state/state.js";
import type { RouteDecision } from "../state/types.js";

/**
 * The `router` node: orders the plan's sources by intent prior, indicator words and embedding
 * similarity, and marks the primary ones; a source with no document in the tenant is not searched
 * (unless the input names it). The decision and its reason stay in state.
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
  return {
    route: await withoutEmptySources(route, ctx, state.sources, state.run_id),
    metadata: { timings_ms: { route: Math.round(performance.now() - started) } },
  };
}

/** The route without the sources the tenant has no document in: a search of them costs a query and finds nothing. */
async function withoutEmptySources(
  route: RouteDecision,
  ctx: RunContext,
  named: readonly string[] | undefined,
  run: string,
): Promise<RouteDecision> {
  if (named?.length) return route;
  const indexed = new Set(await runLookups(ctx.store, ctx.tenant, run).indexedSources());
  const sources = route.sources.filter((s) => indexed.has(s));
  if (sources.length === 0 || sources.length === route.sources.length) return route;
  const primary = route.primary.filter((s) => indexed.has(s));
  const widened = route.widened?.filter((s) => indexed.has(s) && primary.includes(s));
  const empty = route.sources.filter((s) => !indexed.has(s));
  const { widened: _, ...rest } = route;
  return {
    ...rest,
    ...(widened?.length ? { widened } : {}),
    sources,
    primary: primary.length ? primary : [sources[0]!],
    reason: `${route.reason}; not searched (no documents): ${empty.join(", ")}`,
  };
}
