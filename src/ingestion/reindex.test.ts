import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeRemoteEmbeddings } from "../../test/helpers/fake-models.js";
import { ingestCorpus, maxVectorError, modelA, modelB, runtimeMigrations, untouched } from "../../test/helpers/reindex.js";
import { memoryStore } from "../../test/helpers/store.js";
import { EmbeddingDimensionError, EmbeddingMismatchError, ReindexPendingError } from "../errors.js";
import { EmbeddingError } from "../models/embeddings/errors.js";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import { embeddingColumnDimension } from "../storage/embedding-column.js";
import { readReindexState, stagingCounts } from "../storage/reindex-state.js";
import type { SqlStore } from "../storage/store.js";
import { ingest } from "./ingest.js";
import { reindex, type ReindexProgress } from "./reindex.js";

let store: SqlStore;
beforeEach(async () => {
  store = await memoryStore();
  await ingestCorpus(store, modelA().provider);
});
afterEach(async () => {
  await store.close();
});

const A = { model: "fake/words-a", dimension: 512 };
const B = { model: "fake/words-b", dimension: 768 };

async function topUri(query: string, embeddings: EmbeddingProvider, tenant = "default") {
  const vector = await embeddings.embedQuery(query);
  const dense = await store.matchVector(vector, { limit: 3, filters: { tenant } });
  const hybrid = await store.matchHybrid(query, vector, { limit: 3, filters: { tenant } });
  return { dense: dense[0]?.uri.split("/").pop(), hybrid: hybrid[0]?.uri.split("/").pop() };
}

describe("reindex to a model of another dimension", () => {
  it("re-embeds every row in place; search works with the new model; text and BM25 statistics are untouched", async () => {
    const before = await untouched(store);
    const progress: ReindexProgress[] = [];
    const b = modelB();
    const summary = await reindex({ store, embeddings: b.provider, batchSize: 3, onProgress: (p) => progress.push(p) });

    const { total } = await stagingCounts(store.client);
    expect(total).toBeGreaterThan(6);
    expect(summary).toMatchObject({ status: "done", rows: total, embedded: total, total, resumed: false, before: A, after: B });
    expect(summary.migration).toBe("runtime:embedding_dimension:768");
    expect(await store.indexedEmbedding()).toEqual(B);
    expect(await embeddingColumnDimension(store.client)).toBe(768);
    expect(await runtimeMigrations(store)).toEqual(["runtime:embedding_dimension:768"]);
    expect(await maxVectorError(store, modelB().provider)).toEqual({ rows: total, error: expect.any(Number) });
    expect((await maxVectorError(store, modelB().provider)).error).toBeLessThan(1e-6);
    expect(await untouched(store)).toEqual(before);
    expect(await readReindexState(store.client)).toBeNull();
    expect((await store.client.query("select 1 from chunks where embedding_next is not null")).rows).toHaveLength(0);

    expect(await topUri("superconducting magnets cooling", b.provider)).toEqual({ dense: "magnets.md", hybrid: "magnets.md" });
    expect(await topUri("refunds invoices", b.provider, "acme")).toEqual({ dense: "billing.md", hybrid: "billing.md" });
    expect(progress.at(-1)).toEqual({ phase: "done", done: total, total });
    const steps = [0];
    for (let done = 3; done < total; done += 3) steps.push(done);
    expect(progress.filter((p) => p.phase === "embed").map((p) => p.done)).toEqual([...steps, total]);

    await expect(store.useEmbedding(A.model, A.dimension)).rejects.toBeInstanceOf(EmbeddingMismatchError);
    await expect(store.useEmbedding(B.model, B.dimension)).resolves.toBeUndefined();
  });

  it("keeps the HNSW index valid for the new dimension", async () => {
    await reindex({ store, embeddings: modelB().provider });
    const { rows } = await store.client.query<{ indexdef: string }>(
      "select indexdef from pg_indexes where indexname = 'chunks_embedding_idx'",
    );
    expect(rows[0]?.indexdef).toMatch(/USING hnsw \(embedding vector_cosine_ops\)/);
    const q = `[${(await modelB().provider.embedQuery("gradient ramps")).join(",")}]`;
    const plan = await store.client.transaction(async (tx) => {
      await tx.exec("set local enable_seqscan = off");
      return tx.query<{ "QUERY PLAN": string }>(`explain select id from chunks order by embedding <=> '${q}' limit 3`);
    });
    expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/Index Scan using chunks_embedding_idx/);
  });

  it("takes texts already embedded with the target model from the cache, and records the way back", async () => {
    await reindex({ store, embeddings: modelB().provider });
    const a = modelA();
    const summary = await reindex({ store, embeddings: a.provider });
    expect(summary).toMatchObject({ status: "done", before: B, after: A, embedded: 0, migration: "runtime:embedding_dimension:512" });
    expect(summary.rows).toBe(summary.total);
    expect(a.model.texts).toBe(1); // the dimension probe only: every row came from the cache written at ingest
    expect(await runtimeMigrations(store)).toEqual(["runtime:embedding_dimension:512"]);
    expect((await maxVectorError(store, modelA().provider)).error).toBeLessThan(1e-6);
    expect(await topUri("flip angle amplitude", a.provider)).toEqual({ dense: "pulses.md", hybrid: "pulses.md" });
  });

  it("refuses a batch size that would make no progress", async () => {
    await expect(reindex({ store, embeddings: modelB().provider, batchSize: 0 })).rejects.toThrow(/batchSize must be a positive integer/);
    expect(await readReindexState(store.client)).toBeNull();
  });

  it("does nothing when the index already uses the model", async () => {
    const a = modelA();
    const summary = await reindex({ store, embeddings: a.provider });
    expect(summary).toMatchObject({ status: "unchanged", rows: 0, before: A, after: A });
    expect(a.model.calls).toHaveLength(0);
    expect(await runtimeMigrations(store)).toEqual([]);
  });
});

