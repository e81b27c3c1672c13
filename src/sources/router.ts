import type { EmbeddingProvider } from "../models/embeddings/types.js";
import { MAX_TOP_K } from "../planner/budget.js";
import { embedQueryCached } from "../retrieval/query-embedding.js";
import type { Plan, RouteDecision } from "../state/types.js";
import { UnknownSourceError } from "./errors.js";
import type { SourceProfile } from "./profile.js";
import { dot, profileEmbeddings } from "./profile-embeddings.js";

/**
 * How the three signals add up; chosen on the tuning questions and the unit fixtures
 * (bench/routing.ts). The intent prior leads; one generic indicator ("why", "how") must not
 * overturn it alone, so a rank step (0.4) outweighs one indicator (0.2) plus typical USE-lite
 * similarity spreads (±0.1); several indicators, or a tie of same-kind sources, decide.
 */
export const ROUTING_WEIGHTS = {
  /** By rank in the plan's source order (same-kind neighbours share a rank). */
  prior: [1, 0.6, 0.2, 0.1] as readonly number[],
  /** Indicator matches count 1 - 0.6^n, times this. */
  indicators: 0.5,
  /** Similarity to the profile's descriptions above the sources' mean, times this. */
  similarity: 1,
  /** A runner-up this close to the top is primary too. */
  primaryMargin: 0.15,
};

const patterns = new WeakMap<SourceProfile, RegExp[]>();

