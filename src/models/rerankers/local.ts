import { FUSION_WEIGHTS } from "./fusion-weights.js";
import { rerankFeatures, type RerankHit, type RerankQuery } from "./features.js";
import { validateFusionWeights, type FusionWeights, type Tree } from "./weights.js";

/** One reranked candidate: its index in the input, model score, and calibrated relevance. */
export interface RerankResult {
  index: number;
  score: number;
  /** Probability-like relevance in [0, 1] (Platt-calibrated on SciFact train). */
  relevance: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

function treeValue(tree: Tree, x: readonly number[]): number {
  let node = tree;
  while (typeof node !== "number") node = x[node.f]! <= node.t ? node.l : node.r;
  return node;
}

/**
 * The offline reranker: gradient-boosted regression trees over cheap lexical and score
 * features of the hybrid function's candidates (see `features.ts`), fitted by
 * `bench/fit-reranker.ts`. It needs no network and no database: everything it reads is already
 * in the hits, and 100 shallow trees cost microseconds per candidate.
 *
 * @example
 * ```ts
 * const reranker = new LocalFusionReranker();
 * const ranked = reranker.rerank({ text: question }, hits); // best first
 * ranked[0].relevance; // e.g. 0.83
 * ```
 */
export class LocalFusionReranker {
  readonly id = "local/fusion";
  readonly weights: FusionWeights;

  /** @param weights fitted weights; the bundled SciFact fit by default. */
  constructor(weights: FusionWeights = FUSION_WEIGHTS) {
    this.weights = validateFusionWeights(weights, "bundled weights");
  }

  /** Raw model scores (log-odds before calibration), in input order. */
  scores(query: RerankQuery, hits: readonly RerankHit[]): number[] {
    const { trees, bias, learningRate } = this.weights;
    return rerankFeatures(query, hits).map((row) => trees.reduce<number>((s, tree) => s + learningRate * treeValue(tree, row), bias));
  }

  /** Calibrated relevance of a raw score, in [0, 1]. */
  relevance(score: number): number {
    const { a, b } = this.weights.calibration;
    const p = sigmoid(a * score + b);
    return Number.isFinite(p) ? p : 0;
  }

  /** Hits reranked best first. */
  rerank(query: RerankQuery, hits: readonly RerankHit[]): RerankResult[] {
    return this.scores(query, hits)
      .map((score, index) => ({ index, score, relevance: this.relevance(score) }))
      .sort((x, y) => y.score - x.score || x.index - y.index);
  }
}
