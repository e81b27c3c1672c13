import type { BaseMessage } from "@langchain/core/messages";
import {
  Annotation,
  BinaryOperatorAggregate,
  EmptyChannelError,
  messagesStateReducer,
  Overwrite,
  type Messages,
} from "@langchain/langgraph";
import type { Candidate, Citation, ContextBlock, GateResult, Plan, RankedChunk, RouteDecision, RunMetadata, Verdict } from "./types.js";

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

const replace = <T>(_a: T, b: T): T => b;
const last = <T>(fallback: () => T) => Annotation<T>({ reducer: replace, default: fallback });

/**
 * A channel for one run's scratch: reduced like any other within the run, never written to a
 * checkpoint (a thread restored from one starts with the default). Unlike LangGraph's
 * `UntrackedValue` it keeps a reducer, so parallel `retrieve` branches can merge into it.
 */
export class Scratch<V, U = V> extends BinaryOperatorAggregate<V, U> {
  // LangGraph's name for a channel it neither checkpoints nor saves the writes of (nor rebuilds
  // from a thread's writes, as it would a "BinaryOperatorAggregate" missing from a checkpoint).
  override lc_graph_name = "UntrackedValue";

  override fromCheckpoint(): this {
    return new Scratch(this.operator, this.initialValueFactory) as this;
  }

  override checkpoint(): V {
    // EmptyChannelError is how a channel says "nothing to save"; the checkpoint skips the key.
    throw new EmptyChannelError();
  }
}
const scratch = <T>(fallback: () => T) => new Scratch<T>(replace, fallback);

/**
 * What a caller passes in: the user's question, and optional overrides of the planner (the
 * planner applies them, once, to the plan). Cleared when the turn ends, so a follow-up in a
 * thread starts without the previous turn's overrides.
 */
export const InputState = Annotation.Root({
  /** The user's words, as typed. */
  question: Annotation<string>,
  /** Restrict to these sources (profiles), skipping the router's choice. */
  sources: last<string[] | undefined>(() => undefined),
  /** Topic for topic-scoped search (local results interleaved with corpus-wide ones). */
  topic: last<string | undefined>(() => undefined),
  /** The tenant to run as, when the caller has not resolved the run context for one. */
  tenant: last<string | undefined>(() => undefined),
  top_k: last<number | undefined>(() => undefined),
  return_full_documents: last<boolean | undefined>(() => undefined),
  multi_section_threshold: last<number | undefined>(() => undefined),
  token_budget: last<number | undefined>(() => undefined),
});

/** What a run returns. Reset when a turn starts. */
export const OutputState = Annotation.Root({
  /** The question as searched: the user's words, or a follow-up rewritten to stand alone (condense writes it). */
  standalone_question: last<string>(() => ""),
  answer: last<string>(() => ""),
  citations: last<Citation[]>(() => []),
  verdict: last<Verdict | undefined>(() => undefined),
  /** How the answer was produced, e.g. "extractive/strong", "llm/weak", "clarify". */
  strategy: last<string>(() => ""),
  clarifying_questions: last<string[]>(() => []),
  /** The planner's decision: the one home of intent, top_k, budgets, thresholds and key terms. */
  plan: last<Plan | null>(() => null),
  route: last<RouteDecision | null>(() => null),
  /** The retrieval round: 0 for the first, 1 after one broaden (broaden writes it). */
  attempt: last<number>(() => 0),
  /** The formatted context the generator saw, numbered as the answer cites it (cited blocks 1..n first). */
  context_seen: last<string>(() => ""),
  metadata: Annotation<RunMetadata, Partial<RunMetadata>>({ reducer: mergeMetadata, default: emptyMetadata }),
});

