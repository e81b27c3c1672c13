import { CohereEmbeddings } from "@langchain/cohere";
import { GoogleGenerativeAIEmbeddings } from "@langchain/google-genai";
import { OpenAIEmbeddings } from "@langchain/openai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError, UnknownProviderError } from "../../errors.js";
import { createEmbeddings, EMBEDDING_CHOICES } from "./create-embeddings.js";
import { LocalUseEmbeddings } from "./local-use.js";
import { LangChainEmbeddingProvider } from "./remote.js";

// Remote models are only constructed here, never called: no network in tests.
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

async function remote(spec: string, options?: Parameters<typeof createEmbeddings>[1]) {
  const provider = await createEmbeddings(spec, options);
  expect(provider).toBeInstanceOf(LangChainEmbeddingProvider);
  return provider as LangChainEmbeddingProvider;
}

describe("createEmbeddings", () => {
  it("defaults to the local model without loading it", async () => {
    const provider = await createEmbeddings();
    expect(provider).toBeInstanceOf(LocalUseEmbeddings);
    expect(provider).toMatchObject({ id: "local/use-lite", dimension: 512, maxChars: 1000, workers: expect.any(Number) });
    await provider.close();
    const single = await createEmbeddings("local/use-lite", { workers: 1, maxChars: 500 });
    expect(single).toMatchObject({ workers: 1, maxChars: 500 });
  });

  it.each(["local/use-large", "mistral/embed", "openai/", "use-lite", ""])("rejects %j naming the valid choices", async (spec) => {
    const error = await createEmbeddings(spec).catch((e: unknown) => e);
    expect(UnknownProviderError.isInstance(error)).toBe(true);
    expect((error as UnknownProviderError).data.choices).toEqual([...EMBEDDING_CHOICES]);
    expect((error as Error).message).toContain("openai/<model>");
  });

  it.each([
    ["google/text-embedding-004", "GOOGLE_API_KEY"],
    ["cohere/embed-english-v3.0", "COHERE_API_KEY"],
    ["openai/text-embedding-3-small", "OPENAI_API_KEY"],
  ])("asks for the key of %s", async (spec, envVar) => {
    vi.stubEnv(envVar, undefined);
    const error = await createEmbeddings(spec).catch((e: unknown) => e);
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(`Set ${envVar}`);
    expect((error as ConfigError).data).toMatchObject({ envVar });
  });

  it("builds Google embeddings with document and query task types", async () => {
    vi.stubEnv("GOOGLE_API_KEY", "test-google-key");
    const p = await remote("google/text-embedding-004");
    expect(p.documents).toBeInstanceOf(GoogleGenerativeAIEmbeddings);
    expect(p.documents).toMatchObject({ model: "text-embedding-004", taskType: "RETRIEVAL_DOCUMENT", apiKey: "test-google-key" });
    expect(p.queries).toMatchObject({ model: "text-embedding-004", taskType: "RETRIEVAL_QUERY" });
    expect(p).toMatchObject({ id: "google/text-embedding-004", dimension: 768 });
  });

  it("builds Cohere and OpenAI embeddings with the model name and known dimension", async () => {
    vi.stubEnv("COHERE_API_KEY", "test-cohere-key");
    vi.stubEnv("OPENAI_API_KEY", "test-openai-key");
    const cohere = await remote("cohere/embed-english-v3.0");
    expect(cohere.documents).toBeInstanceOf(CohereEmbeddings);
    expect(cohere.documents).toMatchObject({ model: "embed-english-v3.0" });
    expect(cohere.dimension).toBe(1024);
    for (const [model, dimension] of [
      ["text-embedding-3-small", 1536],
      ["text-embedding-3-large", 3072],
    ] as const) {
      const openai = await remote(`openai/${model}`);
      expect(openai.documents).toBeInstanceOf(OpenAIEmbeddings);
      expect(openai.documents).toMatchObject({ model });
      expect(openai.dimension).toBe(dimension);
    }
  });

  it("takes the key from options, and the dimension from options or one probe", async () => {
    vi.stubEnv("OPENAI_API_KEY", undefined);
    const shortened = await remote("openai/text-embedding-3-large", { apiKey: "k", dimensions: 256 });
    expect(shortened.dimension).toBe(256);
    expect(shortened.documents).toMatchObject({ dimensions: 256 });

    const probe = vi.spyOn(OpenAIEmbeddings.prototype, "embedQuery").mockResolvedValue(new Array(384).fill(0.05));
    const probed = await remote("openai/some-future-model", { apiKey: "k" });
    expect(probed.dimension).toBe(384);
    expect(probe).toHaveBeenCalledTimes(1);

    probe.mockRejectedValue(new Error("fetch failed"));
    await expect(createEmbeddings("openai/another-model", { apiKey: "k" })).rejects.toThrow(/dimensions/);
  });
});
