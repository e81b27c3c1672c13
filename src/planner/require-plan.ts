import { SourcewiseError } from "../errors.js";
import type { Plan } from "../state/types.js";

/**
 * The run's plan, which the planner node writes before any node that reads it.
 * @throws SourcewiseError `missing_plan` naming the node when the graph is wired without the planner.
 * @example
 * const plan = requirePlan(state, "expand");
 */
export function requirePlan(state: { plan: Plan | null }, node: string): Plan {
  if (!state.plan) {
    throw new SourcewiseError("missing_plan", `The ${node} node ran before the planner wrote a plan.`, {
      hint: "Wire the planner node before it (see buildGraph), or give the node's state a plan in tests.",
      data: { node },
    });
  }
  return state.plan;
}