function indicatorPatterns(profile: SourceProfile): RegExp[] {
  let res = patterns.get(profile);
  if (!res) {
    res = profile.indicators.map((ind) => {
      const body = ind
        .trim()
        .split(/\s+/)
        .map((w) => w.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
        .join("\\s+");
      // Whole words, so "option" does not fire inside "optional"; plurals are listed as indicators.
      return new RegExp(`(?<![A-Za-z0-9_])${body}(?![A-Za-z0-9_])`, "i");
    });
    patterns.set(profile, res);
  }
  return res;
}

/** The profile's indicators found in the question (case-insensitive, whole words). */
export function matchIndicators(question: string, profile: SourceProfile): string[] {
  const res = indicatorPatterns(profile);
  return profile.indicators.filter((_, i) => res[i]!.test(question));
}

/** One source's score and its parts. */
export interface SourceScore {
  source: string;
  score: number;
  prior: number;
  indicators: string[];
  /** Similarity to the source's description, minus the mean over the sources routed among. */
  similarity: number;
}

/** Inputs of {@link scoreSources}; `similarities` are raw cosines, one per profile. */
export interface ScoreSourcesOptions {
  question: string;
  /** The plan's source order gives each source its prior. */
  order: readonly string[];
  profiles: readonly SourceProfile[];
  similarities: readonly number[];
}

/**
 * Rank of each source in the plan's order, where neighbours of the same kind (formatter) share a
 * rank: two doc sources are equally plausible a priori, and indicators and similarity pick one.
 */
function kindRanks(order: readonly string[], profiles: readonly SourceProfile[]): Map<string, number> {
  const ranks = new Map<string, number>();
  let rank = -1;
  let previous: string | undefined;
  for (const name of order) {
    const kind = profiles.find((p) => p.name === name)?.formatter;
    if (kind === undefined) continue;
    if (kind !== previous) rank++;
    previous = kind;
    ranks.set(name, rank);
  }
  return ranks;
}

/** Scores and sorts sources: prior from plan order + indicator matches + relative similarity. */
export function scoreSources({ question, order, profiles, similarities }: ScoreSourcesOptions): SourceScore[] {
  const mean = similarities.reduce((a, b) => a + b, 0) / Math.max(1, similarities.length);
  const w = ROUTING_WEIGHTS;
  const ranks = kindRanks(order, profiles);
  return profiles
    .map((profile, i) => {
      const rank = ranks.get(profile.name);
      const prior = rank === undefined ? 0 : (w.prior[rank] ?? 0);
      const indicators = matchIndicators(question, profile);
      const similarity = (similarities[i] ?? mean) - mean;
      const score = prior + w.indicators * (1 - 0.6 ** indicators.length) + w.similarity * similarity;
      return { source: profile.name, score, prior, indicators, similarity };
    })
    .sort((a, b) => b.score - a.score || order.indexOf(a.source) - order.indexOf(b.source));
}

/** Options of {@link routeQuery}. */
export interface RouteQueryOptions {
  question: string;
  plan: Plan;
  profiles: readonly SourceProfile[];
  embeddings: EmbeddingProvider;
  /** The input's `sources`: route only to these, all primary. */
  only?: readonly string[] | undefined;
}

function checkNames(names: readonly string[], profiles: readonly SourceProfile[]): void {
  const valid = profiles.map((p) => p.name);
  const unknown = names.filter((n) => !valid.includes(n));
  if (unknown.length > 0) throw new UnknownSourceError({ unknown, valid });
}

const fmt = (x: number) => (x >= 0 ? "+" : "") + x.toFixed(2);

function explain(s: SourceScore): string {
  const parts = [`prior ${s.prior.toFixed(1)}`];
  if (s.indicators.length > 0) parts.push(`indicators ${s.indicators.map((i) => `"${i}"`).join(",")}`);
  parts.push(`similarity ${fmt(s.similarity)}`);
  return `${s.source} ${s.score.toFixed(2)} (${parts.join(", ")})`;
}

/**
 * How many of the ranked sources are searched in the first round: `n`, of which the ones past
 * `hedged` are there only because nothing told them apart from the top one (see {@link RouteDecision.widened}).
 */
function primaryCount(plan: Plan, ranked: readonly SourceScore[], forced: boolean): { n: number; hedged: number } {
  if (forced) return { n: ranked.length, hedged: ranked.length };
  // "Compare all ..." needs every source at once; the planner gives it the maximum top_k.
  if (plan.intent === "comparison" && plan.top_k >= MAX_TOP_K) return { n: ranked.length, hedged: ranked.length };
  const top = ranked[0]?.score ?? 0;
  const close = ranked.filter((s) => s.score >= top - ROUTING_WEIGHTS.primaryMargin).length;
  // Learning, debugging and comparisons need two kinds of evidence (e.g. an example and the API);
  // a question no indicator speaks to rests on the intent prior alone, so hedge with a second source.
  const unspoken = ranked.every((s) => s.indicators.length === 0);
  const hedge = ["tutorial", "debugging", "comparison"].includes(plan.intent) || unspoken;
  const wanted = hedge ? 2 : 1;
  const hedged = Math.min(ranked.length, Math.max(wanted, Math.min(close, 2)));
  // Nothing but the prior and a similarity within the margin tells the close sources apart: search them all.
  return { n: unspoken ? Math.min(ranked.length, Math.max(hedged, close)) : hedged, hedged };
}

/**
 * Decides which sources to search and in what order. The plan's source order is the prior (the
 * intent's preference); indicator words and the query's embedding similarity to each profile's
 * summary and `best_for` lines adjust it. Profile vectors are computed once per process; the
 * query vector comes from the shared query-embedding LRU, so retrieval reuses it.
 *
 * @throws UnknownSourceError when `only` or the plan names a source no profile defines.
 * @example
 * ```ts
 * const route = await routeQuery({ question, plan, profiles, embeddings });
 * route.sources; // ["api_reference", "examples", "docs"]
 * route.primary; // ["api_reference"]
 * ```
 */
export async function routeQuery({ question, plan, profiles, embeddings, only }: RouteQueryOptions): Promise<RouteDecision> {
  if (only !== undefined) checkNames(only, profiles);
  checkNames(plan.sources, profiles);
  const names = only !== undefined ? [...new Set(only)] : plan.sources;
  if (names.length === 0 || plan.top_k <= 0) {
    const why = plan.intent === "out_of_scope" ? "out of scope" : names.length === 0 ? "no sources to search" : "top_k is 0";
    return { sources: [], primary: [], scores: {}, reason: `${why}: nothing to retrieve` };
  }
  const candidates = names.map((n) => profiles.find((p) => p.name === n)!);
  const [query, described] = await Promise.all([embedQueryCached(embeddings, question), profileEmbeddings(embeddings, candidates)]);
  const similarities = described.map((vectors) => Math.max(...vectors.map((v) => dot(query, v))));
  // A forced source list keeps the caller's order as the prior.
  const ranked = scoreSources({ question, order: only ?? plan.sources, profiles: candidates, similarities });
  const { n, hedged } = primaryCount(plan, ranked, only !== undefined);
  const sources = ranked.map((s) => s.source);
  const scores = Object.fromEntries(ranked.map((s) => [s.source, Math.round(s.score * 1000) / 1000]));
  const head = only !== undefined ? `input sources ${only.join(", ")}` : `${plan.intent} intent`;
  const widened = sources.slice(hedged, n);
  return {
    sources,
    primary: sources.slice(0, n),
    ...(widened.length > 0 ? { widened } : {}),
    scores,
    reason: `${head}: ${ranked.map(explain).join("; ")}; primary ${sources.slice(0, n).join(", ")}${widened.length > 0 ? ` (${widened.join(", ")}: as close, nothing tells them apart)` : ""}`,
  };
}
