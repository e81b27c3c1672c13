import { Annotation } from "@langchain/langgraph";
import type {
  Candidate, Citation, ContextBlock, GateResult, Plan, RankedChunk, RouteDecision, RunMetadata, Verdict,
} from "./types.js";

/** Turns a thread keeps for rewriting follow-ups; older ones are dropped. */
export const HISTORY_TURNS = 8;

/** One finished turn of a thread. */
export interface Turn {
  /** What the user typed. */
  question: string;
  /** What was searched (the follow-up rewritten to stand alone). */
  standalone: string;
  answer: string;
}

const last = <T>(fallback: () => T) => Annotation<T>({ reducer: (_a, b) => b, default: fallback });

/** What a caller passes in: the question, and optional overrides of the planner. Overrides win. */
export const InputState = Annotation.Root({
  question: Annotation<string>,
  /** Restrict to these sources (profiles), skipping the router's choice. */
  sources: last<string[] | undefined>(() => undefined),
  /** Topic for topic-scoped search (local results interleaved with corpus-wide ones). */
  topic: last<string | undefined>(() => undefined),
  tenant: last<string | undefined>(() => undefined),
  top_k: last<number | undefined>(() => undefined),
  return_full_documents: last<boolean | undefined>(() => undefined),
  multi_section_threshold: last<number | undefined>(() => undefined),
  token_budget: last<number | undefined>(() => undefined),
});

/** What a run returns. */
export const OutputState = Annotation.Root({
  answer: last<string>(() => ""),
  citations: last<Citation[]>(() => []),
  verdict: last<Verdict | undefined>(() => undefined),
  /** How the answer was produced, e.g. "extractive/strong", "llm/weak", "clarify". */
  strategy: last<string>(() => ""),
  clarifying_questions: last<string[]>(() => []),
  plan: last<Plan | null>(() => null),
  route: last<RouteDecision | null>(() => null),
  /** The formatted context the generator saw. */
  context_seen: last<string>(() => ""),
  metadata: Annotation<RunMetadata, Partial<RunMetadata>>({ reducer: mergeMetadata, default: emptyMetadata }),
  /** The question as searched: the user's words, or a follow-up rewritten to stand alone. */
  standalone_question: last<string>(() => ""),
});

/** Internal state: input, output, and the work in between. */
export const GraphState = Annotation.Root({
  ...InputState.spec,
  ...OutputState.spec,
  /**
   * Retrieved candidates keyed `${attempt}:${source}:${scope}`. Parallel retrieve branches each
   * write their own key; a broaden round writes new keys instead of clearing old ones.
   */
  candidates: Annotation<Record<string, Candidate[]>>({ reducer: (a, b) => ({ ...a, ...b }), default: () => ({}) }),
  ranked: last<RankedChunk[]>(() => []),
  context: last<ContextBlock[]>(() => []),
  gate: last<GateResult | null>(() => null),
  /** Retrieval rounds done after the first (bounded by settings.maxRetries). */
  retries: last<number>(() => 0),
  /** The user's words this turn; `question` holds the standalone rewrite every node searches with. */
  user_question: last<string>(() => ""),
  /** Earlier turns of the thread (with a checkpointer), oldest first, capped at {@link HISTORY_TURNS}. */
  history: Annotation<Turn[], Turn[]>({ reducer: (a, b) => [...a, ...b].slice(-HISTORY_TURNS), default: () => [] }),
});

export type GraphStateType = typeof GraphState.State;
/** What a node returns: plain values (no Overwrite wrappers), metadata as a partial merged by the reducer. */
export type GraphUpdate = Partial<Omit<GraphStateType, "metadata">> & { metadata?: Partial<RunMetadata> };
export type GraphInput = typeof InputState.Update;
export type GraphOutput = typeof OutputState.State;

export function emptyMetadata(): RunMetadata {
  return { timings_ms: {}, candidates_per_source: {}, rerank_scores: [], retries: 0, fallbacks: [], models: {}, fusion_weights: {} };
}

/** Merges metadata written by parallel nodes: maps merge, fallbacks accumulate, numbers take the latest. */
export function mergeMetadata(a: RunMetadata, b: Partial<RunMetadata>): RunMetadata {
  return {
    timings_ms: { ...a.timings_ms, ...b.timings_ms },
    candidates_per_source: { ...a.candidates_per_source, ...b.candidates_per_source },
    rerank_scores: b.rerank_scores ?? a.rerank_scores,
    retries: b.retries ?? a.retries,
    fallbacks: [...a.fallbacks, ...(b.fallbacks ?? [])],
    models: { ...a.models, ...b.models },
    fusion_weights: { ...a.fusion_weights, ...b.fusion_weights },
  };
}
