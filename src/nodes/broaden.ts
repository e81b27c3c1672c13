import { retrievalSettings, type RetrievalSettings } from "../retrieval/settings.js";
import { identifierWords } from "../retrieval/search.js";
import { expansions, synonymIndex } from "../retrieval/synonyms.js";
import type { GraphStateType } from "../state/state.js";
import type { Plan, RouteDecision, RunMetadata } from "../state/types.js";
import { contextOf, type NodeConfig } from "./context.js";

/** What broaden writes: the retry count and, when there is a plan, the broadened one. */
export interface BroadenUpdate {
  retries: number;
  plan?: Plan;
  metadata: Partial<RunMetadata>;
}

/** The marker broaden leaves in `plan.reason`; rerank and the fan-out read it. */
export const BROADENED_MARK = "[broadened]";

/** Whether a plan was broadened (its next round relaxes terms and thresholds). */
export const isBroadenedPlan = (plan: Plan | null | undefined): boolean => !!plan?.reason.includes(BROADENED_MARK);

/**
 * The plan of a broadened round: the route's secondary sources appended after the plan's own
 * (route order), key terms relaxed with the words inside identifiers and their synonyms, and
 * the reason saying what changed. Idempotent: broadening twice adds nothing new.
 *
 * @example
 * broadenPlan(plan, { sources: ["api", "docs", "examples"], primary: ["api"], scores: {}, reason: "" }).sources;
 * // ["api", "docs", "examples"]
 */
export function broadenPlan(plan: Plan, route: RouteDecision | null, synonyms: RetrievalSettings["synonyms"] = retrievalSettings(undefined).synonyms): Plan {
  const sources = [...plan.sources];
  for (const s of route?.sources ?? []) if (!sources.includes(s)) sources.push(s);
  const addedSources = sources.filter((s) => !plan.sources.includes(s));

  const keyTerms = [...plan.key_terms];
  const index = synonymIndex(synonyms);
  const relaxed = [...identifierWords(plan.identifiers), ...expansions(plan.key_terms.join(" "), index)];
  for (const t of relaxed) if (!keyTerms.includes(t)) keyTerms.push(t);
  const addedTerms = keyTerms.filter((t) => !plan.key_terms.includes(t));

  if (isBroadenedPlan(plan) && addedSources.length === 0 && addedTerms.length === 0) return plan;
  const changes = [
    addedSources.length ? `+sources ${addedSources.join(", ")}` : "no other sources",
    addedTerms.length ? `+terms ${addedTerms.join(", ")}` : "no new terms",
    "lower thresholds",
  ].join("; ");
  const reason = isBroadenedPlan(plan) ? `${plan.reason}; ${changes}` : `${plan.reason} ${BROADENED_MARK} ${changes}`;
  return { ...plan, sources, key_terms: keyTerms, reason };
}

/**
 * Runs when the gate finds the evidence weak: counts the retry and writes the broadened plan
 * the next retrieval round uses (more sources, relaxed terms). Thresholds are lowered by
 * retrieve and rerank on a round whose plan carries {@link BROADENED_MARK}, by the factors in
 * `settings.retrieval.broaden`.
 *
 * @example
 * const update = await broaden(state, { context });
 * update.retries; // state.retries + 1
 */
export async function broaden(state: GraphStateType, config: NodeConfig): Promise<BroadenUpdate> {
  const ctx = contextOf(config);
  const settings = retrievalSettings(ctx.settings);
  const retries = state.retries + 1;
  const plan = state.plan ? broadenPlan(state.plan, state.route, settings.synonyms) : null;
  return {
    retries,
    ...(plan ? { plan } : {}),
    metadata: { retries },
  };
}
