import { basename } from "node:path";
import { runContext, type NodeConfig } from "../context/run-context.js";
import { answerMessage, replayAnswer } from "../generation/answer-message.js";
import { isNonSubstantive } from "../evidence/evidence.js";
import { keyStems, termSet } from "../generation/text.js";
import { requirePlan } from "../planner/require-plan.js";
import type { GraphStateType, GraphUpdate } from "../state/state.js";

/** A place in the sources that almost matched: a document and, when known, its section. */
export interface NearMiss {
  title: string;
  section: string | null;
  source: string;
}

/** Asked when the sources hold nothing close to the question: no names to offer, so ask for one. */
export const OPEN_QUESTION =
  "Could you name the document, function, setting or error message you have in mind, so I can look for it directly?";

const INTRO = "I could not find enough in the indexed sources to answer this reliably. To narrow it down:";

/**
 * The best distinct near-miss places, most relevant first: ranked results, then raw candidates.
 * A near miss shares a key term with the question (in its title, section or text); a place
 * that shares none is no nearer than any other. Cover, contents and reference pages are
 * skipped: they name no topic.
 */
export function nearMisses(state: Pick<GraphStateType, "ranked" | "candidates">, keyTerms: readonly string[], max = 3): NearMiss[] {
  const stems = keyStems(keyTerms);
  const raw = Object.values(state.candidates)
    .flat()
    .sort((a, b) => b.score - a.score);
  const out: NearMiss[] = [];
  const keys = new Set<string>();
  for (const c of [...state.ranked, ...raw]) {
    if (isNonSubstantive(c.metadata)) continue;
    const title = c.docTitle.trim() || basename(c.uri);
    const section = c.sectionTitle?.trim() && c.sectionTitle.trim() !== title ? c.sectionTitle.trim() : null;
    const key = `${title}\u0001${section ?? ""}`.toLowerCase();
    if (!title || keys.has(key)) continue;
    const terms = termSet(`${title} ${section ?? ""} ${c.content}`);
    if (stems.length > 0 && !stems.some((s) => terms.has(s))) continue;
    keys.add(key);
    out.push({ title, section, source: c.source });
    if (out.length === max) break;
  }
  return out;
}

/** One follow-up question naming a near miss by its titles only, so it states no facts. */
export function questionFor(miss: NearMiss): string {
  return miss.section ? `Are you asking about "${miss.section}" in "${miss.title}"?` : `Are you asking about "${miss.title}"?`;
}

/**
 * The `clarify` node: answers with 1–3 follow-up questions instead of an answer, built from the sections and titles
 * of the near-miss results; with none, one open question. Says nothing about their content.
 * An out-of-scope question (the planner's intent) is told so, with the sources' summaries.
 *
 * @example
 * const update = await clarify(state, config);
 * update.clarifying_questions; // ['Are you asking about "Gradients" in "Pulseq Guide"?', ...]
 */
export async function clarify(state: GraphStateType, config: NodeConfig): Promise<GraphUpdate> {
  const started = performance.now();
  const { profiles } = runContext(config);
  const plan = requirePlan(state, "clarify");
  const outOfScope = plan.intent === "out_of_scope";
  const missing = state.gate?.missing ?? [];
  // What the corpus lacks is said plainly; a near miss would invite a guess about something else.
  const misses = missing.length ? [] : nearMisses(state, plan.key_terms);
  const questions = misses.length ? misses.map(questionFor) : [OPEN_QUESTION];
  // Out of scope: say what the sources do hold (their configured summaries), not what the answer might be.
  const summaries = profiles.map((p) => p.summary.replace(/[.\s]+$/, ""));
  const cover = summaries.length ? `the indexed documents cover ${summaries.join("; ")}` : "";
  const intro = missing.length
    ? `No indexed document mentions ${missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(", ")} or ${missing.at(-1)}`}${cover ? `; ${cover}` : ""}. I won't answer from documents about something else.`
    : outOfScope
      ? `That looks outside what the indexed sources cover${summaries.length ? ` (${summaries.join("; ")})` : ""}, so I won't answer it from them.`
      : INTRO;
  const answer = `${intro}\n${questions.map((q, i) => `${i + 1}. ${q}`).join("\n")}`;
  const id = await replayAnswer(answer, config);
  return {
    answer,
    clarifying_questions: questions,
    citations: [],
    verdict: "clarify",
    strategy: "clarify",
    messages: [answerMessage(answer, { citations: [], verdict: "clarify", strategy: "clarify", clarifying_questions: questions }, id)],
    metadata: { timings_ms: { clarify: Math.round(performance.now() - started) } },
  };
}
