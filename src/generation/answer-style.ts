import { z } from "zod";
import type { GenerationSettings } from "../config/run-settings.js";

/** The answer styles a tenant (`sw_tenant_config.answer_style`) or the config may choose. */
export const ANSWER_STYLES = ["standard", "concise", "detailed", "bullets"] as const;

/**
 * How answers read: `standard` (the default: a direct answer in a few sentences), `concise` (the
 * one or two sentences that answer), `detailed` (more supporting sentences), `bullets` (one cited
 * statement per line).
 */
export const AnswerStyleSchema = z.enum(ANSWER_STYLES);

export type AnswerStyle = z.infer<typeof AnswerStyleSchema>;

/** What the extractive answerer may quote, after the style has had its say. */
export interface ExtractiveLimits {
  minSentences: number;
  maxSentences: number;
  maxChars: number;
  /** Past the minimum, a unit is quoted only when it scores at least this share of the best one. */
  keepRatio: number;
}

/**
 * The extractive answerer's limits for a style: `concise` narrows them, `detailed` widens them,
 * `standard` and `bullets` keep the configured ones (bullets only change the layout).
 * @example
 * extractiveLimits("concise", generationSettings().extractive); // { minSentences: 1, maxSentences: 2, ... }
 */
export function extractiveLimits(style: AnswerStyle, settings: GenerationSettings["extractive"]): ExtractiveLimits {
  const { minSentences, maxSentences, maxChars } = settings;
  switch (style) {
    case "concise":
      // A stricter ratio too, so the second sentence comes only when it is nearly as good.
      return {
        minSentences: 1,
        maxSentences: Math.min(maxSentences, 2),
        maxChars: Math.max(100, Math.round(maxChars / 2)),
        keepRatio: 0.8,
      };
    case "detailed":
      return { minSentences: Math.max(minSentences, 3), maxSentences: Math.max(maxSentences, 8), maxChars: maxChars * 2, keepRatio: 0.35 };
    default:
      return { minSentences, maxSentences, maxChars, keepRatio: 0.6 };
  }
}

/** The chat model's instruction per style; `standard` adds none, so today's prompts stand. */
export const STYLE_INSTRUCTIONS: Record<AnswerStyle, string> = {
  standard: "",
  concise: "Answer style: concise. Answer in one or two sentences, with no background or preamble.",
  detailed:
    "Answer style: detailed. Give a thorough answer: the direct answer first, then every relevant detail, parameter and caveat the context gives, each cited. This overrides the brevity rule above.",
  bullets:
    'Answer style: bullets. Write the answer as a list, one statement per line starting with "- ", each line ending with its citation like [2]. No prose paragraphs.',
};
