import { ConfigError, UnknownProviderError } from "../../errors.js";
import { CohereReranker, type CohereRerankClient } from "./cohere.js";
import { LocalFusionReranker } from "./local.js";
import { readFusionWeights } from "./weights.js";

/** The reranker specs {@link createReranker} accepts. */
export const RERANKER_CHOICES = ["local/fusion", "cohere/rerank-v3.5"] as const;

export type RerankerSpec = (typeof RERANKER_CHOICES)[number];

/** Options of {@link createReranker}. */
export interface CreateRerankerOptions {
  /** Cohere API key. @default process.env.COHERE_API_KEY */
  apiKey?: string;
  /** A JSON file of fitted local weights (else the bundled SciFact fit). */
  weightsPath?: string;
  /** A ready Cohere client, for tests. */
  client?: CohereRerankClient;
  env?: NodeJS.ProcessEnv;
}

/**
 * `cohere/rerank-v3.5` when `COHERE_API_KEY` is set, else the offline `local/fusion`.
 * @example
 * createReranker(defaultRerankerSpec());
 */
export function defaultRerankerSpec(env: NodeJS.ProcessEnv = process.env): RerankerSpec {
  return env.COHERE_API_KEY ? "cohere/rerank-v3.5" : "local/fusion";
}

/**
 * Builds a reranker from its `provider/model` string. The local one is what the rerank node
 * falls back to; the remote one goes into the graph context as `reranker`.
 * @throws UnknownProviderError for a spec outside {@link RERANKER_CHOICES}.
 * @throws ConfigError when Cohere is asked for without an API key.
 * @example
 * const local = createReranker("local/fusion");
 * const cohere = createReranker("cohere/rerank-v3.5", { apiKey: "..." });
 */
export function createReranker(spec: "local/fusion", options?: CreateRerankerOptions): LocalFusionReranker;
export function createReranker(spec: string, options?: CreateRerankerOptions): LocalFusionReranker | CohereReranker;
export function createReranker(spec: string, options: CreateRerankerOptions = {}): LocalFusionReranker | CohereReranker {
  const { apiKey, weightsPath, client, env = process.env } = options;
  if (spec === "local/fusion") return new LocalFusionReranker(weightsPath ? readFusionWeights(weightsPath) : undefined);
  if (spec === "cohere/rerank-v3.5") {
    const key = apiKey ?? env.COHERE_API_KEY;
    if (!key && !client) {
      throw new ConfigError({
        message: `The reranker ${spec} needs an API key, and COHERE_API_KEY is not set.`,
        hint: "Set COHERE_API_KEY, or use the offline reranker local/fusion.",
        data: { spec, envVar: "COHERE_API_KEY" },
      });
    }
    return new CohereReranker({ model: "rerank-v3.5", apiKey: key, client });
  }
  throw new UnknownProviderError({ kind: "reranker", value: spec, choices: [...RERANKER_CHOICES] });
}