/** The work between input and output, per turn. Reset when a turn starts. */
export const TurnState = Annotation.Root({
  /**
   * Retrieved candidates keyed `${attempt}:${source}:${scope}`. Parallel retrieve branches each
   * write their own key; a broaden round writes new keys instead of clearing old ones. Scratch:
   * never checkpointed (the `updates` stream still shows each node's list).
   */
  candidates: new Scratch<Record<string, Candidate[]>>(
    (a, b) => ({ ...a, ...b }),
    () => ({}),
  ),
  /** The reranked list (scratch, like `candidates`). */
  ranked: scratch<RankedChunk[]>(() => []),
  /** The numbered blocks the generator reads (scratch: `context_seen` keeps their text once). */
  context: scratch<ContextBlock[]>(() => []),
  gate: last<GateResult | null>(() => null),
  /** This run's id, written by condense: the key of the store lookups the run's nodes share (`runLookups`). Scratch. */
  run_id: scratch<string>(() => ""),
});

/** What a thread keeps across turns (with a checkpointer). */
export const ThreadState = Annotation.Root({
  /** Earlier turns of the thread, oldest first, capped at {@link HISTORY_TURNS}. */
  history: Annotation<Turn[], Turn[]>({ reducer: (a, b) => [...a, ...b].slice(-HISTORY_TURNS), default: () => [] }),
  /**
   * The conversation as LangChain messages (`MessagesAnnotation`'s channel): the user's turns and
   * the answers as `AIMessage`s carrying their citations, for chat UIs, Studio and `useStream`.
   */
  messages: Annotation<BaseMessage[], Messages>({ reducer: messagesStateReducer, default: () => [] }),
});

/** Internal state: input, output, the turn's work, and the thread. */
export const GraphState = Annotation.Root({
  ...InputState.spec,
  ...OutputState.spec,
  ...TurnState.spec,
  ...ThreadState.spec,
});

export type GraphStateType = typeof GraphState.State;

/** The state keys that are per-run scratch: not checkpointed, not streamed as `values`. */
export const SCRATCH_KEYS: readonly string[] = Object.entries(GraphState.spec)
  .filter(([, c]) => c instanceof Scratch)
  .map(([k]) => k);
/** What a node returns: plain values (no Overwrite wrappers), metadata as a partial merged by the reducer. */
export type GraphUpdate = Partial<Omit<GraphStateType, "metadata">> & { metadata?: Partial<RunMetadata> };
export type GraphOutput = typeof OutputState.State;

/**
 * Every field of `root` set back to its schema default: a plain value where the reducer replaces,
 * an `Overwrite` where it merges. Derived from the schema, so a field added later is reset too.
 * Fields without a default (the question, which every run gives) are left alone.
 */
function resetOf(root: { spec: Record<string, unknown> }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, channel] of Object.entries(root.spec)) {
    if (!(channel instanceof BinaryOperatorAggregate) || !channel.initialValueFactory) continue;
    const value = channel.initialValueFactory();
    out[key] = channel.operator === replace ? value : new Overwrite(value);
  }
  return out;
}

/**
 * The update that starts a turn: every output and per-turn field at its default. The first node
 * returns it (with what it decides on top), so nothing of a thread's previous turn carries over.
 * @example
 * return { ...freshTurn(), standalone_question };
 */
export const freshTurn = () => ({ ...resetOf(OutputState), ...resetOf(TurnState) });

/** The update that ends a turn: the input's overrides cleared, so the next turn starts without them. */
export const clearedInput = () => resetOf(InputState);

export function emptyMetadata(): RunMetadata {
  return { timings_ms: {}, candidates_per_source: {}, rerank_scores: [], fallbacks: [], models: {}, fusion_weights: {} };
}

/** Merges metadata written by parallel nodes: maps merge, fallbacks accumulate, lists take the latest. */
export function mergeMetadata(a: RunMetadata, b: Partial<RunMetadata>): RunMetadata {
  return {
    timings_ms: { ...a.timings_ms, ...b.timings_ms },
    candidates_per_source: { ...a.candidates_per_source, ...b.candidates_per_source },
    rerank_scores: b.rerank_scores ?? a.rerank_scores,
    fallbacks: [...a.fallbacks, ...(b.fallbacks ?? [])],
    models: { ...a.models, ...b.models },
    fusion_weights: { ...a.fusion_weights, ...b.fusion_weights },
  };
}
