import { Embeddings } from "@langchain/core/embeddings";
import { describe, expect, it } from "vitest";
import { EmbeddingError } from "./errors.js";
import { LangChainEmbeddingProvider } from "./remote.js";

/** A stand-in for a paid remote model at the LangChain interface: vector = [length, 1, 1]. */
class FakeRemote extends Embeddings {
  calls: string[][] = [];
  constructor(private readonly reply?: (texts: string[]) => number[][]) {
    super({ maxRetries: 0 });
  }
  async embedDocuments(texts: string[]): Promise<number[][]> {
    this.calls.push(texts);
    return this.reply ? this.reply(texts) : texts.map((t) => [t.length, 1, 1]);
  }
  async embedQuery(text: string): Promise<number[]> {
    this.calls.push([text]);
    return [0, 0, 2];
  }
}

describe("LangChainEmbeddingProvider", () => {
  it("batches, truncates, normalises and reports progress", async () => {
    const documents = new FakeRemote();
    const provider = new LangChainEmbeddingProvider({ id: "fake/m", dimension: 3, documents, batchSize: 2, maxChars: 4 });
    const progress: number[] = [];
    const vectors = await provider.embedDocuments(["a", "bb", "ccccccc"], { onProgress: (done) => progress.push(done) });
    expect(documents.calls).toEqual([["a", "bb"], ["cccc"]]);
    expect(progress).toEqual([2, 3]);
    expect(vectors[2]![0]).toBeCloseTo(4 / Math.sqrt(18));
  });

  it("embeds queries with the query model", async () => {
    const documents = new FakeRemote();
    const queries = new FakeRemote();
    const provider = new LangChainEmbeddingProvider({ id: "fake/m", dimension: 3, documents, queries });
    expect(await provider.embedQuery("q")).toEqual([0, 0, 1]);
    expect(queries.calls).toEqual([["q"]]);
    expect(documents.calls).toEqual([]);
  });

  it("rejects vectors of the wrong size, like the empty ones of a failed Google batch", async () => {
    const provider = new LangChainEmbeddingProvider({ id: "fake/m", dimension: 3, documents: new FakeRemote((t) => t.map(() => [])) });
    const error = await provider.embedDocuments(["a"]).catch((e: unknown) => e);
    expect(EmbeddingError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/0-d vector, expected 3-d/);
  });

  it("wraps API errors in an EmbeddingError with a hint", async () => {
    const failing = new FakeRemote(() => {
      throw new Error("401 invalid api key");
    });
    const provider = new LangChainEmbeddingProvider({ id: "fake/m", dimension: 3, documents: failing });
    await expect(provider.embedDocuments(["a"])).rejects.toThrow(/fake\/m failed: 401 invalid api key[\s\S]*hint/);
  });
});
