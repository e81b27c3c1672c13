import { Overwrite } from "@langchain/langgraph";
import { deterministicRewrite, llmRewrite } from "../memory/rewrite.js";
import { emptyMetadata, type GraphStateType, type Turn } from "../state/state.js";
import { contextOf, type NodeConfig } from "./context.js";

/**
 * The `condense` node, first in the graph: rewrites a follow-up ("and its parameters?") into a
 * standalone question from the thread's earlier turns, and puts it in `question`, so the planner,
 * router, retrievers, reranker and generator all use it unchanged. The user's words stay in
 * `user_question`. With a chat model the LLM rewrites (falling back to the deterministic rewrite,
 * noted in `metadata.fallbacks`); without one the deterministic rewrite runs.
 *
 * With a checkpointer the previous turn's work is still in state, so this also clears it:
 * candidates and metadata merge by reducer and would otherwise leak into this turn.
 *
 * @example
 * ```ts
 * const update = await condense({ question: "and its parameters?", history }, { context });
 * update.question; // "What about makeTrapezoid's parameters?"
 * ```
 */
export async function condense(state: GraphStateType, config: NodeConfig) {
  const ctx = contextOf(config);
  const started = performance.now();
  const asked = state.question ?? "";
  const history: Turn[] = state.history ?? [];
  const fallbacks: string[] = [];
  let standalone = asked;
  let rewriter = "none";
  if (history.length > 0) {
    rewriter = "deterministic";
    if (ctx.chatModel) {
      try {
        standalone = await llmRewrite(ctx.chatModel, asked, history);
        rewriter = `llm/${ctx.chatModelId ?? "chat-model"}`;
      } catch (error) {
        fallbacks.push(`condense: LLM rewrite failed (${(error as Error).message.split("\n")[0]}); deterministic rewrite used`);
        standalone = deterministicRewrite(asked, history);
      }
    } else {
      standalone = deterministicRewrite(asked, history);
    }
  }
  const metadata = emptyMetadata();
  metadata.timings_ms.condense = Math.round(performance.now() - started);
  metadata.models.condense = rewriter;
  metadata.fallbacks.push(...fallbacks);
  return {
    question: standalone,
    user_question: asked,
    standalone_question: standalone,
    // A fresh turn: nothing of the previous run's work may carry over.
    candidates: new Overwrite({}),
    metadata: new Overwrite(metadata),
    ranked: [], context: [], gate: null, retries: 0, plan: null, route: null,
    answer: "", citations: [], verdict: undefined, strategy: "", clarifying_questions: [], context_seen: "",
  };
}

/**
 * The `remember` node, last in the graph: appends the finished turn to `history`, which the
 * checkpointer keeps for the thread's next question.
 */
export async function remember(state: GraphStateType): Promise<{ history: Turn[] }> {
  return { history: [{ question: state.user_question || state.question, standalone: state.question, answer: state.answer }] };
}
