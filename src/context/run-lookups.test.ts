import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { doc, memoryStore, section } from "../../test/helpers/store.js";
import { createGraph } from "../graph/graph.js";
import { createEmbeddings } from "../models/embeddings/index.js";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import { SqlStore } from "../storage/store.js";
import { runLookups } from "./run-lookups.js";

/** A second handle on the same database, as another process has (nothing cached in common). */
const anotherProcess = (store: SqlStore) => new SqlStore(store.client);

let store: SqlStore;
beforeEach(async () => {
  store = await memoryStore();
  await store.writeDocuments([doc("guide.md", [section("Uploading files in chunks with resumable sessions.")])]);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await store?.close();
});

describe("runLookups", () => {
  it("answers once per run, and the next run sees another process's ingest", async () => {
    const run = runLookups(store, "default", "run-1");
    const generation = await run.generation();
    expect(await run.indexedSources()).toEqual(["docs"]);

    await anotherProcess(store).writeDocuments([
      doc("client.md", [section("createClient takes a url and a key.")], { source: "api_reference" }),
    ]);
    // Within the run: one answer, as a read at its start.
    expect(await runLookups(store, "default", "run-1").indexedSources()).toEqual(["docs"]);
    expect(await runLookups(store, "default", "run-1").generation()).toBe(generation);
    // The next run asks again.
    const next = runLookups(store, "default", "run-2");
    expect(await next.indexedSources()).toEqual(["api_reference", "docs"]);
    expect(await next.generation()).not.toBe(generation);
  });

  it("asks term presence once per phrase per run, the new phrases in one statement", async () => {
    const asked = vi.spyOn(store, "termPresence");
    const run = runLookups(store, "default", "run-1");
    void run.termPresence(["resumable", "chunks"]);
    const [chunks, malloc] = await run.termPresence(["chunks", "malloc"]);
    expect(chunks).toMatchObject({ phrase: "chunks", lexemes: ["chunk"] });
    expect(chunks!.minDf).toBeGreaterThan(0);
    expect(malloc).toMatchObject({ phrase: "malloc", minDf: 0 });
    expect(asked.mock.calls.map(([, phrases]) => phrases)).toEqual([["resumable", "chunks"], ["malloc"]]);

    await anotherProcess(store).writeDocuments([doc("alloc.md", [section("malloc returns a pointer.")])]);
    expect((await runLookups(store, "default", "run-2").termPresence(["malloc"]))[0]!.minDf).toBe(1);
  });

  it("without a run id asks the store every time", async () => {
    const lookups = runLookups(store, "default");
    expect(await lookups.indexedSources()).toEqual(["docs"]);
    await anotherProcess(store).writeDocuments([doc("client.md", [section("createClient takes a url.")], { source: "api_reference" })]);
    expect(await lookups.indexedSources()).toEqual(["api_reference", "docs"]);
  });

  it("keeps runs of different tenants apart", async () => {
    await store.writeDocuments([doc("acme.md", [section("Acme's own guide.")], { tenant: "acme", source: "examples" })]);
    expect(await runLookups(store, "default", "run-1").indexedSources()).toEqual(["docs"]);
    expect(await runLookups(store, "acme", "run-1").indexedSources()).toEqual(["examples"]);
  });

  it("remembers a keyed lookup for the run only", async () => {
    const search = () => store.hybridCandidates("chunks", null, { filters: { sources: ["docs"] } });
    const asked = vi.spyOn(store, "hybridCandidates");
    const run = runLookups(store, "default", "run-1");
    const first = await run.remember("chunks", search);
    expect(first).toHaveLength(1);
    expect(await run.remember("chunks", search)).toBe(first);
    expect(asked).toHaveBeenCalledTimes(1);

    await anotherProcess(store).writeDocuments([doc("more.md", [section("More chunks, uploaded in parallel.")])]);
    expect(await runLookups(store, "default", "run-2").remember("chunks", search)).toHaveLength(2);
    expect(asked).toHaveBeenCalledTimes(2);
  });

  it("forgets a failed lookup, so the next caller asks again", async () => {
    vi.spyOn(store, "tenantGeneration").mockRejectedValueOnce(new Error("connection reset"));
    const run = runLookups(store, "default", "run-1");
    await expect(run.generation()).rejects.toThrow("connection reset");
    expect(await run.generation()).toMatch(/^\d+$/);
  });
});

describe("a graph run's lookups", () => {
  let embeddings: EmbeddingProvider;
  beforeAll(async () => {
    embeddings = await createEmbeddings("local/use-lite", { workers: 0 });
  });
  afterAll(async () => {
    await embeddings?.close();
  });

  it("see an ingest another process made between two questions", async () => {
    const graph = createGraph({ store, embeddings });
    const question = "What arguments does createClient take?";
    const first = await graph.invoke({ question });
    expect(first.route?.sources).toEqual(["docs"]);
    expect(first.route?.reason).toContain("not searched (no documents): api_reference");

    await anotherProcess(store).writeDocuments([
      doc("client.md", [section("createClient(url, key) takes the project url and an api key.")], { source: "api_reference" }),
    ]);
    const second = await graph.invoke({ question });
    expect(second.route?.sources).toContain("api_reference");
    expect(second.citations.map((c) => c.uri)).toContain("client.md");
  });
});
