import { basename } from "node:path";
import { runContext, type NodeConfig } from "../context/run-context.js";
import { answerMessage, replayAnswer } from "../generation/answer-message.js";
import { corpusOutline, describeCorpus, searchableRows } from "../evidence/corpus-outline.js";
import { isNonSubstantive } from "../evidence/evidence.js";
import { keyStems, stem, termSet } from "../generation/text.js";
import type { SqlStore } from "../storage/store.js";
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
 * A near miss shares key terms with the question (in its title, section or text): with `weights`
 * (per stem, rarer terms weigh more), at least half the question's weight, so a place sharing only
 * a common word ("point" for "boiling point of tungsten") is not offered; without, any one term.
 * Cover, contents and reference pages are skipped: they name no topic.
 */
export function nearMisses(
  state: Pick<GraphStateType, "ranked" | "candidates">,
  keyTerms: readonly string[],
  max = 3,
  weights?: ReadonlyMap<string, number>,
): NearMiss[] {
  const stems = keyStems(keyTerms);
  const weight = (s: string) => weights?.get(s) ?? 1;
  const total = stems.reduce((sum, s) => sum + weight(s), 0);
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
    const shared = stems.filter((s) => terms.has(s)).reduce((sum, s) => sum + weight(s), 0);
    if (stems.length > 0 && (shared === 0 || (weights && shared < total / 2))) continue;
    keys.add(key);
    out.push({ title, section, source: c.source });
    if (out.length === max) break;
  }
  return out;
}

/**
 * Weights of the question's key terms by rarity in the tenant's corpus (inverse document
 * frequency over searchable rows); none when the index is empty (its absence proves nothing).
 */
async function termWeights(store: SqlStore, tenant: string, keyTerms: readonly string[]): Promise<Map<string, number> | undefined> {
  if (keyTerms.length === 0) return undefined;
  const [presence, searchable] = await Promise.all([store.termPresence(tenant, keyTerms), searchableRows(store, tenant)]);
  if (!presence.some((p) => p.indexed) || searchable === 0) return undefined;
  const weights = new Map<string, number>();
  for (const p of presence) weights.set(stem(p.phrase.trim()), Math.log(1 + searchable / (p.minDf + 0.5)));
  return weights;
}

/** "a", "a or b", "a, b or c". */
const orList = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`);

/** One follow-up question naming a near miss by its titles only, so it states no facts. */
export function questionFor(miss: NearMiss): string {
  return miss.section ? `Are you asking about "${miss.section}" in "${miss.title}"?` : `Are you asking about "${miss.title}"?`;
}

/**
 * The `clarify` node: answers with 1–3 follow-up questions instead of an answer, built from the
 * sections and titles of near-miss results that plausibly are what was meant (they share the
 * question's rarer terms); says nothing about their content. A question the corpus has nothing on
 * (the gate found its names or most of its words in no document, or the planner found it out of
 * scope) gets a plain statement of what the corpus covers, from its indexed documents, and no guesses.
 *
 * @example
 * const update = await clarify(state, config);
 * update.answer; // "This corpus covers API reference (142 documents, such as makeAdc, ...); it has nothing on tungsten. ..."
 */
export async function clarify(state: GraphStateType, config: NodeConfig): Promise<GraphUpdate> {
  const started = performance.now();
  const { profiles, store, tenant } = runContext(config);
  const plan = requirePlan(state, "clarify");
  const missing = state.gate?.missing ?? [];
  const offTopic = missing.length > 0 || plan.intent === "out_of_scope";
  // What the corpus lacks is said plainly; a near miss would invite a guess about something else.
  const misses = offTopic ? [] : nearMisses(state, plan.key_terms, 3, await termWeights(store, tenant, plan.key_terms));
  const questions = misses.length ? misses.map(questionFor) : [OPEN_QUESTION];
  const covers = describeCorpus(await corpusOutline(store, tenant, profiles));
  const about = orList(missing.length ? missing : plan.key_terms);
  const intro = offTopic
    ? `This corpus covers ${covers || "nothing yet"}; it has nothing on ${about || "this"}. I won't answer from documents about something else.`
    : misses.length
      ? INTRO
      : `I found nothing in this corpus that answers this. It covers ${covers || "nothing yet"}.`;
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
