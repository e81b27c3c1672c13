/** Rerankers: the offline `local/fusion` model, Cohere through LangChain, and the factory. */
export { createReranker, defaultRerankerSpec, RERANKER_CHOICES } from "./create-reranker.js";
export { CohereReranker } from "./cohere.js";
export { LocalFusionReranker } from "./local.js";
export { FEATURE_NAMES, rerankFeatures } from "./features.js";
export { FUSION_WEIGHTS } from "./fusion-weights.js";
export { readFusionWeights, validateFusionWeights } from "./weights.js";

export type { CreateRerankerOptions, RerankerSpec } from "./create-reranker.js";
export type { CohereRerankClient, CohereRerankerOptions } from "./cohere.js";
export type { RerankResult } from "./local.js";
export type { FeatureName, RerankHit, RerankQuery } from "./features.js";
export type { FusionWeights } from "./weights.js";
