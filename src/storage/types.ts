import type { PreparedChunk } from "../ingestion/types.js";

/** Filters every retrieval function applies, on every side. */
export interface SearchFilters {
  /** @default "default" */
  tenant?: string;
  /** Only these sources (profiles); all when omitted. */
  sources?: string[];
  /** Only chunks tagged with at least one of these topics. */
  topics?: string[];
  /** Only chunks of these documents. */
  documentIds?: string[];
  /** Drop results scoring below this (the function's own score scale). */
  minScore?: number;
}

/** Okapi BM25 parameters and per-field weights. */
export interface Bm25Params {
  /** @default 0.9 */
  k1?: number;
  /** @default 0.4 */
  b?: number;
  /** Weight of the document title field. @default 1 */
  titleWeight?: number;
  /** Weight of the section title field. @default 1 */
  sectionWeight?: number;
  /** Weight of the body. @default 1 */
  bodyWeight?: number;
}

/** How the hybrid function fuses its sides. */
export interface FusionParams {
  /** @default "minmax" */
  fusion?: "minmax" | "rrf";
  /** @default 0.75 */
  lexicalWeight?: number;
  /** @default 0.25 */
  vectorWeight?: number;
  /** Weight of the share of exact identifier terms a chunk contains. @default 0 */
  exactWeight?: number;
  /** Identifier-like tokens matched case-sensitively, as written. */
  exactTerms?: string[];
  /** Candidates taken from each side before fusion. @default 100 */
  candidates?: number;
  /** @default 60 */
  rrfK?: number;
}

/**
 * One candidate of the hybrid search with its scores before fusion (`sw_hybrid_candidates`): what
 * `fuseCandidates` ranks for any fusion weights.
 */
export interface HybridCandidate {
  id: string;
  /** BM25 score (0 when only another side found it). */
  lexicalScore: number;
  /** Cosine similarity; null without a query vector or a stored one. */
  vectorScore: number | null;
  /** Share of the exact identifier terms the chunk holds. */
  exactScore: number;
  lexicalRank: number | null;
  vectorRank: number | null;
}

/** A stored chunk as the retrieval functions return it. */
export interface ChunkHit {
  id: string;
  documentId: string;
  parentId: string | null;
  source: string;
  uri: string;
  docTitle: string;
  sectionTitle: string | null;
  sectionPath: string[];
  pageStart: number | null;
  pageEnd: number | null;
  chunkIndex: number;
  kind: "section" | "chunk";
  tokenCount: number;
  topics: string[];
  content: string;
  metadata: Record<string, unknown>;
  /** The function's ranking score (BM25, cosine, or fused). */
  score: number;
  lexicalScore: number | null;
  vectorScore: number | null;
  exactScore: number | null;
  lexicalRank: number | null;
  vectorRank: number | null;
  /**
   * Set when the alias index matched the entry's parsed name: `exact` spelled as the question
   * wrote it, `spelling` another spelling or language of the same name (`makeTrapezoid` for `make_trapezoid`).
   */
  alias?: "exact" | "spelling";
}

/** A chunk with its vector, ready to be written. */
export interface ChunkInput extends PreparedChunk {
  embedding: number[] | null;
}

/** One document and all its chunks, written atomically. */
export interface DocumentInput {
  tenant: string;
  source: string;
  uri: string;
  title: string;
  format: string;
  contentHash: string;
  topics: string[];
  metadata: Record<string, unknown>;
  chunks: ChunkInput[];
}

/** A stored document's identity and hash (for incremental ingestion). */
export interface DocumentRef {
  id: string;
  tenant: string;
  source: string;
  uri: string;
  contentHash: string;
}

export interface StoreStats {
  documents: number;
  sections: number;
  chunks: number;
  searchable: number;
  bySource: { source: string; documents: number; chunks: number }[];
  embedding: { model: string; dimension: number } | null;
  terms: number;
  /** Searchable rows written lexical-first whose vector is not stored yet (lexical-only in hybrid search). */
  awaitingEmbeddings: number;
}
