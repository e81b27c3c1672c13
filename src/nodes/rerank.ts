import { LocalFusionReranker } from "../models/rerankers/local.js";
import { readFusionWeights } from "../models/rerankers/weights.js";
import type { RetrievalSettings } from "../config/run-settings.js";
import { runContext, type NodeConfig, type RunContext } from "../context/run-context.js";
import { callerChunks, calledNames } from "../evidence/name-callers.js";
import { namedCandidates } from "../evidence/named.js";
import { namedLanguageOf } from "../generation/language-hint.js";
import { namesCalled, qualifiersBefore } from "../retrieval/aliases.js";
import { tenantSynonyms } from "../retrieval/mined-synonyms.js";
import { quantityScores, statedQuantities } from "../retrieval/quantities.js";
import { nameCoverage, ownNameWords, refusedNames, titleCoverage } from "../retrieval/title-match.js";
import { runLookups } from "../context/run-lookups.js";
import { sourceNames } from "../evidence/example-choice.js";
import { requirePlan } from "../planner/require-plan.js";
import type { GraphStateType } from "../state/state.js";
import type { Candidate, Plan, RankedChunk, RunMetadata } from "../state/types.js";

/** What rerank writes. */
export interface RerankUpdate {
  ranked: RankedChunk[];
  metadata: Partial<RunMetadata>;
}

const localRerankers = new Map<string, LocalFusionReranker>();

/** The local reranker for these settings, built once per weights file. */
function localReranker(settings: RetrievalSettings): LocalFusionReranker {
  const key = settings.rerank.weightsPath ?? "";
  let reranker = localRerankers.get(key);
  if (!reranker) {
    reranker = new LocalFusionReranker(key ? readFusionWeights(key) : undefined);
    localRerankers.set(key, reranker);
  }
  return reranker;
}

/** One candidate per chunk: a topic-scoped copy wins over a global one, then the better rank. */
function dedupe(candidates: Candidate[]): Candidate[] {
  const best = new Map<string, Candidate>();
  for (const c of candidates) {
    const seen = best.get(c.id);
    const better =
      !seen || (c.scope === "local" && seen.scope === "global") || (c.scope === seen.scope && c.source_rank < seen.source_rank);
    if (better) best.set(c.id, c);
  }
  return [...best.values()];
}

/** The context's sources whose profile formats examples. */
const exampleSources = (ctx: RunContext) => new Set(ctx.profiles.filter((p) => p.formatter === "example").map((p) => p.name));

/** The candidates that are example programs: files in a programming language of an examples source, not its README. In pool order. */
function examplePrograms(ctx: RunContext, pool: readonly Candidate[]): (Candidate & { language: string })[] {
  const examples = exampleSources(ctx);
  return pool.flatMap((c) =>
    examples.has(c.source) && typeof c.metadata.language === "string" ? [{ ...c, language: c.metadata.language }] : [],
  );
}

/** For an example request, the title coverage of each candidate of an examples source, by chunk id. */
async function exampleTitleCoverage(
  ctx: RunContext,
  plan: Plan,
  scored: readonly { candidate: Candidate }[],
  question: string,
): Promise<Map<string, number>> {
  if (plan.intent !== "example") return new Map();
  const examples = exampleSources(ctx);
  const pool = scored.map((x) => x.candidate).filter((c) => examples.has(c.source));
  if (pool.length === 0) return new Map();
  const index = await tenantSynonyms(ctx.store, ctx.tenant, ctx.settings.retrieval.synonyms);
  const coverage = titleCoverage(pool, plan.key_terms, index, { question });
  return new Map(pool.map((c, i) => [c.id, coverage[i]!]));
}

/**
 * For an example request, what the example programs' names say of the question, with each source's
 * naming convention set aside: the chunk ids of programs whose whole own name the question says
 * (`writeFid` for "play a hard pulse and record the FID a few times"; {@link nameCoverage}), of those
 * whose own name it refuses (`writeEpi_label` for "the simplest EPI, no labels"; {@link refusedNames}),
 * and each program's own name words by URI.
 */
async function exampleNames(
  ctx: RunContext,
  plan: Plan,
  pool: readonly Candidate[],
  question: string,
  run?: string,
): Promise<{ ids: Set<string>; refused: Set<string>; words: Map<string, string[]> }> {
  const ids = new Set<string>();
  const refused = new Set<string>();
  const words = new Map<string, string[]>();
  if (plan.intent !== "example") return { ids, refused, words };
  const programs = examplePrograms(ctx, pool);
  const index = await tenantSynonyms(ctx.store, ctx.tenant, ctx.settings.retrieval.synonyms);
  for (const source of new Set(programs.map((c) => c.source))) {
    const { conventions } = await sourceNames(ctx, source, run);
    const own = programs.filter((c) => c.source === source);
    const named = nameCoverage(own, question, index, conventions);
    const refuses = refusedNames(
      own.map((c) => c.uri),
      question,
      conventions,
    );
    own.forEach((c, k) => {
      words.set(c.uri, ownNameWords(c.uri, conventions));
      if (named[k] === 1) ids.add(c.id);
      if (refuses[k]) refused.add(c.id);
    });
  }
  return { ids, refused, words };
}

