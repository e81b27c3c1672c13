import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { Config } from "../config/config.js";
import type { RunEvalOptions } from "../evaluation/runner.js";
import { createChatModel, defaultChatModelSpec } from "../models/chat/create-chat-model.js";
import { createReranker, defaultRerankerSpec } from "../models/rerankers/create-reranker.js";
import type { RemoteReranker } from "../context/run-context.js";

/** The models an eval run's graph uses, and their specs for results.json. */
export interface EvalModels {
  graphOptions: NonNullable<RunEvalOptions["graphOptions"]>;
  /** `provider/model`, or `local/extractive` for the offline answerer and heuristic planner. */
  chatModel: string;
  /** `provider/model`: `local/fusion` or a remote one. */
  reranker: string;
}

/** Options of {@link evalModels}; the factories are injectable so tests need no keys or network. */
export interface EvalModelsOptions {
  /** @default process.env */
  env?: NodeJS.ProcessEnv;
  /** @default createChatModel */
  createChat?: (spec: string) => Promise<BaseChatModel>;
  /** @default createReranker */
  createRerank?: (spec: string) => RemoteReranker;
}

/**
 * The chat model and reranker the rest of the app would build from this configuration: the
 * configured chat model, else Gemini when GOOGLE_API_KEY is set; the configured reranker, else
 * Cohere when COHERE_API_KEY is set; else the offline defaults. Remote models are built now, so
 * a missing key fails before any ingestion.
 * @example
 * const { graphOptions, chatModel, reranker } = await evalModels(loadConfig({ file: "sourcewise.config.json" }));
 */
export async function evalModels(config: Pick<Config, "chatModel" | "reranker">, options: EvalModelsOptions = {}): Promise<EvalModels> {
  const {
    env = process.env,
    createChat = (spec: string) => createChatModel(spec, { env }),
    createRerank = (spec: string) => createReranker(spec, { env }) as unknown as RemoteReranker,
  } = options;
  const chatSpec = defaultChatModelSpec(config.chatModel, env);
  const rerankSpec = config.reranker ?? defaultRerankerSpec(env);
  const graphOptions: EvalModels["graphOptions"] = {};
  if (chatSpec) {
    graphOptions.chatModel = await createChat(chatSpec);
    graphOptions.chatModelId = chatSpec;
  }
  // The local reranker needs no object: the rerank node falls back to it (as openContext does).
  if (rerankSpec !== "local/fusion") graphOptions.reranker = createRerank(rerankSpec);
  return { graphOptions, chatModel: chatSpec ?? "local/extractive", reranker: rerankSpec };
}
