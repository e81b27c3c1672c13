import type { RetrievalSettings } from "../config/run-settings.js";
import { runContext, type NodeConfig } from "../context/run-context.js";
import { profileThresholds } from "../planner/budget.js";
import { requirePlan } from "../planner/require-plan.js";
import { identifierWords } from "../retrieval/search.js";
import { expansions, synonymIndex } from "../retrieval/synonyms.js";
import type { GraphStateType } from "../state/state.js";
import type { SourceProfile } from "../sources/profile.js";
import type { Plan, RouteDecision } from "../state/types.js";

/**
 * The plan of a broadened round: the route's secondary sources appended after the plan's own
 * (route order), key terms relaxed with the words inside identifiers and their synonyms, each
 * source's threshold its profile's times `broaden.thresholdFactor`, and the reason saying what
 * changed. Idempotent: broadening a broadened plan again returns it unchanged.
 *
 * @example
 * broadenPlan(plan, { sources: ["api", "docs", "examples"], primary: ["api"], scores: {}, reason: "" }, settings, profiles).sources;
 * // ["api", "docs", "examples"]
 */
export function broadenPlan(
  plan: Plan,
  route: RouteDecision | null,
  settings: Pick<RetrievalSettings, "synonyms" | "broaden">,
  profiles: readonly SourceProfile[],
): Plan {
  const sources = [...plan.sources];
  for (const s of route?.sources ?? []) if (!sources.includes(s)) sources.push(s);
  const addedSources = sources.filter((s) => !plan.sources.includes(s));

  const keyTerms = [...plan.key_terms];
  const index = synonymIndex(settings.synonyms);
  const relaxed = [...identifierWords(plan.identifiers), ...expansions(plan.key_terms.join(" "), index)];
  for (const t of relaxed) if (!keyTerms.includes(t)) keyTerms.push(t);
  const addedTerms = keyTerms.filter((t) => !plan.key_terms.includes(t));

  const factor = settings.broaden.thresholdFactor;
  const thresholds = Object.fromEntries(Object.entries(profileThresholds(profiles)).map(([source, t]) => [source, t * factor]));
  const lowered = Object.entries(thresholds).some(([source, t]) => plan.thresholds[source] !== t);
  if (addedSources.length === 0 && addedTerms.length === 0 && !lowered) return plan;
  const changes = [
    addedSources.length ? `+sources ${addedSources.join(", ")}` : "no other sources",
    addedTerms.length ? `+terms ${addedTerms.join(", ")}` : "no new terms",
    `thresholds ×${factor}`,
  ].join("; ");
  return { ...plan, sources, key_terms: keyTerms, thresholds, reason: `${plan.reason}; broadened: ${changes}` };
}

/**
 * The `broaden` node: runs when the gate finds the evidence weak and a round is left. It starts
 * the next round (`attempt` + 1) and writes the broadened plan that round searches with (more
 * sources, relaxed terms, lower thresholds). Retrieve reads the round for its own widening
 * (more results, more weight on meaning).
 *
 * @example
 * const update = await broaden(state, { context });
 * update.attempt; // state.attempt + 1
 */
export async function broaden(state: GraphStateType, config: NodeConfig): Promise<Pick<GraphStateType, "attempt" | "plan">> {
  const { settings, profiles } = runContext(config);
  return { attempt: state.attempt + 1, plan: broadenPlan(requirePlan(state, "broaden"), state.route, settings.retrieval, profiles) };
}
