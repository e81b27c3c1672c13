import type { BaseMessage } from "@langchain/core/messages";
import { isBaseMessage } from "@langchain/core/messages";
import { z } from "zod";
import { SourcewiseError } from "../errors.js";
import { MAX_TOKEN_BUDGET } from "../planner/budget.js";

/** A run's input is invalid: `field` names the input key to fix. */
export class InputError extends SourcewiseError {
  readonly field: string;
  readonly reason: string;
  constructor({ field, reason, hint }: { field: string; reason: string; hint?: string }) {
    super("input_error", `Invalid input "${field}": ${reason}`, { hint, data: { field, reason } });
    this.field = field;
    this.reason = reason;
  }
  static override isInstance(error: unknown): error is InputError {
    return SourcewiseError.isInstance(error) && error.code === "input_error";
  }
}

/** The largest `top_k` an input may ask for. */
export const MAX_INPUT_TOP_K = 50;
/** The smallest `token_budget` an input may ask for: less leaves no room for one section. */
export const MIN_INPUT_TOKEN_BUDGET = 200;
/** The largest `token_budget` an input may ask for. */
export const MAX_INPUT_TOKEN_BUDGET = Math.max(MAX_TOKEN_BUDGET, 32_000);

/**
 * `schema` for the field `field`, failing with an {@link InputError} naming it instead of a
 * ZodError. The check runs as a preprocess step so a wrong type fails the same way; the JSON
 * schema (what Studio's form shows) is `schema`'s own, bounds included.
 */
function checked<S extends z.ZodTypeAny>(field: string, schema: S, hint?: string) {
  return z.preprocess((value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw new InputError({ field, reason: result.error.issues[0]?.message ?? "invalid", hint });
    return result.data;
  }, schema);
}

const name = z.string().trim().min(1).max(200);

/**
 * What a run takes: `question` or `messages` (the last human message is the question), and
 * optional overrides of the planner, bounded. The graph validates every run's input with it, so
 * a bad value fails the run with an {@link InputError} naming the field.
 */
export const GraphInputSchema = z.object({
  question: checked("question", z.string().trim().min(1, "must not be empty").max(8000))
    .optional()
    .describe("The user's question. Required unless `messages` ends with the user's message."),
  messages: checked("messages", z.array(z.any()))
    .optional()
    .describe("The conversation as chat messages ({role, content} or LangChain messages); the last human message is the question."),
  sources: checked(
    "sources",
    z.array(name).min(1, "must name at least one source").max(20),
    "Leave `sources` out to let the router choose.",
  )
    .optional()
    .describe("Search only these sources (profile names), skipping the router's choice."),
  topic: checked("topic", name).optional().describe("A topic: its results are interleaved with corpus-wide ones."),
  tenant: checked("tenant", name).optional().describe("The tenant to run as (ignored when the Agent Server's auth sets it)."),
  top_k: checked("top_k", z.number().int().min(1).max(MAX_INPUT_TOP_K)).optional().describe("How many ranked results go on to expansion."),
  return_full_documents: checked("return_full_documents", z.boolean())
    .optional()
    .describe("Return whole documents when they fit the budget."),
  multi_section_threshold: checked("multi_section_threshold", z.number().int().min(1).max(100))
    .optional()
    .describe("Matched sections of one document at which the whole document is returned."),
  token_budget: checked("token_budget", z.number().int().min(MIN_INPUT_TOKEN_BUDGET).max(MAX_INPUT_TOKEN_BUDGET))
    .optional()
    .describe("Tokens of context the answerer may see."),
});

export type GraphInput = z.input<typeof GraphInputSchema>;

/**
 * The input when the Agent Server's auth is configured: no `tenant`, which comes from the verified
 * token (`runTenant`), so Studio's form does not offer it and a run cannot name another tenant.
 */
export const AuthGraphInputSchema = GraphInputSchema.omit({ tenant: true });

/** The text of a message's content: a string, or the text parts of a content list. */
export function messageText(message: BaseMessage): string {
  const { content } = message;
  if (typeof content === "string") return content;
  return content
    .map((part) => (typeof part === "string" ? part : part.type === "text" ? String((part as { text?: unknown }).text ?? "") : ""))
    .join("");
}

/** Whether `message` is the user's (a `HumanMessage`, whatever class copy made it). */
export function isHuman(message: unknown): message is BaseMessage {
  return isBaseMessage(message) && message.getType() === "human";
}

/**
 * Checks what only the run context knows: that every source named exists.
 * @throws InputError naming `sources`.
 */
export function checkSources(sources: readonly string[] | undefined, known: readonly string[]): void {
  const unknown = sources?.find((s) => !known.includes(s));
  if (unknown !== undefined) {
    throw new InputError({ field: "sources", reason: `unknown source "${unknown}"`, hint: `Known sources: ${known.join(", ")}.` });
  }
}
