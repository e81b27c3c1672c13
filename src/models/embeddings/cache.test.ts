import { afterAll, describe, expect, it } from "vitest";
import { MemoryEmbeddingCache, withCache } from "./cache.js";
import { LocalUseEmbeddings } from "./local-use.js";
import { hashText, truncateText } from "./text.js";
import type { EmbeddingProvider } from "./types.js";

const use = new LocalUseEmbeddings("local/use-lite", { workers: 0 });
afterAll(() => use.close());

/** The real model, recording every text it is asked to embed. */
function counting(provider: EmbeddingProvider, { failOnCall }: { failOnCall?: number } = {}) {
  const calls: string[][] = [];
  const wrapped: EmbeddingProvider = {
    id: provider.id,
    dimension: provider.dimension,
    maxChars: provider.maxChars,
    embedQuery: (t) => provider.embedQuery(t),
    close: () => provider.close(),
    async embedDocuments(texts, options) {
      calls.push(texts);
      if (calls.length === failOnCall) throw new Error("disk full");
      return provider.embedDocuments(texts, options);
    },
  };
  return { wrapped, calls, embedded: () => calls.flat() };
}

describe("withCache", () => {
  it("embeds each distinct text once and nothing on a repeat call", async () => {
    const { wrapped, embedded } = counting(use);
    const cache = new MemoryEmbeddingCache();
    const cached = withCache(wrapped, cache);
    const texts = ["Zinc shortens colds.", "Coffee and sleep.", "Zinc shortens colds.", "Exercise and mood."];

    const first = await cached.embedDocuments(texts);
    expect(embedded()).toEqual(["Zinc shortens colds.", "Coffee and sleep.", "Exercise and mood."]);
    expect(first[0]).toEqual(first[2]);
    const alone = await use.embedQuery("Coffee and sleep.");
    expect(first[1]!.reduce((s, x, i) => s + x * alone[i]!, 0)).toBeGreaterThan(0.9999);
    expect(cache.size).toBe(3);

    const second = await cached.embedDocuments([...texts, "A new one."]);
    expect(embedded().slice(3)).toEqual(["A new one."]);
    expect(second.slice(0, 4)).toEqual(first);
  });

  it("keys entries by model and by the truncated text", async () => {
    const cache = new MemoryEmbeddingCache();
    const long = "x".repeat(use.maxChars);
    await cache.put("other/model", [{ hash: hashText("hello"), embedding: [1] }]);
    const { wrapped, embedded } = counting(use);
    const [hello] = await withCache(wrapped, cache).embedDocuments(["hello"]);
    expect(hello).toHaveLength(512);
    await withCache(wrapped, cache).embedDocuments([long, `${long} tail past the cut`]);
    expect(embedded()).toEqual(["hello", long]);
    expect(hashText(truncateText(`${long}!`, use.maxChars))).toBe(hashText(long));
  });

  it("stores finished slices before a failure and reports progress over all inputs", async () => {
    const { wrapped } = counting(use, { failOnCall: 2 });
    const cache = new MemoryEmbeddingCache();
    const texts = ["a1", "a2", "b1", "b2"];
    await expect(withCache(wrapped, cache, { flushEvery: 2 }).embedDocuments(texts)).rejects.toThrow(/disk full/);
    expect(cache.size).toBe(2);

    const retry = counting(use);
    const progress: [number, number][] = [];
    const vectors = await withCache(retry.wrapped, cache, { flushEvery: 2 }).embedDocuments(texts, {
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(retry.embedded()).toEqual(["b1", "b2"]);
    expect(vectors).toHaveLength(4);
    expect(progress).toEqual([
      [2, 4],
      [4, 4],
    ]);
  });

  it("passes queries through uncached", async () => {
    const { wrapped, calls } = counting(use);
    const cached = withCache(wrapped, new MemoryEmbeddingCache());
    expect(await cached.embedQuery("hi")).toHaveLength(512);
    expect(calls).toHaveLength(0);
    expect(await cached.embedDocuments([])).toEqual([]);
  });
});
