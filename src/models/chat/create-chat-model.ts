import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { ConfigError, UnknownProviderError } from "../../errors.js";

/** The chat model specs {@link createChatModel} accepts. */
export const CHAT_MODEL_CHOICES = ["google/<model> (e.g. google/gemini-2.5-flash)", "openai/<model>"] as const;

export const DEFAULT_REMOTE_CHAT_MODEL = "google/gemini-2.5-flash";

const KEYS: Record<string, string> = { google: "GOOGLE_API_KEY", openai: "OPENAI_API_KEY" };

/**
 * The chat model to use by default: the configured one, else Gemini 2.5 Flash when
 * `GOOGLE_API_KEY` is set, else none (the offline extractive generator and heuristic planner).
 */
export function defaultChatModelSpec(configured: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (configured) return configured === "local/extractive" ? undefined : configured;
  return env.GOOGLE_API_KEY ? DEFAULT_REMOTE_CHAT_MODEL : undefined;
}

/**
 * Builds a LangChain chat model from a `provider/model` string. SDKs load only when asked for.
 * @throws UnknownProviderError for an unknown provider; ConfigError when its API key is missing.
 * @example
 * const model = await createChatModel("google/gemini-2.5-flash");
 */
export async function createChatModel(
  spec: string,
  { env = process.env, temperature = 0 }: { env?: NodeJS.ProcessEnv; temperature?: number } = {},
): Promise<BaseChatModel> {
  const slash = spec.indexOf("/");
  const provider = slash > 0 ? spec.slice(0, slash) : "";
  const model = slash > 0 ? spec.slice(slash + 1) : "";
  const envVar = KEYS[provider];
  if (!envVar || !model)
    throw new UnknownProviderError({ kind: "chat model", value: spec, choices: [...CHAT_MODEL_CHOICES, "local/extractive"] });
  const apiKey = env[envVar];
  if (!apiKey) {
    throw new ConfigError({
      message: `The chat model ${spec} needs an API key, and ${envVar} is not set.`,
      hint: `Set ${envVar}, or leave chatModel unset to use the offline extractive answerer.`,
      data: { spec, envVar },
    });
  }
  if (provider === "google") {
    const { ChatGoogleGenerativeAI } = await import("@langchain/google-genai");
    return new ChatGoogleGenerativeAI({ model, apiKey, temperature, maxRetries: 1 });
  }
  const { ChatOpenAI } = await import("@langchain/openai");
  return new ChatOpenAI({ model, apiKey, temperature, maxRetries: 1 });
}