/**
 * For an example request writing a code name, the chunks of example programs (an examples source's
 * files in a programming language) that call it, when few of the candidates' example files do
 * ({@link callerChunks}).
 */
function exampleCallers(ctx: RunContext, plan: Plan, pool: readonly Candidate[]): Set<string> {
  const { relevance, maxShare } = ctx.settings.retrieval.rerank.callerMatch;
  const names = calledNames(plan.identifiers);
  if (plan.intent !== "example" || relevance <= 0 || names.length === 0) return new Set();
  return callerChunks(examplePrograms(ctx, pool), names, maxShare);
}

/** The most example programs whose whole text {@link statedValueScores} reads for one request. */
const QUANTITY_PROGRAMS = 30;

/**
 * For an example request stating quantities ("TE 5 ms, TR 12 ms, 10 degree flip"), how much of
 * them each candidate example program sets in its code or comments ({@link quantityScores} over the
 * candidates' whole files), by URI: of near-twin demos, the one the description was written from.
 * Empty when the request states none.
 */
async function statedValueScores(ctx: RunContext, plan: Plan, pool: readonly Candidate[], question: string, run?: string) {
  if (plan.intent !== "example" || ctx.settings.retrieval.rerank.quantityMatch.bonus <= 0 || statedQuantities(question).length === 0)
    return new Map<string, number>();
  const documents = new Map<string, string>();
  for (const c of examplePrograms(ctx, pool)) if (documents.size < QUANTITY_PROGRAMS) documents.set(c.uri, c.documentId);
  const lookups = runLookups(ctx.store, ctx.tenant, run);
  const texts = await Promise.all(
    [...documents].map(async ([uri, id]) => {
      const chunks = await lookups.remember(`document-text:${id}`, () => ctx.store.getDocumentChunks(ctx.tenant, id));
      return [uri, chunks.map((c) => c.content).join("\n")] as const;
    }),
  );
  return quantityScores(question, new Map(texts));
}

/** A file format's section tag as the planner keeps it (`[ADC]`, `[BLOCKS]`). */
const SECTION_TAG = /^\[([A-Z][A-Z0-9_ -]*)\]$/;

/**
 * The candidates of document sources whose section heading is a `[TAG]` the question names, its
 * number set aside ("2.8.3 ADC" for "on the [ADC] line"): the format's own definition of that
 * section, however few of the question's other words it holds.
 */
function tagSections(ctx: RunContext, plan: Plan, pool: readonly Candidate[]): Set<string> {
  const tags = new Set(plan.identifiers.flatMap((id) => SECTION_TAG.exec(id)?.[1]?.toLowerCase() ?? []));
  if (tags.size === 0) return new Set();
  const docs = new Set(ctx.profiles.filter((p) => p.formatter === "doc").map((p) => p.name));
  const heading = (c: Candidate) =>
    (c.sectionTitle ?? "")
      .replace(/^\s*\d+(?:\.\d+)*\.?\s+/, "")
      .trim()
      .toLowerCase();
  return new Set(pool.filter((c) => docs.has(c.source) && tags.has(heading(c))).map((c) => c.id));
}

/** What a remote reranker reads of a chunk: where it sits, then what it says. */
function passage(c: Candidate): string {
  const head = c.sectionTitle && c.sectionTitle !== c.docTitle ? `${c.docTitle}\n${c.sectionTitle}` : c.docTitle;
  return head ? `${head}\n${c.content}` : c.content;
}

/**
 * Among entries the alias index matched equally (`install` of `Sequence.m`, of pypulseq's
 * `sequence.py` and of its installer class in `install.py`), how well each agrees with what the
 * question says around the name: 2 for the language it names ("in the MATLAB toolbox"), 1 for the
 * qualifier it writes (`seq.install`: the entry's qualified name, else its file name, begins with
 * `seq`), 1 for a name it writes as a call (`print_error_report()` in `check_timing.py`: the
 * function, not the file's namesake). Only breaks ties: a better-scored entry keeps its place.
 * @example
 * const agree = aliasAgreement("seq.install in MATLAB?", ["seq.install"], pool); agree(candidate); // 3 for mr.Sequence.install
 */
