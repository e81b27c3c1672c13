import { Send } from "@langchain/langgraph";
import type { RetrieveTask } from "../nodes/retrieve.js";
import type { GraphStateType } from "../state/state.js";

/** Where the graph goes after the quality gate. */
export type GateRoute = "generate" | "broaden" | "clarify";

/**
 * The conditional edge after `router` (and after `broaden`): one `Send("retrieve")` per source to
 * search, in priority order. The first round (`attempt` 0) searches the primary sources; a
 * broadened round searches every routed source. With nothing to search (out of scope, top_k 0)
 * it returns `"clarify"`, where the graph answers politely or asks a clarifying question.
 *
 * @example
 * builder.addConditionalEdges("router", routeToRetrievers, ["retrieve", "clarify"]);
 */
export function routeToRetrievers(state: GraphStateType): Send[] | "clarify" {
  const { plan, route, attempt } = state;
  if (!plan || plan.top_k <= 0) return "clarify";
  const sources = route ? (attempt > 0 ? route.sources : route.primary) : plan.sources;
  if (sources.length === 0) return "clarify";
  return sources.map(
    (source) =>
      new Send("retrieve", {
        question: state.standalone_question,
        source,
        attempt,
        tenant: state.tenant,
        topic: state.topic,
        plan,
        run_id: state.run_id,
      } satisfies RetrieveTask),
  );
}

/**
 * The conditional edge after `qualityGate`: strong and weak verdicts go to `generate`, a broaden
 * decision to `broaden`, nothing relevant to `clarify`.
 * @example
 * builder.addConditionalEdges("qualityGate", routeAfterGate, ["generate", "broaden", "clarify"]);
 */
export function routeAfterGate(state: Pick<GraphStateType, "gate">): GateRoute {
  switch (state.gate?.decision) {
    case "broaden":
      return "broaden";
    case "clarify":
      return "clarify";
    default:
      return "generate";
  }
}
