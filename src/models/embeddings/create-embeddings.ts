import type { Embeddings } from "@langchain/core/embeddings";
import { ConfigError, UnknownProviderError } from "../../errors.js";
import { EmbeddingError } from "./errors.js";
import { LocalUseEmbeddings, type LocalUseOptions } from "./local-use.js";
import { LangChainEmbeddingProvider, REMOTE_MAX_CHARS } from "./remote.js";
import type { EmbeddingProvider } from "./types.js";

/** The embedding model used when none is configured: offline and free. */
export const DEFAULT_EMBEDDINGS = "local/use-lite";

/** Vector sizes of the models we know; other remote models need `dimensions` or one probe call. */
export const EMBEDDING_DIMENSIONS: Readonly<Record<string, number>> = {
  "local/use-lite": 512,
  "google/text-embedding-004": 768,
  "cohere/embed-english-v3.0": 1024,
  "openai/text-embedding-3-small": 1536,
  "openai/text-embedding-3-large": 3072,
};

/** The spec shapes {@link createEmbeddings} accepts, for error messages and help text. */
export const EMBEDDING_CHOICES = ["local/use-lite", "google/<model>", "cohere/<model>", "openai/<model>"] as const;

/** Options of {@link createEmbeddings}; the local ones apply to `local/use-lite` only. */
export interface CreateEmbeddingsOptions extends LocalUseOptions {
  /**
   * API key of a remote provider.
   * @default process.env.GOOGLE_API_KEY / COHERE_API_KEY / OPENAI_API_KEY
   */
  apiKey?: string;
  /**
   * Vector size of a remote model missing from {@link EMBEDDING_DIMENSIONS}; OpenAI's v3 models
   * are also asked to shorten their vectors to it.
   * @default the known size, else probed with one API call
   */
  dimensions?: number;
  /**
   * Texts are cut to this many characters before embedding (and hashing).
   * @default 1000 for `local/use-lite` (it reads 128 tokens only), 8000 for remote models
   */
  maxChars?: number;
}

interface RemoteProvider {
  envVar: string;
  build(model: string, apiKey: string, dimensions: number | undefined): Promise<{ documents: Embeddings; queries?: Embeddings }>;
}

// Dynamic imports: building the registry loads no SDK.
const REMOTE: Record<string, RemoteProvider> = {
  google: {
    envVar: "GOOGLE_API_KEY",
    async build(model, apiKey, dimensions) {
      const { GoogleGenerativeAIEmbeddings } = await import("@langchain/google-genai");
      type TaskType = NonNullable<ConstructorParameters<typeof GoogleGenerativeAIEmbeddings>[0]>["taskType"];
      const make = (taskType: string) =>
        new GoogleGenerativeAIEmbeddings({ model, apiKey, taskType: taskType as TaskType, outputDimensionality: dimensions });
      return { documents: make("RETRIEVAL_DOCUMENT"), queries: make("RETRIEVAL_QUERY") };
    },
  },
  cohere: {
    envVar: "COHERE_API_KEY",
    async build(model, apiKey) {
      const { CohereEmbeddings } = await import("@langchain/cohere");
      return { documents: new CohereEmbeddings({ model, apiKey }) };
    },
  },
  openai: {
    envVar: "OPENAI_API_KEY",
    async build(model, apiKey, dimensions) {
      const { OpenAIEmbeddings } = await import("@langchain/openai");
      return { documents: new OpenAIEmbeddings({ model, apiKey, dimensions }) };
    },
  },
};

/**
 * Builds the embedding model named by a `provider/model` string. Nothing heavy happens here:
 * the local model loads on first use, a remote SDK is imported only when asked for.
 *
 * @throws UnknownProviderError for a spec outside {@link EMBEDDING_CHOICES}.
 * @throws ConfigError when a remote provider's API key is missing.
 *
 * @example
 * ```ts
 * const embeddings = await createEmbeddings("local/use-lite", { workers: 2 });
 * const [v] = await embeddings.embedDocuments(["Vitamin D and bone density"]);
 * v.length === embeddings.dimension; // 512
 * await embeddings.close();
 *
 * process.env.OPENAI_API_KEY = "sk-…";
 * const openai = await createEmbeddings("openai/text-embedding-3-small"); // 1536-d
 * ```
 */
export async function createEmbeddings(
  spec: string = DEFAULT_EMBEDDINGS,
  options: CreateEmbeddingsOptions = {},
): Promise<EmbeddingProvider> {
  const { apiKey, dimensions, workers, batchSize, maxChars, queryWorker } = options;
  const slash = spec.indexOf("/");
  const provider = slash > 0 ? spec.slice(0, slash) : "";
  const model = slash > 0 ? spec.slice(slash + 1) : "";
  const unknown = () => new UnknownProviderError({ kind: "embeddings", value: spec, choices: [...EMBEDDING_CHOICES] });

  if (provider === "local") {
    if (model !== "use-lite") throw unknown();
    return new LocalUseEmbeddings(spec, { workers, batchSize, maxChars, queryWorker });
  }
  const remote = REMOTE[provider];
  if (!remote || model.length === 0) throw unknown();

  const key = apiKey ?? process.env[remote.envVar];
  if (!key) {
    throw new ConfigError({
      message: `The embedding model ${spec} needs an API key, and ${remote.envVar} is not set.`,
      hint: `Set ${remote.envVar} in the environment (or pass apiKey), or use the offline default ${DEFAULT_EMBEDDINGS}.`,
      data: { spec, envVar: remote.envVar },
    });
  }
  if (dimensions !== undefined && (!Number.isInteger(dimensions) || dimensions < 1)) {
    throw new ConfigError({ message: `dimensions must be a positive integer, got ${dimensions}.`, data: { spec, dimensions } });
  }
  const { documents, queries } = await remote.build(model, key, dimensions);
  const dimension = dimensions ?? EMBEDDING_DIMENSIONS[spec] ?? (await probeDimension(spec, documents));
  return new LangChainEmbeddingProvider({ id: spec, dimension, documents, queries, maxChars: maxChars ?? REMOTE_MAX_CHARS });
}

async function probeDimension(spec: string, embeddings: Embeddings): Promise<number> {
  try {
    return (await embeddings.embedQuery("dimension probe")).length;
  } catch (error) {
    throw new EmbeddingError({
      model: spec,
      reason: `could not probe the vector size: ${error instanceof Error ? error.message : String(error)}`,
      hint: "Pass the model's vector size as the `dimensions` option to skip the probe.",
      cause: error,
    });
  }
}
