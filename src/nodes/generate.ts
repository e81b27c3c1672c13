import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { answerMessage, replayAnswer } from "../generation/answer-message.js";
import { buildCitations, dropDanglingCitations } from "../generation/citations.js";
import { apiAnswer } from "../generation/api-answer.js";
import { exampleAnswer } from "../generation/example-answer.js";
import { extractiveAnswer, THIN_EVIDENCE, WORKING_THEORY } from "../generation/extractive.js";
import { formatContext, type FormattedContext } from "../generation/format.js";
import { buildMessages } from "../generation/prompts.js";
import type { GenerationSettings } from "../config/run-settings.js";
import { runContext, type NodeConfig } from "../context/run-context.js";
import { requirePlan } from "../planner/require-plan.js";
import type { GraphStateType, GraphUpdate } from "../state/state.js";

/** The generator's name in `metadata.models` when no chat model answers. */
export const EXTRACTIVE_GENERATOR = "extractive";

type Mode = "strong" | "weak";

const NOTHING_FOUND = "I found nothing in the indexed sources to answer this.";

/**
 * The `generate` node: writes the answer from the context: with a chat model when the run context
 * has one, else (and whenever the model fails) with the extractive answerer, both in the answer
 * style of `settings.generation.answerStyle` (the tenant's). Every `[n]` in the result points at a block
 * of the context; citations list only the blocks cited.
 *
 * @example
 * const update = await generate(state, { context: { store, embeddings, profiles, chatModel } });
 * update.answer; update.citations; update.strategy; // "llm/strong"
 */
export async function generate(state: GraphStateType, config: NodeConfig): Promise<GraphUpdate> {
  const started = performance.now();
  const ctx = runContext(config);
  const settings = ctx.settings.generation;
  // The gate says "broaden" only while a retry remains; reaching generate means weak by then.
  const mode: Mode = state.gate?.decision === "strong" ? "strong" : "weak";
  const formatted = formatContext(state.context, ctx.profiles, settings);
  const fallbacks: string[] = [];
  type Answer = Pick<GraphUpdate, "answer" | "citations" | "strategy">;
  /** The update, with the answer as the conversation's next message (streamed first unless a model streamed it). */
  const done = async (
    { answer = "", citations = [], strategy = "" }: Answer,
    generator: string,
    streamedId?: string,
  ): Promise<GraphUpdate> => {
    const id = streamedId ?? (await replayAnswer(answer, config));
    return {
      answer,
      citations,
      strategy,
      verdict: mode,
      context_seen: formatted.text,
      messages: [answerMessage(answer, { citations, verdict: mode, strategy, clarifying_questions: [] }, id)],
      metadata: {
        timings_ms: { generate: Math.round(performance.now() - started) },
        models: { generator },
        fallbacks,
      },
    };
  };

  if (formatted.blocks.length === 0) {
    return done({ answer: NOTHING_FOUND, citations: [], strategy: `none/${mode}` }, EXTRACTIVE_GENERATOR);
  }
  if (ctx.chatModel) {
    const id = ctx.chatModelId ?? ctx.chatModel._llmType();
    try {
      const { answer, dropped, messageId } = await llmAnswer(ctx.chatModel, state.standalone_question, formatted, mode, settings, config);
      if (dropped.length > 0)
        fallbacks.push(`generator: removed citations pointing at no source: ${dropped.map((n) => `[${n}]`).join(", ")}`);
      if (answer.trim()) {
        const citations = buildCitations(answer, formatted.blocks, { snippetChars: settings.snippetChars });
        return done({ answer, citations, strategy: `llm/${mode}` }, id, messageId);
      }
      fallbacks.push(`generator: ${id} returned an empty answer; used the extractive answerer`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      fallbacks.push(`generator: ${id} failed (${reason.split("\n")[0]}); used the extractive answerer`);
    }
  }
  const { answer, citations } = extractive(state, formatted, mode, settings);
  return done({ answer, citations, strategy: `extractive/${mode}` }, EXTRACTIVE_GENERATOR);
}

/** The model's answer (its tokens stream as the node's messages) with dangling `[n]` dropped. */
async function llmAnswer(
  model: BaseChatModel,
  question: string,
  formatted: FormattedContext,
  mode: Mode,
  settings: GenerationSettings,
  config: NodeConfig,
) {
  const reply = await model.invoke(buildMessages(question, formatted.text, mode, settings.answerStyle), config);
  const valid = new Set(formatted.blocks.map((b) => b.block.n));
  return { ...dropDanglingCitations(reply.text, valid), messageId: reply.id };
}

function extractive(state: GraphStateType, formatted: FormattedContext, mode: Mode, settings: GenerationSettings) {
  const plan = requirePlan(state, "generate");
  const { answer, quotes } =
    structuredAnswer(state, formatted, mode, settings) ??
    extractiveAnswer({
      blocks: formatted.blocks,
      keyTerms: plan.key_terms,
      identifiers: plan.identifiers,
      intent: plan.intent,
      mode,
      settings: settings.extractive,
      style: settings.answerStyle,
    });
  // The snippet of each citation is the first sentence quoted from that block: exact by construction.
  const snippets = new Map<number, string>();
  for (const q of quotes) if (!snippets.has(q.n)) snippets.set(q.n, q.text);
  if (!answer) return { answer: NOTHING_FOUND, citations: [] };
  return { answer, citations: buildCitations(answer, formatted.blocks, { snippets, snippetChars: settings.snippetChars }) };
}

/**
 * An API question answered from the entry's parsed structure ({@link apiAnswer}), an example request
 * with the example's code ({@link exampleAnswer}); marked weak like the sentence answer.
 */
function structuredAnswer(state: GraphStateType, formatted: FormattedContext, mode: Mode, settings: GenerationSettings) {
  const plan = requirePlan(state, "generate");
  const api =
    plan.intent === "example"
      ? exampleAnswer({ blocks: formatted.blocks, maxChars: settings.exampleMaxChars })
      : apiAnswer({
          blocks: formatted.blocks,
          question: state.standalone_question,
          identifiers: plan.identifiers,
          keyTerms: plan.key_terms,
          intent: plan.intent,
        });
  if (!api) return null;
  return mode === "weak" ? { ...api, answer: `${WORKING_THEORY}\n${api.answer}\n\n${THIN_EVIDENCE}` } : api;
}