describe("an interrupted reindex", () => {
  it("after a provider error: searches keep the old model, and the next call continues to the end", async () => {
    const failing = modelB({ failAfterCalls: 3 }); // the probe, then two batches
    const error = await reindex({ store, embeddings: failing.provider, batchSize: 2 }).catch((e: unknown) => e);
    expect(EmbeddingError.isInstance(error)).toBe(true);

    expect(await stagingCounts(store.client)).toMatchObject({ staged: 4 });
    expect(await store.indexedEmbedding()).toEqual(A);
    expect((await readReindexState(store.client))?.target).toEqual(B);
    expect(await topUri("superconducting magnets", modelA().provider)).toEqual({ dense: "magnets.md", hybrid: "magnets.md" });
    await expect(store.useEmbedding(B.model, B.dimension)).rejects.toThrow(/reindex to fake\/words-b \(768-d\) is under way/);

    const b = modelB();
    const summary = await reindex({ store, embeddings: b.provider, batchSize: 2 });
    expect(summary).toMatchObject({ status: "done", resumed: true, before: A, after: B });
    expect(summary.rows).toBe(summary.total - 4);
    expect(b.model.texts).toBe(1 + summary.total - 4);
    expect((await maxVectorError(store, modelB().provider)).error).toBeLessThan(1e-6);
    expect(await topUri("slew rate", b.provider)).toEqual({ dense: "gradients.md", hybrid: "gradients.md" });
  });

  it("after an abort: rows ingested meanwhile with the old model are re-embedded too", async () => {
    const controller = new AbortController();
    const onProgress = (p: ReindexProgress) => p.phase === "embed" && p.done >= 2 && controller.abort();
    const error = await reindex({ store, embeddings: modelB().provider, batchSize: 2, onProgress, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).name).toBe("AbortError");
    const { staged, total } = await stagingCounts(store.client);
    expect(staged).toBe(2);

    // The index still takes the old model: this ingest lands with old vectors, to re-embed.
    const dir = await mkdtemp(join(tmpdir(), "sw-reindex-new-"));
    await writeFile(join(dir, "shimming.md"), "# Shimming\n\nShim coils flatten field inhomogeneity.");
    await ingest({ store, embeddings: modelA().provider, paths: [dir], source: "docs" });
    const after = await stagingCounts(store.client);
    expect(after).toEqual({ staged: 2, total: total + 1 });

    const b = modelB();
    const summary = await reindex({ store, embeddings: b.provider, batchSize: 2 });
    expect(summary).toMatchObject({ status: "done", resumed: true, rows: total - 1 });
    expect((await maxVectorError(store, modelB().provider)).error).toBeLessThan(1e-6);
    expect(await topUri("shim coils inhomogeneity", b.provider)).toEqual({ dense: "shimming.md", hybrid: "shimming.md" });
  });
});

