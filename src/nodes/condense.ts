import { randomUUID } from "node:crypto";
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { Overwrite } from "@langchain/langgraph";
import { runContext, type NodeConfig } from "../context/run-context.js";
import { deterministicRewrite, llmRewrite } from "../memory/rewrite.js";
import { checkSources, InputError, isHuman, messageText } from "../state/input.js";
import { emptyMetadata, freshTurn, type GraphStateType } from "../state/state.js";

/**
 * This turn's question and the messages to add for it. A trailing human message is the new
 * question (every finished turn ends with the answer's message); otherwise `question` is, and
 * joins the conversation as a human message.
 * @throws InputError naming `question` when there is neither.
 */
export function turnQuestion(state: Pick<GraphStateType, "question" | "messages">): { question: string; messages: BaseMessage[] } {
  const last = state.messages?.at(-1);
  if (isHuman(last)) {
    const question = messageText(last).trim();
    if (question) return { question, messages: [] };
  }
  const question = state.question?.trim() ?? "";
  if (!question) {
    throw new InputError({
      field: "question",
      reason: "is required",
      hint: "Pass `question`, or `messages` ending with the user's message.",
    });
  }
  return { question, messages: [new HumanMessage(question)] };
}

/**
 * The `condense` node, first in the graph: takes this turn's question (`question`, or the last
 * human message of `messages`; see {@link turnQuestion}), checks the input's sources, starts a fresh turn (every output and per-turn field
 * back to its schema default, so nothing of a thread's previous turn carries over) and writes
 * `standalone_question`: the user's `question` as it is, or a follow-up ("and its parameters?")
 * rewritten to stand alone from the thread's earlier turns. Every later node searches with it.
 * With a chat model the LLM rewrites (falling back to the deterministic rewrite, noted in
 * `metadata.fallbacks`); without one the deterministic rewrite runs.
 *
 * @example
 * ```ts
 * const update = await condense({ question: "and its parameters?", history }, { context });
 * update.standalone_question; // "What about makeTrapezoid's parameters?"
 * ```
 */
export async function condense(state: GraphStateType, config: NodeConfig) {
  const ctx = runContext(config);
  const started = performance.now();
  const { question: asked, messages } = turnQuestion(state);
  checkSources(
    state.sources,
    ctx.profiles.map((p) => p.name),
  );
  const history = state.history ?? [];
  const metadata = emptyMetadata();
  let standalone = asked;
  let rewriter = "none";
  if (history.length > 0) {
    rewriter = "deterministic";
    if (ctx.chatModel) {
      try {
        standalone = await llmRewrite(ctx.chatModel, asked, history);
        rewriter = `llm/${ctx.chatModelId ?? "chat-model"}`;
      } catch (error) {
        metadata.fallbacks.push(`condense: LLM rewrite failed (${(error as Error).message.split("\n")[0]}); deterministic rewrite used`);
        standalone = deterministicRewrite(asked, history);
      }
    } else {
      standalone = deterministicRewrite(asked, history);
    }
  }
  metadata.timings_ms.condense = Math.round(performance.now() - started);
  metadata.models.condense = rewriter;
  return {
    ...freshTurn(),
    metadata: new Overwrite(metadata),
    question: asked,
    messages,
    standalone_question: standalone,
    run_id: randomUUID(),
  };
}