export function aliasAgreement(question: string, identifiers: readonly string[], pool: readonly Candidate[]): (c: Candidate) => number {
  const language = namedLanguageOf(
    question,
    pool.map((c) => ({ uri: c.uri, language: typeof c.metadata.language === "string" ? c.metadata.language : undefined })),
  );
  // A name written as a call (`print_error_report()`) is the entry asked about.
  const called = namesCalled(question, identifiers);
  return (c) => {
    if (!c.alias) return 0;
    const lang = typeof c.metadata.language === "string" ? c.metadata.language.toLowerCase() : undefined;
    const name = String(c.metadata.name ?? "").toLowerCase();
    const qualified = typeof c.metadata.qualifiedName === "string" ? c.metadata.qualifiedName.toLowerCase().split(".").slice(0, -1) : [];
    const file = (c.uri.split(/[\\/]/).at(-1) ?? "").toLowerCase();
    const owners = qualified.length > 0 ? qualified : [file];
    const agrees = qualifiersBefore(identifiers, (n) => n.toLowerCase() === name).some((w) => owners.some((o) => o.startsWith(w)));
    return (language && lang === language ? 2 : 0) + (agrees ? 1 : 0) + (called.has(name) ? 1 : 0);
  };
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0];

/**
 * The `rerank` node: reranks this round's (`state.attempt`) candidates from every source. Uses
 * the context's remote reranker (Cohere) when there is one, else, or when it fails, the local
 * `local/fusion` model, noting the fallback. Each result gets a calibrated `relevance` in [0, 1];
 * `rerank_score` adds the source's priority, its place in the route and a bonus for topic-scoped
 * results. Results under the plan's threshold for their source (a broadened plan lowers them)
 * stay in the ranking marked `below_threshold`: the expander and the gate read `usableEvidence`,
 * while evals score the whole order. max(plan.top_k × keepFactor, keepMin) are kept.
 *
 * @example
 * const { ranked } = await rerank(state, { context });
 * ranked[0].relevance >= 0.65; // "likely relevant"
 */