describe("a reindex under way to another model", () => {
  async function interrupted() {
    const controller = new AbortController();
    await reindex({
      store,
      embeddings: modelB().provider,
      batchSize: 2,
      signal: controller.signal,
      onProgress: (p) => p.done >= 2 && controller.abort(),
    }).catch(() => {});
    expect((await readReindexState(store.client))?.target).toEqual(B);
  }

  it("refuses another target, naming the pending one, unless restarted", async () => {
    await interrupted();
    const { provider: c } = fakeRemoteEmbeddings("fake/words-c", { dimension: 256 });
    const error = await reindex({ store, embeddings: c }).catch((e: unknown) => e);
    expect(ReindexPendingError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/reindex to fake\/words-b \(768-d\).*is not finished; fake\/words-c \(256-d\)/);
    expect((error as Error).message).toMatch(/--restart/);
    expect(await stagingCounts(store.client)).toMatchObject({ staged: 2 });

    const summary = await reindex({ store, embeddings: c, restart: true });
    expect(summary).toMatchObject({ status: "done", resumed: false, after: { model: "fake/words-c", dimension: 256 } });
    expect(summary.rows).toBe(summary.total);
    expect(await runtimeMigrations(store)).toEqual(["runtime:embedding_dimension:256"]);
  });

  it("is dropped by a restart to the model the index already uses", async () => {
    await interrupted();
    const summary = await reindex({ store, embeddings: modelA().provider, restart: true });
    expect(summary).toMatchObject({ status: "cancelled", after: A });
    expect(await readReindexState(store.client)).toBeNull();
    expect(await stagingCounts(store.client)).toMatchObject({ staged: 0 });
    expect(await store.indexedEmbedding()).toEqual(A);
  });
});

describe("a model whose vectors do not fit", () => {
  async function nothingWritten(before: Awaited<ReturnType<typeof untouched>>) {
    expect(await readReindexState(store.client)).toBeNull();
    expect(await stagingCounts(store.client)).toMatchObject({ staged: 0 });
    expect(await store.indexedEmbedding()).toEqual(A);
    expect(await runtimeMigrations(store)).toEqual([]);
    expect(await embeddingColumnDimension(store.client)).toBe(512);
    const cached = await store.client.query("select 1 from embedding_cache where model <> $1", [A.model]);
    expect(cached.rows).toHaveLength(0);
    expect(await untouched(store)).toEqual(before);
  }

  it("is refused before anything is written when it returns another dimension than it declares", async () => {
    const before = await untouched(store);
    const misdeclared = modelB({ returnDimension: 700 });
    await expect(reindex({ store, embeddings: misdeclared.provider })).rejects.toThrow(
      /returned a 700-d vector, expected 768-d[\s\S]*hint/,
    );
    await nothingWritten(before);

    // A provider without a check of its own: reindex's probe catches it.
    const bare: EmbeddingProvider = {
      id: "custom/m",
      dimension: 768,
      maxChars: 1000,
      close: async () => {},
      embedQuery: async () => new Array<number>(700).fill(0.1),
      embedDocuments: async (texts) => texts.map(() => new Array<number>(700).fill(0.1)),
    };
    const error = await reindex({ store, embeddings: bare }).catch((e: unknown) => e);
    expect(EmbeddingDimensionError.isInstance(error)).toBe(true);
    expect((error as EmbeddingDimensionError).data).toMatchObject({ model: "custom/m", declared: 768, returned: 700 });
    await nothingWritten(before);
  });

  it("is refused for a dimension the index cannot hold", async () => {
    const before = await untouched(store);
    for (const dimension of [0, 1.5, 2001]) {
      const { provider } = fakeRemoteEmbeddings("fake/odd", { dimension });
      const error = await reindex({ store, embeddings: provider }).catch((e: unknown) => e);
      expect(EmbeddingDimensionError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/not a dimension the index can hold[\s\S]*hint: .*2000/);
    }
    await nothingWritten(before);
  });
});

describe("an index without vectors", () => {
  it("takes the model and its dimension at once", async () => {
    const empty = await memoryStore();
    try {
      const summary = await reindex({ store: empty, embeddings: modelB().provider });
      expect(summary).toMatchObject({
        status: "done",
        rows: 0,
        total: 0,
        before: null,
        after: B,
        migration: "runtime:embedding_dimension:768",
      });
      expect(await empty.indexedEmbedding()).toEqual(B);
      expect(await embeddingColumnDimension(empty.client)).toBe(768);
    } finally {
      await empty.close();
    }
  });
});
