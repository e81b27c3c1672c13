import { cp, mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { memoryStore } from "../../test/helpers/store.js";
import { MemoryEmbeddingCache, withCache } from "../models/embeddings/cache.js";
import { createEmbeddings } from "../models/embeddings/create-embeddings.js";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import type { SqlStore } from "../storage/store.js";
import { fillEmbeddings } from "./fill-embeddings.js";
import { embeddingText, ingest } from "./ingest.js";

let model: EmbeddingProvider;
let store: SqlStore;
let dir: string;

beforeAll(async () => {
  model = await createEmbeddings("local/use-lite", { workers: 1 });
});
afterAll(async () => {
  await model.close();
});
beforeEach(async () => {
  store = await memoryStore();
  dir = await mkdtemp(join(tmpdir(), "sw-ingest-"));
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const guide = `# Gradient guide\n\nTrapezoids have ramps and a flat top.\n\n## Timing\n\nRise time depends on the slew rate.\n`;
const api = `function grad = makeTrapezoid(channel, varargin)\n%makeTrapezoid Create a trapezoid gradient event.\n%   g = makeTrapezoid('x', 'Area', 1000) creates a gradient.\nend\n`;

async function write(name: string, content: string | Uint8Array) {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

describe("ingest", () => {
  it("stores sections with titles and paths, and re-ingesting unchanged files does nothing", async () => {
    await write("guide.md", guide);
    await write("makeTrapezoid.m", api);
    const first = await ingest({ store, embeddings: model, paths: [dir] });
    expect(first.documents).toEqual({ added: 2, replaced: 0, unchanged: 0, pruned: 0 });
    expect(first.skipped).toEqual([]);
    const hits = await store.matchBm25("slew rate");
    expect(hits[0]!.sectionTitle).toBe("Timing");
    expect(hits[0]!.sectionPath).toEqual(["Gradient guide", "Timing"]);
    expect(hits[0]!.uri).toBe(join(dir, "guide.md"));
    // PGlite has no autovacuum: the ingest gathered the planner's statistics itself.
    const analyzed = await store.client.query("select 1 from pg_stats where tablename = 'chunks' limit 1");
    expect(analyzed.rows).toHaveLength(1);

    const before = await store.stats();
    const second = await ingest({ store, embeddings: model, paths: [dir] });
    expect(second.documents).toEqual({ added: 0, replaced: 0, unchanged: 2, pruned: 0 });
    expect(await store.stats()).toEqual(before);
  });

  it("replaces a changed file whole, leaving no old chunks", async () => {
    const path = await write("guide.md", guide);
    await ingest({ store, embeddings: model, paths: [dir] });
    await writeFile(path, "# Gradient guide\n\nOnly spoilers about echo planar imaging now.\n");
    const summary = await ingest({ store, embeddings: model, paths: [dir] });
    expect(summary.documents.replaced).toBe(1);
    expect(await store.matchBm25("slew rate")).toEqual([]);
    expect((await store.matchBm25("echo planar"))[0]!.uri).toBe(path);
    expect((await store.stats()).documents).toBe(1);
  });

  it("lands a new version lexically when it cannot be embedded yet, and embeds it on the next run", async () => {
    const path = await write("guide.md", guide);
    await ingest({ store, embeddings: model, paths: [dir] });
    await writeFile(path, "# Gradient guide\n\nA new version that lands before its vectors.\n");
    const broken = await createEmbeddings("local/use-lite", { workers: 1 });
    await broken.close();
    await expect(ingest({ store, embeddings: broken, paths: [dir] })).rejects.toThrow();
    expect(await store.matchBm25("slew rate")).toEqual([]);
    expect((await store.matchBm25("lands before"))[0]!.uri).toBe(path);
    expect((await store.stats()).awaitingEmbeddings).toBe(1);
    const resumed = await ingest({ store, embeddings: model, paths: [dir] });
    expect(resumed).toMatchObject({ documents: { unchanged: 1 }, embedded: 1, awaitingEmbeddings: 0 });
  });

  it("prunes documents whose files are gone, and only under the given paths", async () => {
    const a = await write("a.md", guide);
    await write("b.md", "# B\n\nBeta text about shims.\n");
    const elsewhere = await mkdtemp(join(tmpdir(), "sw-other-"));
    await writeFile(join(elsewhere, "c.md"), "# C\n\nGamma text.\n");
    try {
      await ingest({ store, embeddings: model, paths: [dir, elsewhere] });
      await unlink(a);
      const kept = await ingest({ store, embeddings: model, paths: [dir] });
      expect(kept.documents.pruned).toBe(0);
      expect((await store.stats()).documents).toBe(3);
      const pruned = await ingest({ store, embeddings: model, paths: [dir], prune: true });
      expect(pruned.documents.pruned).toBe(1);
      const uris = (await store.listDocuments()).map((d) => d.uri).sort();
      expect(uris).toEqual([join(dir, "b.md"), join(elsewhere, "c.md")]);
      const s = await store.client.query<{ n: number }>("select n_chunks::int as n from bm25_corpus");
      expect(s.rows[0]!.n).toBe((await store.stats()).searchable);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('with prune "source", a corpus folder copied elsewhere replaces its first location instead of doubling the source', async () => {
    await write("a.md", guide);
    await write("b.md", "# B\n\nBeta text about shims.\n");
    const copy = await mkdtemp(join(tmpdir(), "sw-copy-"));
    const other = await mkdtemp(join(tmpdir(), "sw-other-"));
    try {
      await ingest({ store, embeddings: model, paths: [dir], source: "manual" });
      await writeFile(join(other, "o.md"), "# O\n\nAnother source's text.\n");
      await ingest({ store, embeddings: model, paths: [other], source: "docs" });
      await cp(dir, copy, { recursive: true });
      // `true` keeps what lies outside the paths: the source would hold the corpus twice.
      const doubled = await ingest({ store, embeddings: model, paths: [copy], source: "manual", prune: true });
      expect(doubled.documents).toMatchObject({ added: 2, pruned: 0 });
      expect(await store.listDocuments({ source: "manual" })).toHaveLength(4);
      const synced = await ingest({ store, embeddings: model, paths: [copy], source: "manual", prune: "source" });
      expect(synced.documents).toMatchObject({ added: 0, unchanged: 2, pruned: 2 });
      const uris = (await store.listDocuments({ source: "manual" })).map((d) => d.uri).sort();
      expect(uris).toEqual([join(copy, "a.md"), join(copy, "b.md")]);
      // Other sources are not this ingest's to prune.
      expect((await store.listDocuments({ source: "docs" })).map((d) => d.uri)).toEqual([join(other, "o.md")]);
      expect((await store.matchBm25("shims")).map((h) => h.uri)).toEqual([join(copy, "b.md")]);
    } finally {
      await rm(copy, { recursive: true, force: true });
      await rm(other, { recursive: true, force: true });
    }
  });

  it("skips bad input with a one-line reason and still lands the rest", async () => {
    await write("good.md", guide);
    await write("empty.md", "");
    await write("blob.txt", new Uint8Array([0x68, 0x69, 0, 1, 2, 3, 0, 0xff]));
    await write("broken.pdf", "%PDF-1.7\nthis is not really a pdf");
    await write("image.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    await write("big.md", "# Big\n\n" + "word ".repeat(3000));
    await write("blank.md", "   \n\n  \n");
    const summary = await ingest({
      store,
      embeddings: model,
      paths: [dir, join(dir, "missing.md")],
      maxFileBytes: 10_000,
    });
    const reasons = Object.fromEntries(summary.skipped.map((s) => [s.path.replace(`${dir}/`, ""), s.reason]));
    expect(reasons["empty.md"]).toBe("empty file");
    expect(reasons["blob.txt"]).toBe("binary file (not text)");
    expect(reasons["broken.pdf"]).toMatch(/not a valid PDF/);
    expect(reasons["image.png"]).toMatch(/unsupported file type \.png/);
    expect(reasons["big.md"]).toMatch(/file too large/);
    expect(reasons["blank.md"]).toBe("no text found");
    expect(reasons["missing.md"]).toBe("no such file or directory");
    expect(Object.values(reasons).every((r) => !r.includes("\n"))).toBe(true);
    expect(summary.documents.added).toBe(1);
    expect((await store.listDocuments()).map((d) => d.uri)).toEqual([join(dir, "good.md")]);
  });

  it("a bad new version of a stored file keeps the stored one", async () => {
    const path = await write("guide.md", guide);
    await ingest({ store, embeddings: model, paths: [dir] });
    await writeFile(path, new Uint8Array([0, 0, 0, 1]));
    const summary = await ingest({ store, embeddings: model, paths: [dir], prune: true });
    expect(summary.skipped[0]!.reason).toBe("binary file (not text)");
    expect(summary.documents.pruned).toBe(0);
    expect((await store.matchBm25("slew rate"))[0]!.uri).toBe(path);
  });

  it("embeds each text once across runs with the content-hash cache", async () => {
    await write("guide.md", guide);
    const cache = new MemoryEmbeddingCache();
    let embedded = 0;
    const counting: EmbeddingProvider = {
      ...model,
      id: model.id,
      dimension: model.dimension,
      maxChars: model.maxChars,
      embedQuery: (t) => model.embedQuery(t),
      close: async () => {},
      embedDocuments: async (texts) => {
        embedded += texts.length;
        return model.embedDocuments(texts);
      },
    };
    const cached = withCache(counting, cache);
    await ingest({ store, embeddings: cached, paths: [dir] });
    const firstRun = embedded;
    expect(firstRun).toBeGreaterThan(0);
    await ingest({ store, embeddings: cached, paths: [dir], topics: ["mri"] });
    expect(embedded).toBe(firstRun);
    expect((await store.matchBm25("slew", { filters: { topics: ["mri"] } })).length).toBe(1);
  });

  it("makes documents searchable before they are embedded, and fills the vectors resumably", async () => {
    await write("guide.md", guide);
    await write("makeTrapezoid.m", api);
    const lexical = await ingest({ store, embeddings: model, paths: [dir], deferEmbeddings: true });
    const rows = (await store.stats()).searchable;
    expect(rows).toBeGreaterThan(2);
    expect(lexical).toMatchObject({ embedded: 0, awaitingEmbeddings: rows });
    expect((await store.matchBm25("slew rate"))[0]!.sectionTitle).toBe("Timing");
    const [query] = await model.embedDocuments(["slew rate"]);
    const hybrid = await store.matchHybrid("slew rate", query!, { limit: 3 });
    expect(hybrid[0]!.sectionTitle).toBe("Timing");
    expect(hybrid.every((h) => h.vectorScore === null)).toBe(true);

    // An embedder that fails on its second batch: the first batch stays stored, the rest waits.
    let calls = 0;
    const flaky: EmbeddingProvider = {
      ...model,
      id: model.id,
      dimension: model.dimension,
      embedDocuments: (texts) => (++calls === 2 ? Promise.reject(new Error("worker died")) : model.embedDocuments(texts)),
    };
    await expect(fillEmbeddings({ store, embeddings: flaky, batchSize: 1 })).rejects.toThrow("worker died");
    const left = (await store.stats()).awaitingEmbeddings;
    expect(left).toBe(rows - 1);

    const progress: number[] = [];
    const rest = await fillEmbeddings({ store, embeddings: model, onProgress: (p) => progress.push(p.done) });
    expect(rest).toEqual({ embedded: left, remaining: 0 });
    expect(progress.at(-1)).toBe(left);
    const again = await store.matchHybrid("slew rate", query!, { limit: 3 });
    expect(again[0]!.vectorScore).not.toBeNull();
    // The stored vector is the model's vector of the row's text, as an inline ingest stores it.
    const [direct] = await model.embedDocuments([
      embeddingText("Gradient guide", { sectionTitle: "Timing", content: again.find((h) => h.sectionTitle === "Timing")!.content }),
    ]);
    const timing = (await store.matchVector(direct!, { limit: 1 }))[0]!;
    expect(timing.sectionTitle).toBe("Timing");
    expect(timing.vectorScore).toBeCloseTo(1, 5);
  });
});
