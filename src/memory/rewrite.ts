import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import { z } from "zod";
import { extractIdentifiers, extractKeyTerms } from "../planner/terms.js";
import type { Turn } from "../state/state.js";

/** Openers that continue the previous question rather than start a new one. */
const CONNECTOR = /^\s*(?:and\s+what\s+about|and\s+how\s+about|what\s+about|how\s+about|same\s+for|and|also|plus|then|so)\b[\s,:]*/i;
/** Words that point back at something named earlier. */
const PRONOUN = /\b(?:it|its|it's|they|them|their|theirs|this|that|these|those|one)\b/gi;
/** A question that starts like a full question carries its own frame. */
const QUESTION_START =
  /^\s*(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|should|would|will|shall|may|might|must|show|tell|give|explain|describe|list|compare|find)\b/i;

/** Whether `question` needs the thread to be understood: it points back, continues, or is a fragment. */
export function isFollowUp(question: string): boolean {
  if (CONNECTOR.test(question)) return true;
  const ownNames = extractIdentifiers(question).length > 0;
  if (!ownNames && new RegExp(PRONOUN.source, "i").test(question)) return true;
  // A fragment ("return value?", "the defaults") has no subject of its own.
  const words = question.trim().split(/\s+/).filter(Boolean);
  return !ownNames && words.length <= 4 && !QUESTION_START.test(question);
}

/** What the previous turn was about: its identifiers, else its first key terms. */
export function subjectOf(standalone: string): string {
  const ids = extractIdentifiers(standalone);
  // A dotted name also yields its last part; keep the whole name only.
  const names = ids.filter((id) => !ids.some((o) => o !== id && o.endsWith(`.${id}`)));
  if (names.length) return names.slice(0, 2).join(" and ");
  return extractKeyTerms(standalone).slice(0, 3).join(" ");
}

const finish = (s: string) => {
  const t = s.trim().replace(/[\s?.!]+$/, "");
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}?`;
};

/**
 * Rewrites a follow-up into a standalone question from the thread, without a model: pronouns
 * become the previous turn's subject (`its` → `makeTrapezoid's`), a new name after "what about"
 * takes the old name's place in the previous question, and a fragment is attached to the subject.
 * A question that stands alone (or a thread without turns) comes back unchanged.
 *
 * @example
 * deterministicRewrite("and its parameters?", [{ question: "What does makeTrapezoid return?", standalone: "What does makeTrapezoid return?", answer: "…" }]);
 * // "What about makeTrapezoid's parameters?"
 */
export function deterministicRewrite(question: string, history: readonly Turn[]): string {
  const previous = history.at(-1);
  if (!previous || !isFollowUp(question)) return question;
  const subject = subjectOf(previous.standalone || previous.question);
  if (!subject) return question;
  const connected = CONNECTOR.test(question);
  const rest = question
    .replace(CONNECTOR, "")
    .trim()
    .replace(/[\s?.!]+$/, "");
  const names = extractIdentifiers(rest);
  if (names.length && connected) {
    // "what about makeSincPulse?" asks the previous question of another name.
    const oldNames = extractIdentifiers(previous.standalone).sort((a, b) => b.length - a.length);
    const first = oldNames[0];
    if (first) return finish(oldNames.reduce((q, n) => q.split(n).join(names[0] ?? n), previous.standalone));
    return finish(`${rest} (as in: ${previous.standalone.replace(/[?.!]+$/, "")})`);
  }
  let replaced = false;
  const withSubject = rest.replace(PRONOUN, (p) => {
    replaced = true;
    const lower = p.toLowerCase();
    return lower === "its" || lower === "their" || lower === "theirs" ? `${subject}'s` : subject;
  });
  const body = replaced ? withSubject : `${rest} for ${subject}`;
  return finish(QUESTION_START.test(body) ? body : `What about ${body}`);
}

/** What the chat model returns when it rewrites. */
export const RewriteSchema = z.object({
  standalone: z.string().min(1).max(2000).describe("the user's last question rewritten to be understood without the conversation"),
});

/**
 * Rewrites with a chat model through structured output. The caller falls back to
 * {@link deterministicRewrite} when this throws.
 * @throws whatever the model, the timeout or the validation throws.
 */
export async function llmRewrite(model: BaseChatModel, question: string, history: readonly Turn[], timeoutMs = 15_000): Promise<string> {
  const transcript = history
    .slice(-4)
    .map((t) => `User: ${t.standalone || t.question}\nAssistant: ${t.answer.slice(0, 600)}`)
    .join("\n\n");
  const raw: unknown = await model.withStructuredOutput(RewriteSchema, { name: "rewrite" }).invoke(
    [
      new SystemMessage(
        "Rewrite the user's last question so it can be understood without the conversation: replace pronouns and fragments with the names they refer to. Keep identifiers exactly as written. If it already stands alone, return it unchanged. Do not answer it.",
      ),
      new HumanMessage(`Conversation:\n${transcript}\n\nLast question: ${question}`),
    ],
    // nostream: an internal call, kept out of `streamMode: "messages"` (only the answer streams).
    { signal: AbortSignal.timeout(timeoutMs), tags: ["nostream"] },
  );
  return RewriteSchema.parse(raw).standalone.trim();
}
