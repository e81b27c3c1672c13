import { embedQueryCached } from "../retrieval/query-embedding.js";
import { interleaveScoped, type Scope } from "../retrieval/interleave.js";
import { questionSynonyms } from "../retrieval/mined-synonyms.js";
import { searchSource, type SourceSearchResult } from "../retrieval/search.js";
import type { Candidate, Plan, RunMetadata } from "../state/types.js";
import type { ChunkHit } from "../storage/types.js";
import { runLookups } from "../context/run-lookups.js";
import { runContext, type NodeConfig, type RunContext } from "../context/run-context.js";

/** The payload of one `Send("retrieve", task)`: one source of one retrieval round. */
export type RetrieveTask = {
  /** The standalone question. */
  question: string;
  source: string;
  /** The round: 0 first; after a broaden, relaxed terms, more results, more weight on meaning. */
  attempt: number;
  /** The input's tenant, for resolving the run context (the context's tenant is the one searched). */
  tenant?: string;
  /** Topic for topic-scoped search (local results interleaved with global ones). */
  topic?: string;
  plan: Plan;
  /** The run's id (`run_id`), for the store lookups the run's nodes share. */
  run_id?: string;
};

/** What a retrieve branch writes: its own candidate lists, and metadata merged with the other branches'. */
export interface RetrieveUpdate {
  candidates: Record<string, Candidate[]>;
  metadata: Partial<RunMetadata>;
}

/** The `candidates` key a branch writes: `${attempt}:${source}:${scope}`. */
export const candidateKey = (attempt: number, source: string, scope: Scope) => `${attempt}:${source}:${scope}`;

function toCandidates(hits: readonly ChunkHit[], attempt: number, scope: Scope): Candidate[] {
  return hits.map((h, i) => ({ ...h, attempt, scope, source_rank: i + 1 }));
}

/** Token counts of the parents of `hits`, in one query: children count as their parent. */
async function parentTokens(ctx: RunContext, tenant: string, hits: readonly ChunkHit[]): Promise<Map<string, number>> {
  const ids = [...new Set(hits.map((h) => h.parentId).filter((id): id is string => id !== null))];
  const parents = await ctx.store.getChunks(tenant, ids);
  return new Map(parents.map((p) => [p.id, p.tokenCount]));
}

/**
 * Searches one source for one retrieval round (a LangGraph `Send` branch). Calls the hybrid SQL
 * function with synonym expansion and exact identifier boosting; with a topic, searches the
 * topic (local) and the whole source (global) and interleaves them L, L, G under the plan's
 * token budget, de-duplicated by parent section.
 *
 * @example
 * ```ts
 * const update = await retrieve(
 *   { question: "How do I make a trapezoid?", source: "api", attempt: 0, plan },
 *   { context: { store, embeddings, profiles } },
 * );
 * update.candidates?.["0:api:global"]; // Candidate[]
 * ```
 */
