import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import { z } from "zod";
import type { SourceProfile } from "../sources/profile.js";
import { INTENTS, type Intent, type Plan } from "../state/types.js";
import { orderSources, profileThresholds } from "./budget.js";
import { extractConstraints, extractIdentifiers, extractKeyTerms } from "./terms.js";

/**
 * What the chat model must return. Key terms and identifiers are not asked for: they are
 * extracted from the question deterministically, because retrieval matches them exactly.
 */
export const LlmPlanSchema = z.object({
  intent: z
    .enum(INTENTS as [Intent, ...Intent[]])
    .describe(
      "api: parameters/signatures/returns; example: wants code; tutorial: learning step by step; debugging: an error or wrong result; concept: explain/spec; comparison: compare or overview; out_of_scope: chit-chat or unrelated",
    ),
  top_k: z
    .number()
    .int()
    .min(0)
    .max(50)
    .describe("results to retrieve: ~3 for a simple question, up to 15 for 'compare all ...', 0 when out of scope"),
  token_budget: z
    .number()
    .int()
    .min(0)
    .max(32000)
    .describe("context tokens: ~2000 simple, ~6000 for whole example scripts, ~8000 for broad comparisons"),
  multi_section_threshold: z
    .number()
    .int()
    .min(1)
    .max(20)
    .describe("matched sections of one document at which the whole document is returned"),
  return_full_documents: z.boolean().describe("true when whole documents (e.g. complete example scripts) are needed"),
  sources: z.array(z.string()).describe("source names to search, most useful first"),
  reason: z.string().min(1).max(500).describe("one line explaining the decision"),
});

export type LlmPlan = z.infer<typeof LlmPlanSchema>;

/** The system prompt: the task, and the sources by name and summary. */
export function plannerPrompt(profiles: readonly SourceProfile[]): string {
  const sources = profiles.map((p) => `- ${p.name}: ${p.summary}`).join("\n");
  return [
    "You plan retrieval for a documentation assistant. Classify the user's question and size the search.",
    "Available sources:",
    sources,
    "Use only these source names. For greetings, chit-chat or questions unrelated to these sources, answer intent out_of_scope with top_k 0 and no sources.",
  ].join("\n");
}

/** Options of {@link llmPlan}. */
export interface LlmPlanOptions {
  question: string;
  chatModel: BaseChatModel;
  profiles: readonly SourceProfile[];
  /**
   * The planner gives up after this long; the caller then falls back to the heuristic.
   * @default 20000
   */
  timeoutMs?: number;
}

/**
 * Plans with a chat model through structured output (zod), then validates the answer again:
 * some providers and fakes do not enforce the schema. Unknown source names are dropped; if none
 * is left the intent's default order is used.
 *
 * @throws whatever the model or the validation throws; `planQuestion` turns that into a fallback.
 */
export async function llmPlan({ question, chatModel, profiles, timeoutMs = 20_000 }: LlmPlanOptions): Promise<Plan> {
  const structured = chatModel.withStructuredOutput(LlmPlanSchema, { name: "plan" });
  const raw: unknown = await structured.invoke([new SystemMessage(plannerPrompt(profiles)), new HumanMessage(question)], {
    signal: AbortSignal.timeout(timeoutMs),
    // An internal call, kept out of `streamMode: "messages"` (only the answer streams).
    tags: ["nostream"],
  });
  const result = LlmPlanSchema.parse(raw);
  const known = new Set(profiles.map((p) => p.name));
  const valid = [...new Set(result.sources.filter((s) => known.has(s)))];
  const dropped = result.sources.filter((s) => !known.has(s));
  let sources = valid;
  if (result.intent === "out_of_scope") sources = [];
  else if (valid.length === 0) sources = orderSources(result.intent, profiles);
  const note = dropped.length > 0 ? ` (dropped unknown sources: ${dropped.join(", ")})` : "";
  return {
    intent: result.intent,
    top_k: result.intent === "out_of_scope" ? 0 : result.top_k,
    token_budget: result.token_budget,
    multi_section_threshold: result.multi_section_threshold,
    return_full_documents: result.return_full_documents,
    sources,
    key_terms: extractKeyTerms(question),
    identifiers: extractIdentifiers(question),
    constraints: extractConstraints(question),
    thresholds: profileThresholds(profiles),
    reason: `${result.reason.replace(/\s+/g, " ").trim()}${note}`,
    planner: "llm",
  };
}
