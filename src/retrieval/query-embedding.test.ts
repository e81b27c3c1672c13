import { describe, expect, it } from "vitest";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import { localEmbeddings } from "../../test/helpers/retrieval.js";
import { embedQueryCached } from "./query-embedding.js";

/** The real model behind a counter of embedQuery calls. */
async function counted(): Promise<{ provider: EmbeddingProvider; calls: string[] }> {
  const real = await localEmbeddings();
  const calls: string[] = [];
  const provider: EmbeddingProvider = {
    ...real,
    id: real.id,
    dimension: real.dimension,
    maxChars: real.maxChars,
    embedDocuments: (t) => real.embedDocuments(t),
    close: async () => {},
    embedQuery: (t) => (calls.push(t), real.embedQuery(t)),
  };
  return { provider, calls };
}

describe("embedQueryCached", () => {
  it("shares one model call between parallel requests for the same text", async () => {
    const { provider, calls } = await counted();
    const [a, b] = await Promise.all([embedQueryCached(provider, "trapezoid"), embedQueryCached(provider, "trapezoid")]);
    expect(a).toBe(b);
    expect(a).toHaveLength(512);
    expect(calls).toEqual(["trapezoid"]);
  });

  it("forgets the least recently used text beyond its capacity", async () => {
    const { provider, calls } = await counted();
    await embedQueryCached(provider, "a", 2);
    await embedQueryCached(provider, "b", 2);
    await embedQueryCached(provider, "a", 2);
    await embedQueryCached(provider, "c", 2); // evicts b
    await embedQueryCached(provider, "a", 2);
    await embedQueryCached(provider, "b", 2);
    expect(calls).toEqual(["a", "b", "c", "b"]);
  });

  it("retries a text whose call failed", async () => {
    let fail = true;
    const { provider } = await counted();
    const flaky: EmbeddingProvider = {
      ...provider,
      embedQuery: async (t) => {
        if (fail) throw new Error("down");
        return provider.embedQuery(t);
      },
    };
    await expect(embedQueryCached(flaky, "x")).rejects.toThrow("down");
    fail = false;
    await expect(embedQueryCached(flaky, "x")).resolves.toHaveLength(512);
  });
});
