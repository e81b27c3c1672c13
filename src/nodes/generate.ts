import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { answerMessage, relayAnswer, replayAnswer } from "../generation/answer-message.js";
import { buildCitations } from "../generation/citations.js";
import { apiAnswer } from "../generation/api-answer.js";
import { exampleAnswer } from "../generation/example-answer.js";
import { tableAnswer } from "../generation/table-answer.js";
import { extractiveAnswer, THIN_EVIDENCE, WORKING_THEORY } from "../generation/extractive.js";
import { formatContext, type FormattedContext } from "../generation/format.js";
import { buildMessages } from "../generation/prompts.js";
import { CitationRenumberer, renumberCitations, type Renumbered } from "../generation/renumber.js";
import type { GenerationSettings } from "../config/run-settings.js";
import { runContext, type NodeConfig } from "../context/run-context.js";
import { requirePlan } from "../planner/require-plan.js";
import { exampleNameScores } from "../evidence/example-choice.js";
import { unmentionedNote } from "../evidence/judge.js";
import { callerUris } from "../evidence/name-callers.js";
import type { GraphStateType, GraphUpdate } from "../state/state.js";
import type { Citation, ContextBlock } from "../state/types.js";
import type { SourceProfile } from "../sources/profile.js";

/** The generator's name in `metadata.models` when no chat model answers. */
export const EXTRACTIVE_GENERATOR = "extractive";

type Mode = "strong" | "weak";

const NOTHING_FOUND = "I found nothing in the indexed sources to answer this.";

/**
 * The `generate` node: writes the answer from the context: with a chat model when the run context
 * has one, else (and whenever the model fails) with the extractive answerer, both in the answer
 * style of `settings.generation.answerStyle` (the tenant's). Every `[n]` in the result points at a block
 * of the context; citations list only the blocks cited, numbered 1..n in the order the answer first
 * cites them (the context blocks and `context_seen` are renumbered to match, uncited blocks last).
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
  // Details of a long request no indexed document mentions: the answer opens by saying so.
  const unmentioned = state.gate?.unmentioned ?? [];
  const note = unmentioned.length > 0 ? unmentionedNote(unmentioned) : undefined;
  /** The update, with the answer as the conversation's next message (streamed first unless a model streamed it). */
  const done = async (
    answer: string,
    citations: Citation[],
    strategy: string,
    { generator, numbered = formatted, streamedId }: { generator: string; numbered?: FormattedContext; streamedId?: string },
  ): Promise<GraphUpdate> => {
    const id = streamedId ?? (await replayAnswer(answer, config));
    return {
      answer,
      citations,
      strategy,
      verdict: mode,
      context: numbered.blocks.map((f) => f.block),
      context_seen: numbered.text,
      messages: [answerMessage(answer, { citations, verdict: mode, strategy, clarifying_questions: [] }, id)],
      metadata: {
        timings_ms: { generate: Math.round(performance.now() - started) },
        models: { generator },
        fallbacks,
      },
    };
  };

  if (formatted.blocks.length === 0) {
    return done(NOTHING_FOUND, [], `none/${mode}`, { generator: EXTRACTIVE_GENERATOR });
  }
  if (ctx.chatModel) {
    const id = ctx.chatModelId ?? ctx.chatModel._llmType();
    try {
      const question = note ? `${state.standalone_question}\n\n(${note} Say so first.)` : state.standalone_question;
      const { renumbered, messageId } = await llmAnswer(ctx.chatModel, question, formatted, mode, settings, config);
      const { answer, dropped } = renumbered;
      if (dropped.length > 0)
        fallbacks.push(`generator: removed citations pointing at no source: ${dropped.map((n) => `[${n}]`).join(", ")}`);
      if (answer.trim()) {
        const numbered = densely(renumbered, state.context, ctx.profiles, settings);
        const citations = buildCitations(answer, numbered.blocks, { snippetChars: settings.snippetChars });
        return done(answer, citations, `llm/${mode}`, { generator: id, numbered, streamedId: messageId });
      }
      fallbacks.push(`generator: ${id} returned an empty answer; used the extractive answerer`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      fallbacks.push(`generator: ${id} failed (${reason.split("\n")[0]}); used the extractive answerer`);
    }
  }
  const titles = await exampleTitles(state, formatted, ctx);
  const { answer, citations, numbered } = extractive(state, formatted, ctx.profiles, mode, settings, titles);
  return done(note ? `${note}\n\n${answer}` : answer, citations, `extractive/${mode}`, { generator: EXTRACTIVE_GENERATOR, numbered });
}

/**
 * The context renumbered as the answer cites it: the cited blocks 1..m in order of first citation,
 * the rest after them in their order, formatted again so headers carry the new numbers.
 */
