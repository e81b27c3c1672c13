import { gateSettings, type GateSettings } from "../generation/settings.js";
import { coverage, hasIdentifier, keyStems, termSet } from "../generation/text.js";
import { extractKeyTerms } from "../planner/terms.js";
import type { GraphStateType, GraphUpdate } from "../state/state.js";
import type { GateResult, GateSignals } from "../state/types.js";
import { contextOf, type NodeConfig } from "./context.js";
import { usableEvidence } from "./rerank.js";

/** Where the graph goes after the gate. */
export type GateRoute = "generate" | "broaden" | "clarify";

/** Page roles (from the PDF loader) whose text points at content without being it. */
const NON_SUBSTANTIVE = new Set(["toc", "cover", "references"]);

/** Evidence that is only a cover, a table of contents or a reference list. */
export const isNonSubstantive = (metadata: Record<string, unknown>): boolean =>
  typeof metadata.pageRole === "string" && NON_SUBSTANTIVE.has(metadata.pageRole);

/** One ranked result as the gate weighs it. */
export interface Evidence {
  relevance: number;
  text: string;
  substantive: boolean;
}

/**
 * The gate's signals over the top `window` ranked results: top relevance, the top-3 average,
 * strong substantive hits, the share of key terms the substantive evidence (plus `expanded`
 * context text) contains, and the share of the top three that is cover, contents or references.
 */
export function gateSignals(
  evidence: Evidence[],
  keyTerms: readonly string[],
  settings: GateSettings,
  window: number,
  expanded: readonly string[] = [],
): GateSignals {
  const top = [...evidence].sort((a, b) => b.relevance - a.relevance).slice(0, window);
  const top3 = top.slice(0, 3);
  const substantive = top.filter((e) => e.substantive);
  const terms = new Set([...substantive.map((e) => e.text), ...expanded].flatMap((t) => [...termSet(t)]));
  return {
    top_score: top[0]?.relevance ?? 0,
    top3_avg: top3.length ? top3.reduce((n, e) => n + e.relevance, 0) / top3.length : 0,
    strong_hits: substantive.filter((e) => e.relevance >= settings.strongHit).length,
    key_term_coverage: substantive.length || expanded.length ? coverage(keyStems(keyTerms), terms) : 0,
    non_substantive_share: top3.length ? top3.filter((e) => !e.substantive).length / top3.length : 0,
  };
}

/**
 * Judges the evidence: "strong" (answer), "broaden" (weak, and a retry is left: search once
 * more, wider), "weak" (answer candidly) or "clarify" (nothing relevant: ask). Cover, contents
 * and reference pages never count as strong evidence. Retries are counted in `state.retries`
 * (the broaden node adds one) and capped by `settings.gate.maxRetries`.
 *
 * @example
 * const { gate } = await gate(state, { context });
 * gate.decision; // "strong" | "broaden" | "weak" | "clarify"
 */
export async function gate(state: GraphStateType, config: NodeConfig): Promise<GraphUpdate> {
  const started = performance.now();
  const ctx = contextOf(config);
  const settings = gateSettings(ctx.settings);
  const window = state.plan?.top_k ?? state.top_k ?? settings.window;
  const keyTerms = state.plan?.key_terms ?? extractKeyTerms(state.question ?? "");
  const evidence: Evidence[] = usableEvidence(state.ranked).map((r) => ({
    relevance: r.relevance,
    text: `${r.docTitle} ${r.sectionTitle ?? ""} ${r.content}`,
    substantive: !isNonSubstantive(r.metadata),
  }));
  // Expanded blocks hold the whole section around a matched chunk: key terms found there count too.
  const expanded = state.context.filter((b) => !isNonSubstantive(b.metadata)).map((b) => `${b.title} ${b.section ?? ""} ${b.text}`);
  const signals = gateSignals(evidence, keyTerms, settings, window, expanded);
  const identifiers = state.plan?.identifiers ?? [];
  if (identifiers.length > 0) {
    const top = evidence.filter((e) => e.substantive).sort((a, b) => b.relevance - a.relevance).slice(0, 3);
    signals.identifier_coverage = identifiers.filter((id) => top.some((e) => hasIdentifier(e.text, id))).length / identifiers.length;
  }
  const result = decide(signals, state.retries, settings, keyTerms.length > 0);
  return { gate: result, metadata: { timings_ms: { gate: Math.round(performance.now() - started) } } };
}

/** The verdict from the signals, with a reason a reader can check against them. */
export function decide(signals: GateSignals, retries: number, settings: GateSettings, hasKeyTerms = true): GateResult {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const seen = `top ${pct(signals.top_score)}, top-3 avg ${pct(signals.top3_avg)}, ${signals.strong_hits} strong hit(s), key terms ${pct(signals.key_term_coverage)}`;
  // A low score alone is not "nothing": when the evidence holds most of the question's key
  // terms, a broadened round or a candid working theory beats asking the user again.
  const termsFound = hasKeyTerms && signals.key_term_coverage >= settings.minCoverage;
  if (signals.top_score < settings.relevantFloor && (signals.identifier_coverage ?? 0) < 1 && !termsFound) {
    return { decision: "clarify", signals, reason: `Nothing relevant: ${seen}, below the ${pct(settings.relevantFloor)} floor.` };
  }
  // A question naming identifiers that the top evidence holds verbatim is on topic, whatever its score.
  const namedFound = (signals.identifier_coverage ?? 0) === 1;
  if (hasKeyTerms && !namedFound && signals.strong_hits === 0 && signals.non_substantive_share === 0 && signals.key_term_coverage < settings.clarifyCoverage) {
    return { decision: "clarify", signals, reason: `Off-topic evidence: ${seen}; under ${pct(settings.clarifyCoverage)} of the key terms and no strong hit.` };
  }
  const missing: string[] = [];
  if (signals.strong_hits < settings.minStrongHits) {
    missing.push(
      signals.non_substantive_share > 0 && signals.top_score >= settings.strongHit
        ? "the best matches are only cover, contents or reference pages"
        : `fewer than ${settings.minStrongHits} substantive hit(s) at ${pct(settings.strongHit)}`,
    );
  }
  if (signals.top3_avg < settings.minTop3Avg) missing.push(`top-3 average under ${pct(settings.minTop3Avg)}`);
  if (hasKeyTerms && signals.key_term_coverage < settings.minCoverage) missing.push(`key terms covered under ${pct(settings.minCoverage)}`);
  if (missing.length === 0) return { decision: "strong", signals, reason: `Strong evidence: ${seen}.` };
  if (retries < settings.maxRetries) {
    return { decision: "broaden", signals, reason: `Weak evidence (${missing.join("; ")}): ${seen}; broadening (retry ${retries + 1} of ${settings.maxRetries}).` };
  }
  return { decision: "weak", signals, reason: `Weak evidence (${missing.join("; ")}): ${seen}; ${settings.maxRetries} retr${settings.maxRetries === 1 ? "y" : "ies"} used, answering in weak mode.` };
}

/**
 * The edge after the gate: strong and weak verdicts go to `generate`, a broaden decision to
 * `broaden`, nothing relevant to `clarify`.
 * @example
 * graph.addConditionalEdges("gate", routeAfterGate, ["generate", "broaden", "clarify"]);
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
