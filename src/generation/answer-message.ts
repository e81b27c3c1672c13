import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import { ChatGenerationChunk, type ChatResult } from "@langchain/core/outputs";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Citation, Verdict } from "../state/types.js";

/** Answer pieces for clients when no model streamed tokens: sentences (and lines), whitespace kept. */
export function answerPieces(answer: string): string[] {
  return answer.split(/(?<=[.!?:\n])(?=\s)/).filter((p) => p.length > 0);
}

/**
 * A chat model that "generates" a text already written, piece by piece. Calling it from a node
 * is how an answer no LLM wrote (the extractive answerer's, a clarification) reaches LangGraph's
 * `streamMode: "messages"` as `AIMessageChunk`s, like a real model's tokens.
 */
class ReplayChatModel extends BaseChatModel {
  constructor(private readonly pieces: string[]) {
    super({});
  }

  _llmType(): string {
    return "sourcewise-replay";
  }

  async _generate(): Promise<ChatResult> {
    const text = this.pieces.join("");
    return { generations: [{ text, message: new AIMessage(text) }] };
  }

  override async *_streamResponseChunks(
    _messages: BaseMessage[],
    _options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ) {
    for (const text of this.pieces) {
      const chunk = new ChatGenerationChunk({ text, message: new AIMessageChunk({ content: text }) });
      yield chunk;
      await runManager?.handleLLMNewToken(text, undefined, undefined, undefined, undefined, { chunk });
    }
  }
}

/**
 * Streams `answer` sentence by sentence as message chunks of the current node (when the run
 * streams messages) and returns the id they carry, so the final message with that id is not
 * streamed a second time.
 * @param config the node's config (its callbacks carry the messages stream).
 */
export async function replayAnswer(answer: string, config?: RunnableConfig): Promise<string | undefined> {
  const reply = await new ReplayChatModel(answerPieces(answer)).invoke([], { ...config, runName: "answer" });
  return reply.id;
}

/** {@link ReplayChatModel} over pieces that arrive over time (another model's tokens, rewritten). */
class RelayChatModel extends BaseChatModel {
  constructor(private readonly pieces: AsyncIterable<string>) {
    super({});
  }

  _llmType(): string {
    return "sourcewise-relay";
  }

  async _generate(): Promise<ChatResult> {
    let text = "";
    for await (const piece of this.pieces) text += piece;
    return { generations: [{ text, message: new AIMessage(text) }] };
  }

  override async *_streamResponseChunks(
    _messages: BaseMessage[],
    _options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ) {
    for await (const text of this.pieces) {
      if (!text) continue;
      const chunk = new ChatGenerationChunk({ text, message: new AIMessageChunk({ content: text }) });
      yield chunk;
      await runManager?.handleLLMNewToken(text, undefined, undefined, undefined, undefined, { chunk });
    }
  }
}

/**
 * Streams pieces as they arrive as message chunks of the current node, like {@link replayAnswer};
 * returns the id they carry. The pieces are consumed whether or not the run streams messages.
 */
export async function relayAnswer(pieces: AsyncIterable<string>, config?: RunnableConfig): Promise<string | undefined> {
  const reply = await new RelayChatModel(pieces).invoke([], { ...config, runName: "answer" });
  return reply.id;
}

/** What an answer message carries besides its text. */
export interface AnswerFields {
  citations: Citation[];
  verdict: Verdict | undefined;
  strategy: string;
  clarifying_questions: string[];
}

/**
 * The answer as the conversation keeps it: an `AIMessage` whose text is the answer and whose
 * `additional_kwargs` hold the citations, verdict, strategy and clarifying questions
 * (`response_metadata` repeats the verdict and strategy).
 * @param id the id of the chunks already streamed for it (see {@link replayAnswer}).
 * @example
 * const message = answerMessage(answer, { citations, verdict, strategy, clarifying_questions: [] }, id);
 * message.additional_kwargs.citations; // Citation[]
 */
export function answerMessage(answer: string, fields: AnswerFields, id?: string): AIMessage {
  const verdict = fields.verdict ?? null;
  return new AIMessage({
    content: answer,
    ...(id ? { id } : {}),
    additional_kwargs: { ...fields, verdict },
    response_metadata: { verdict, strategy: fields.strategy, citation_count: fields.citations.length },
  });
}
