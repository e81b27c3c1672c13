import { STYLE_INSTRUCTIONS, type AnswerStyle } from "./answer-style.js";

/** Rules both modes share: answer from the numbered context only, and cite it exactly. */
const CITING_RULES = `Rules:
- Use only the numbered context blocks below. Do not add facts from memory.
- Cite every claim with the number of the block it comes from, like [2]. Cite only numbers that appear in the context headers.
- Each header shows a relevance marker: *** very likely relevant, + likely relevant, - possibly relevant. Prefer *** and + blocks.
- For API questions, give the calling pattern and the parameters exactly as written in the context.
- When a table in the context answers the question, give the table (as a Markdown table), not one sentence about it.
- For an example request, give the example's code whole in a fenced code block, as the context shows it.
- Quote identifiers, parameter names and values exactly; put code in backticks.
- Be concise: a direct answer first, then the details that support it.`;

/** System prompt when the gate found strong evidence. */
export const STRONG_SYSTEM_PROMPT = `You answer questions about technical documentation and source code, using the retrieved context.
The evidence for this question is strong: answer directly and confidently.

${CITING_RULES}`;

/** System prompt when the evidence is thin: candid, with inferences labelled. */
export const WEAK_SYSTEM_PROMPT = `You answer questions about technical documentation and source code, using the retrieved context.
The evidence for this question is weak: the context only partly covers it.

${CITING_RULES}
- Be candid: say plainly what the context does not cover.
- Label anything you infer rather than read in the context as "Working theory:", and keep it short.
- Do not guess names, parameters or values that the context does not show.`;

/**
 * The system prompt for a mode and an answer style: the mode's prompt, plus the style's
 * instruction (none for `standard`, which keeps the prompt as it always was).
 */
export function systemPrompt(mode: "strong" | "weak", style: AnswerStyle = "standard"): string {
  const base = mode === "strong" ? STRONG_SYSTEM_PROMPT : WEAK_SYSTEM_PROMPT;
  return STYLE_INSTRUCTIONS[style] ? `${base}\n- ${STYLE_INSTRUCTIONS[style]}` : base;
}

/**
 * The messages for the chat model: the mode's system prompt in the answer style, then the
 * question and the context.
 * @example
 * await chatModel.invoke(buildMessages("How do I ...?", context, "strong", "bullets"));
 */
export function buildMessages(
  question: string,
  context: string,
  mode: "strong" | "weak",
  style: AnswerStyle = "standard",
): Array<["system" | "human", string]> {
  return [
    ["system", systemPrompt(mode, style)],
    ["human", `Question: ${question}\n\nContext:\n${context}\n\nAnswer the question, citing blocks as [n].`],
  ];
}
