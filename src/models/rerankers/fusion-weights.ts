import type { FusionWeights } from "./weights.js";

/** Placeholder hand weights until bench/fit-reranker.ts writes the fitted ones. */
export const FUSION_WEIGHTS: FusionWeights = {
  model: "local/fusion",
  features: ["lex_norm", "lex_log", "lex_rank", "vec_raw", "vec_norm", "vec_rank", "coverage", "idf_coverage", "title_coverage", "phrase", "proximity", "exact", "numbers", "log_length", "both_sides"],
  mean: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  std: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
  weights: [3, 0, 0, 0, 1, 0, 1, 1, 0.5, 0.5, 0.5, 1, 0.5, 0, 0],
  bias: 0,
  calibration: { a: 1, b: -4 },
  provenance: { fitted: false },
};
