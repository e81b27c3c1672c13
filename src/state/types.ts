import type { ChunkHit } from "../storage/types.js";

/** What the question asks for; decides sources, result counts and the answer's shape. */
export type Intent = "api" | "example" | "tutorial" | "debugging" | "concept" | "comparison" | "out_of_scope";

export const INTENTS: readonly Intent[] = ["api", "example", "tutorial", "debugging", "concept", "comparison", "out_of_scope"];

/** The planner's decision, explainable: `reason` says why. */
export interface Plan {
  intent: Intent;
  /** How many ranked results go on to expansion. */
  top_k: number;
  /** Tokens of context the generator may see. */
  token_budget: number;
  /** Matched sections of one document at which the whole document is returned. */
  multi_section_threshold: number;
  return_full_documents: boolean;
  /** Sources to search; the router orders them. */
  sources: string[];
  /** Key terms of the query (lower-case), for coverage signals. */
  key_terms: string[];
  /** Identifier-like tokens as written (`makeTrapezoid`, `J14`, `[BLOCKS]`), matched exactly. */
  identifiers: string[];
  /**
   * What the evidence must mention for an answer to be about the thing asked: identifiers, names
   * (`Philips Ingenia`), versions and years. One the corpus never mentions makes the gate ask.
   */
  constraints: string[];
  /**
   * Per source, the calibrated relevance under which a result is not evidence (its profile's
   * `similarity_threshold`; a broadened plan lowers them).
   */
  thresholds: Record<string, number>;
  /** Why: the planner's reasoning, then what overrides and broadening changed. For people, never parsed. */
  reason: string;
  planner: "heuristic" | "llm";
}

/** The router's decision: sources in priority order with their scores. */
export interface RouteDecision {
  sources: string[];
  /** Primary sources get full weight; secondary ones are searched on broaden or with less weight. */
  primary: string[];
  /**
   * Primary sources searched in the first round only because nothing but the intent prior and a
   * close similarity told them from the top one (no indicator speaks to the question): the first
   * round holding nothing relevant, the gate still broadens once, as it would to search them.
   */
  widened?: string[];
  scores: Record<string, number>;
  reason: string;
}

/** A retrieved chunk with where it came from. */
export interface Candidate extends ChunkHit {
  /** The retrieval attempt (0 first, 1 after broaden). */
  attempt: number;
  /** Topic-scoped (local) or corpus-wide (global) search. */
  scope: "local" | "global";
  /** Rank within its source's result list (1-based). */
  source_rank: number;
}

/** A candidate after reranking. */
export interface RankedChunk extends Candidate {
  rerank_score: number;
  /** Calibrated relevance in [0, 1], shown as a percentage in citation headers. */
  relevance: number;
  /**
   * Set when the relevance is under the source's similarity threshold: the result keeps its
   * place in the ranking (evals score the whole list) but is not evidence for the expander or gate.
   */
  below_threshold?: boolean;
  /** Set on the one entry the question names verbatim (`VACUUM`, `mr.makeTrapezoid`): its relevance is at least `rerank.namedRelevance`. */
  named?: boolean;
  /** Set on a chunk of an example program calling the code name an example request writes: its relevance is at least `rerank.callerMatch.relevance`. */
  calls?: boolean;
}

/** One numbered block of context the generator sees, and cites as `[n]`. */
export interface ContextBlock {
  n: number;
  source: string;
  uri: string;
  document_id: string;
  title: string;
  section: string | null;
  section_path: string[];
  page_start: number | null;
  page_end: number | null;
  chunk_index: number;
  /** What was expanded into this block. */
  granularity: "chunk" | "section" | "document";
  /** For multi-part documents: this block's part and the total. */
  part: { i: number; n: number } | null;
  text: string;
  tokens: number;
  score: number;
  rerank_score: number;
  relevance: number;
  /** Ids of the stored rows this block covers (for de-duplication). */
  chunk_ids: string[];
  metadata: Record<string, unknown>;
}

export type Verdict = "strong" | "weak" | "clarify";

export interface GateSignals {
  top_score: number;
  top3_avg: number;
  strong_hits: number;
  key_term_coverage: number;
  /** Share of top evidence from cover, table-of-contents or reference pages (not substantive). */
  non_substantive_share: number;
  /** Share of the question's identifiers (makeTrapezoid, J14...) found verbatim in the top substantive evidence. */
  identifier_coverage?: number;
  /** Strong substantive hits that are the entry the question names verbatim (see `RankedChunk.named`). */
  named_hits?: number;
  /** The best relevance of a passage from another section or document than the top one: how far the top one stands out. */
  runner_up?: number;
}

export interface GateResult {
  /** "broaden" asks for one more retrieval round before answering weakly. */
  decision: "strong" | "weak" | "broaden" | "clarify";
  signals: GateSignals;
  reason: string;
  /** Required terms no indexed document mentions (df = 0): the corpus does not cover the question. */
  missing?: string[];
  /** Names no indexed document mentions that are one detail of a long request (`gate.detailShare`): answered, with a note. */
  unmentioned?: string[];
  /** Broadening because the primary sources held nothing relevant: the routed sources not yet searched. */
  unsearched?: string[];
  /** Broadening because the first round, every close source searched at once ({@link RouteDecision.widened}), held nothing relevant: those sources. */
  widened?: string[];
}

/** A citation as the result carries it. */
export interface Citation {
  n: number;
  source: string;
  uri: string;
  title: string;
  section: string | null;
  page_start: number | null;
  page_end: number | null;
  chunk_index: number;
  score: number;
  /** The reranker's ordering score: relevance plus route, scope, alias and title bonuses (may exceed 1). */
  rerank_score: number;
  /** Calibrated relevance in [0, 1] of the cited block: what the gate reads and what a user is shown. */
  relevance: number;
  snippet: string;
}

/** Per-run diagnostics. */
export interface RunMetadata {
  timings_ms: Record<string, number>;
  candidates_per_source: Record<string, number>;
  rerank_scores: number[];
  fallbacks: string[];
  models: Record<string, string>;
  fusion_weights: Record<string, unknown>;
}
