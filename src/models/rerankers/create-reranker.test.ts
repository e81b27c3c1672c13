import { describe, expect, it } from "vitest";
import { ConfigError, UnknownProviderError } from "../../errors.js";
import { CohereReranker } from "./cohere.js";
import { createReranker, defaultRerankerSpec, RERANKER_CHOICES } from "./create-reranker.js";
import { LocalFusionReranker } from "./local.js";

describe("createReranker", () => {
  it("builds the local model and Cohere by spec string", () => {
    expect(createReranker("local/fusion")).toBeInstanceOf(LocalFusionReranker);
    const cohere = createReranker("cohere/rerank-v3.5", { apiKey: "test-key" });
    expect(cohere).toBeInstanceOf(CohereReranker);
    expect(cohere.id).toBe("cohere/rerank-v3.5");
  });

  it("refuses an unknown spec, naming the valid ones", () => {
    try {
      createReranker("acme/rerank-9");
      expect.unreachable();
    } catch (error) {
      expect(UnknownProviderError.isInstance(error)).toBe(true);
      expect((error as UnknownProviderError).data).toMatchObject({
        kind: "reranker",
        value: "acme/rerank-9",
        choices: [...RERANKER_CHOICES],
      });
    }
  });

  it("asks for COHERE_API_KEY when Cohere has no key", () => {
    expect(() => createReranker("cohere/rerank-v3.5", { env: {} })).toThrow(ConfigError);
    expect(() => createReranker("cohere/rerank-v3.5", { env: {} })).toThrow(/COHERE_API_KEY/);
  });

  it("defaults to Cohere only when its key is set", () => {
    expect(defaultRerankerSpec({})).toBe("local/fusion");
    expect(defaultRerankerSpec({ COHERE_API_KEY: "k" })).toBe("cohere/rerank-v3.5");
  });
});

describe("CohereReranker", () => {
  it("returns scores in input order from the LangChain client's sorted results", async () => {
    const cohere = new CohereReranker({
      client: {
        rerank: async () => [
          { index: 2, relevanceScore: 0.9 },
          { index: 0, relevanceScore: 0.2 },
        ],
      },
    });
    expect(await cohere.rerank("q", ["a", "b", "c"])).toEqual([0.2, 0, 0.9]);
    expect(await cohere.rerank("q", [])).toEqual([]);
  });

  it("fails a call that takes too long, so the node can fall back", async () => {
    const cohere = new CohereReranker({ timeoutMs: 20, client: { rerank: () => new Promise(() => {}) } });
    await expect(cohere.rerank("q", ["a"])).rejects.toThrow(/took over 20 ms/);
  });
});