function densely(
  { order }: Renumbered,
  context: readonly ContextBlock[],
  profiles: readonly SourceProfile[],
  settings: GenerationSettings,
): FormattedContext {
  const cited = order.flatMap((n) => context.filter((b) => b.n === n));
  const rest = context.filter((b) => !order.includes(b.n));
  return formatContext(
    [...cited, ...rest].map((b, i) => ({ ...b, n: i + 1 })),
    profiles,
    settings,
  );
}

/**
 * The model's answer, renumbered densely with dangling `[n]` dropped. Its own tokens do not reach
 * the messages stream ("nostream"): they are relayed renumbered as they arrive, so a client sees
 * the same numbers as the final answer and its sources list.
 */
async function llmAnswer(
  model: BaseChatModel,
  question: string,
  formatted: FormattedContext,
  mode: Mode,
  settings: GenerationSettings,
  config: NodeConfig,
) {
  const renumberer = new CitationRenumberer(new Set(formatted.blocks.map((b) => b.block.n)));
  const messages = buildMessages(question, formatted.text, mode, settings.answerStyle);
  async function* pieces() {
    for await (const chunk of await model.stream(messages, { ...config, tags: [...(config.tags ?? []), "nostream"] }))
      yield renumberer.push(chunk.text);
    yield renumberer.end();
  }
  const messageId = await relayAnswer(pieces(), config);
  return { renumbered: renumberer.result(), messageId };
}

/**
 * For an example request, how well each example file's name says it is what the question asks for
 * ({@link exampleNameScores} over the context's example files): near-twin demos differ in one
 * word of their names (`writeGradientEcho_label` / `writeGRE_multiEcho_label`).
 */
async function exampleTitles(
  state: GraphStateType,
  formatted: FormattedContext,
  ctx: ReturnType<typeof runContext>,
): Promise<ReadonlyMap<string, number>> {
  const plan = requirePlan(state, "generate");
  if (plan.intent !== "example") return new Map();
  const examples = formatted.blocks.filter((b) => b.formatter === "example").map((b) => b.block.uri);
  return exampleNameScores(ctx, plan.key_terms, examples, state.standalone_question);
}

function extractive(
  state: GraphStateType,
  formatted: FormattedContext,
  profiles: readonly SourceProfile[],
  mode: Mode,
  settings: GenerationSettings,
  titles: ReadonlyMap<string, number> = new Map(),
) {
  const plan = requirePlan(state, "generate");
  const { answer, quotes } =
    structuredAnswer(state, formatted, mode, settings, titles) ??
    extractiveAnswer({
      blocks: formatted.blocks,
      keyTerms: plan.key_terms,
      identifiers: plan.identifiers,
      intent: plan.intent,
      mode,
      settings: settings.extractive,
      style: settings.answerStyle,
    });
  if (!answer) return { answer: NOTHING_FOUND, citations: [], numbered: formatted };
  const renumbered = renumberCitations(answer, new Set(formatted.blocks.map((b) => b.block.n)));
  const numbered = densely(renumbered, state.context, profiles, settings);
  // The snippet of each citation is the first sentence quoted from that block: exact by construction.
  const snippets = new Map<number, string>();
  for (const q of quotes) {
    const n = renumbered.order.indexOf(q.n) + 1;
    if (n > 0 && !snippets.has(n)) snippets.set(n, q.text);
  }
  return {
    answer: renumbered.answer,
    citations: buildCitations(renumbered.answer, numbered.blocks, { snippets, snippetChars: settings.snippetChars }),
    numbered,
  };
}

/**
 * An API question answered from the entry's parsed structure ({@link apiAnswer}), an example request
 * with the example's code ({@link exampleAnswer}), a question a table answers with the table
 * ({@link tableAnswer}); marked weak like the sentence answer.
 */
function structuredAnswer(
  state: GraphStateType,
  formatted: FormattedContext,
  mode: Mode,
  settings: GenerationSettings,
  titles: ReadonlyMap<string, number>,
) {
  const plan = requirePlan(state, "generate");
  const api =
    plan.intent === "example"
      ? exampleAnswer({
          blocks: formatted.blocks,
          maxChars: settings.exampleMaxChars,
          question: state.standalone_question,
          titleScore: (uri) => titles.get(uri) ?? 0,
          identifiers: plan.identifiers,
          callers: callerUris(state.ranked),
        })
      : (apiAnswer({
          blocks: formatted.blocks,
          question: state.standalone_question,
          identifiers: plan.identifiers,
          keyTerms: plan.key_terms,
          intent: plan.intent,
        }) ??
        tableAnswer({
          blocks: formatted.blocks,
          question: state.standalone_question,
          keyTerms: plan.key_terms,
          identifiers: plan.identifiers,
        }));
  if (!api) return null;
  return mode === "weak" ? { ...api, answer: `${WORKING_THEORY}\n${api.answer}\n\n${THIN_EVIDENCE}` } : api;
}