export async function retrieve(task: RetrieveTask, config: NodeConfig): Promise<RetrieveUpdate> {
  const started = performance.now();
  const ctx = runContext(config);
  const settings = ctx.settings.retrieval;
  const { question, source, attempt, plan, topic } = task;
  const broadened = attempt > 0;
  const suffix = attempt > 0 ? `:${attempt}` : "";
  const profile = ctx.profiles.find((p) => p.name === source);
  if (!profile || !question.trim()) {
    const why = profile ? "empty question" : `unknown source "${source}" (profiles: ${ctx.profiles.map((p) => p.name).join(", ")})`;
    return {
      candidates: { [candidateKey(attempt, source, "global")]: [] },
      metadata: {
        candidates_per_source: { [`${source}${suffix}`]: 0 },
        ...(profile ? {} : { fallbacks: [`retrieve: ${why}; searched nothing`] }),
      },
    };
  }
  const { tenant } = ctx;
  const { generation, remember } = runLookups(ctx.store, tenant, task.run_id);
  const fallbacks: string[] = [];
  // Only the short forms the question writes as such (its case is the evidence, not the key terms').
  // Asked before the embedding is awaited: the store works while the embedder's worker does.
  const pendingSynonyms = questionSynonyms(ctx.store, tenant, question, settings.synonyms, generation);
  pendingSynonyms.catch(() => {}); // awaited below; its failure is thrown there
  let embedding: number[] | null = null;
  try {
    embedding = await embedQueryCached(ctx.embeddings, question, settings.queryEmbeddingCache);
  } catch (error) {
    fallbacks.push(
      `retrieve ${source}: query embedding with ${ctx.embeddings.id} failed (${(error as Error).message.split("\n")[0]}); lexical search only`,
    );
  }
  // A broadened round also searches the plan's key terms (which broaden expanded).
  const extraTerms = broadened ? plan.key_terms : [];
  const synonyms = await pendingSynonyms;
  // An example request's words ("show me an example of") match files named *_example, not the
  // example asked for: the lexical side searches what it asks for.
  const lexicalText = plan.intent === "example" && plan.key_terms.length ? plan.key_terms.join(" ") : question;
  const run = (topics?: string[]): Promise<SourceSearchResult> =>
    searchSource({
      store: ctx.store,
      profile,
      question,
      embedding,
      identifiers: plan.identifiers,
      extraTerms,
      tenant,
      topics,
      settings,
      broadened,
      synonyms,
      lexicalText,
      titleSearch: plan.intent === "example" && profile.formatter === "example",
      generation,
      remember,
    });
  // Cached per tenant and source for the profile's TTL; an ingest by the tenant makes it stale.
  const search = async (topics?: string[]): Promise<SourceSearchResult> => {
    if (!ctx.resultCache) return run(topics);
    const request = {
      question,
      topics,
      attempt,
      broadened,
      extraTerms,
      identifiers: plan.identifiers,
      lexicalText,
      embedded: embedding !== null,
      retrieval: profile.retrieval,
      settings,
    };
    const lookup = { tenant, source, request, ttlSeconds: profile.cache_ttl_seconds, generation };
    return (await ctx.resultCache.getOrLoad(lookup, () => run(topics))).value;
  };

  const candidates: Record<string, Candidate[]> = {};
  let asked: SourceSearchResult;
  if (topic) {
    const [local, global] = await Promise.all([search([topic]), search()]);
    asked = global;
    const parents = await parentTokens(ctx, tenant, [...local.hits, ...global.hits]);
    const merged = interleaveScoped(local.hits, global.hits, {
      pattern: settings.interleave,
      tokenBudget: plan.token_budget,
      maxResults: global.limit,
      parentTokens: parents,
    });
    for (const scope of ["local", "global"] as const) {
      // source_rank is the position in the interleaved list, so L, L, G order survives the split.
      candidates[candidateKey(attempt, source, scope)] = merged
        .map((m, i) => ({ ...m.hit, attempt, scope: m.scope, source_rank: i + 1 }))
        .filter((c) => c.scope === scope);
    }
  } else {
    asked = await search();
    candidates[candidateKey(attempt, source, "global")] = toCandidates(asked.hits, attempt, "global");
  }
  const count = Object.values(candidates).reduce((n, list) => n + list.length, 0);
  return {
    candidates,
    metadata: {
      candidates_per_source: { [`${source}${suffix}`]: count },
      timings_ms: { [`retrieve:${source}${suffix}`]: Math.round(performance.now() - started) },
      fusion_weights: {
        [source]: {
          fusion: asked.fusion.fusion,
          lexical: asked.fusion.lexicalWeight,
          vector: embedding ? asked.fusion.vectorWeight : 0,
          exact: asked.fusion.exactWeight,
          exact_terms: asked.fusion.exactTerms ?? [],
          expanded_with: asked.added,
          broadened,
        },
      },
      ...(fallbacks.length ? { fallbacks } : {}),
    },
  };
}