export async function rerank(state: GraphStateType, config: NodeConfig): Promise<RerankUpdate> {
  const started = performance.now();
  const ctx = runContext(config);
  const settings = ctx.settings.retrieval;
  const s = settings.rerank;
  const plan = requirePlan(state, "rerank");
  const prefix = `${state.attempt}:`;
  const pool = dedupe(Object.entries(state.candidates).flatMap(([key, list]) => (key.startsWith(prefix) ? list : [])));
  const local = localReranker(settings);
  const fallbacks: string[] = [];
  let model = local.id;

  // An example request's frame ("show me an example of") would favour files named *_example.
  const query = plan.intent === "example" && plan.key_terms.length ? plan.key_terms.join(" ") : state.standalone_question;
  const localRanked = local.rerank({ text: query }, pool);
  let scored = localRanked.map((r) => ({ candidate: pool[r.index]!, relevance: r.relevance }));
  if (ctx.reranker && pool.length > 0) {
    // The local order picks what the paid model sees when there are more candidates than it takes.
    const sent = scored.slice(0, s.remoteMaxDocuments);
    try {
      const scores = await ctx.reranker.rerank(
        state.standalone_question,
        sent.map((x) => passage(x.candidate)),
      );
      if (scores.length !== sent.length || scores.some((x) => !Number.isFinite(x))) {
        throw new Error(`returned ${scores.length} scores for ${sent.length} documents`);
      }
      scored = sent.map((x, i) => ({ candidate: x.candidate, relevance: Math.min(1, Math.max(0, scores[i]!)) }));
      model = ctx.reranker.id;
    } catch (error) {
      fallbacks.push(`reranker: ${ctx.reranker.id} failed (${firstLine(error)}); used local`);
    }
  }

  // The entry the question names verbatim, unambiguously, is strong evidence whatever model scored it.
  const named =
    s.namedRelevance > 0
      ? namedCandidates(
          state.standalone_question,
          scored.map((x) => x.candidate),
          scored.map((_, i) => i),
        )
      : new Set<number>();

  const order = state.route?.sources ?? plan.sources;
  const profiles = new Map(ctx.profiles.map((p) => [p.name, p.retrieval]));
  const titled = await exampleTitleCoverage(ctx, plan, scored, state.standalone_question);
  const callers = exampleCallers(ctx, plan, pool);
  const tagged = tagSections(ctx, plan, pool);
  const stated = await statedValueScores(ctx, plan, pool, state.standalone_question, state.run_id);
  const names = await exampleNames(ctx, plan, pool, state.standalone_question, state.run_id);
  const agreement = aliasAgreement(state.standalone_question, plan.identifiers, pool);
  const ranked: RankedChunk[] = [];
  for (const [i, scoredCandidate] of scored.entries()) {
    const { candidate } = scoredCandidate;
    // An entry named by the question (alias index, or its name or title verbatim) is exact evidence,
    // unless an example program is asked for.
    const byAlias = candidate.alias && plan.intent !== "example" ? s.aliasRelevance[candidate.alias] : 0;
    const verbatim = named.has(i) && plan.intent !== "example";
    // An example program named for what the question asks (`writeEpi.m` for "an EPI example").
    const coverage = titled.get(candidate.id) ?? 0;
    const byTitle = coverage >= s.titleMatch.minCoverage ? s.titleMatch.relevance * coverage : 0;
    // An example program calling the code name the request writes (`which demo calls mr.aux.isOctave?`).
    const byCall = callers.has(candidate.id) ? s.callerMatch.relevance : 0;
    // The section of a format's documentation headed by the `[TAG]` the question names.
    const byTag = tagged.has(candidate.id) ? s.namedRelevance : 0;
    // An example program setting most of the values the request states ("TE 5 ms, TR 12 ms, 10 degree flip").
    const setsValues = stated.get(candidate.uri) ?? 0;
    const byValues = setsValues >= s.quantityMatch.minShare ? s.quantityMatch.relevance * setsValues : 0;
    // An example program named for what the request refuses (`writeEpiDiffusionRS` for "… without diffusion gradients").
    const refusal = names.refused.has(candidate.id) ? s.refusedName : 1;
    const relevance =
      refusal * Math.max(scoredCandidate.relevance, byAlias, verbatim ? s.namedRelevance : 0, byTitle, byCall, byTag, byValues);
    const p = profiles.get(candidate.source);
    const threshold = plan.thresholds[candidate.source] ?? 0;
    const at = order.indexOf(candidate.source);
    const routeBonus = at >= 0 ? s.routeOrderBonus * (order.length - 1 - at) : 0;
    const scopeBonus = candidate.scope === "local" ? s.localScopeBonus : 0;
    const aliasBonus = plan.intent === "api" && candidate.alias ? s.aliasBonus[candidate.alias] : 0;
    // An example program setting the values the request states (`TE=5e-3` for "TE 5 ms").
    const quantityBonus = s.quantityMatch.bonus * setsValues;
    const rerank_score =
      relevance * (p?.priority ?? 1) + routeBonus + scopeBonus + aliasBonus + s.titleMatch.bonus * coverage + quantityBonus;
    ranked.push({
      ...candidate,
      relevance,
      rerank_score,
      ...(relevance < threshold ? { below_threshold: true } : {}),
      ...(verbatim ? { named: true } : {}),
      ...(byCall ? { calls: true } : {}),
    });
  }
  ranked.sort((a, b) => b.rerank_score - a.rerank_score || b.relevance - a.relevance || agreement(b) - agreement(a));
  // An example program whose whole name the question says is evidence of what was asked however
  // many other words the request has: the best-ranked such program gets at least the relevance of
  // the least title match that counts, and the place among other sources' results that puts it at.
  // The name picks between families of programs; within one (`writeMPRAGE`, `writeMPRAGE_4ge`) the
  // model and the title match decide, so none is lifted past a better-ranked relative.
  const programs = ranked.filter((r) => names.words.has(r.uri));
  const at = programs.findIndex((r) => names.ids.has(r.id));
  const lifted = programs[at];
  const family = (uri: string) => (names.words.get(uri) ?? []).some((w) => names.words.get(lifted!.uri)!.includes(w));
  const floor = s.titleMatch.relevance * s.titleMatch.minCoverage;
  if (lifted && lifted.relevance < floor && !programs.slice(0, at).some((r) => r.uri !== lifted.uri && family(r.uri))) {
    lifted.rerank_score += (floor - lifted.relevance) * (profiles.get(lifted.source)?.priority ?? 1);
    lifted.relevance = floor;
    if (floor >= (plan.thresholds[lifted.source] ?? 0)) delete lifted.below_threshold;
    ranked.sort((a, b) => b.rerank_score - a.rerank_score || b.relevance - a.relevance || agreement(b) - agreement(a));
  }
  const keep = Math.max(plan.top_k * s.keepFactor, s.keepMin);
  const kept = ranked.slice(0, keep);
  return {
    ranked: kept,
    metadata: {
      rerank_scores: kept.map((r) => Number(r.rerank_score.toFixed(4))),
      models: { reranker: model },
      timings_ms: { [state.attempt > 0 ? `rerank:${state.attempt}` : "rerank"]: Math.round(performance.now() - started) },
      ...(fallbacks.length ? { fallbacks } : {}),
    },
  };
}
