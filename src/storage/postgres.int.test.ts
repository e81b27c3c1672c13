import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servePGlite } from "../../test/helpers/pglite-wire.js";
import { doc, section } from "../../test/helpers/store.js";
import { fakeRemoteEmbeddings } from "../../test/helpers/fake-models.js";
import { FAKE_MODEL, isGlobex, writeTenantFixture } from "../../test/helpers/tenants.js";
import { reindex } from "../ingestion/reindex.js";
import { openPostgresStore } from "./postgres.js";
import type { SqlStore } from "./store.js";

// A real wire-protocol round trip: PGlite served by pglite-socket on a free loopback port, and
// the store talking to it through `pg`, exactly as it would to a Postgres server.
let db: PGlite;
let wire: { url: string; stop(): Promise<void> };
let store: SqlStore;

beforeAll(async () => {
  db = await PGlite.create({ extensions: { vector } });
  wire = await servePGlite(db);
  store = await openPostgresStore({ connectionString: wire.url, maxConnections: 2 });
  await writeTenantFixture(store);
});

afterAll(async () => {
  await store?.close();
  await wire?.stop();
  await db?.close();
});

describe("postgres store over the wire", () => {
  it("applies the same migrations as the embedded store, once", async () => {
    const { rows } = await store.client.query<{ name: string }>("select name from sw_migrations order by name");
    expect(rows.map((r) => r.name)).toContain("20261122010100_row_level_security.sql");
    expect(await store.migrate()).toEqual([]);
  });

  it("ranks with the SQL functions and keeps tenants apart", async () => {
    const hits = await store.matchHybrid("trapezoid gradient", [1, 0, 0], { filters: { tenant: "acme" } });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]!.content).toContain("makeTrapezoid");
    expect(hits.filter(isGlobex)).toEqual([]);
    const bm25 = await store.matchBm25("trapezoid", { filters: { tenant: "globex" } });
    expect(bm25.length).toBe(4);
    expect(bm25.every(isGlobex)).toBe(true);
    const vec = await store.matchVector([0, 1, 0], { filters: { tenant: "acme", topics: ["billing"] } });
    expect(vec.map((h) => h.uri)).toEqual(["billing.md"]);
  });

  it("rolls a failed write batch back on its one connection", async () => {
    const before = await store.stats("acme");
    const bad = doc("bad.md", [section("fine text", { embedding: [1, 2] })], { tenant: "acme" });
    await expect(
      store.writeDocuments([doc("ok.md", [section("ok text", { embedding: [0, 0, 1] })], { tenant: "acme" }), bad]),
    ).rejects.toThrow();
    expect(await store.stats("acme")).toEqual(before);
  });

  it("reads numbers and arrays the way the embedded store does", async () => {
    const stats = await store.stats("acme");
    expect(stats).toMatchObject({ documents: 2, sections: 3, chunks: 2, searchable: 4, embedding: { model: FAKE_MODEL.id, dimension: 3 } });
    const [first] = await store.listDocuments({ tenant: "acme" });
    const rows = await store.getDocumentChunks("acme", first!.id);
    expect(rows[0]!.sectionPath).toEqual([]);
    expect(typeof rows[0]!.chunkIndex).toBe("number");
    expect(await store.tenantGeneration("acme")).toMatch(/^[1-9]\d*$/);
  });

  it("re-embeds the index with another dimension over the wire, in batches, and records it", async () => {
    const before = await store.stats("acme");
    const { provider } = fakeRemoteEmbeddings("fake/words-16", { dimension: 16 });
    const summary = await reindex({ store, embeddings: provider, batchSize: 3 });
    expect(summary).toMatchObject({ status: "done", rows: 8, total: 8, after: { model: "fake/words-16", dimension: 16 } });
    expect(await store.stats("acme")).toEqual({ ...before, embedding: { model: "fake/words-16", dimension: 16 } });
    const { rows } = await store.client.query<{ name: string }>("select name from sw_migrations where name like 'runtime:%'");
    expect(rows.map((r) => r.name)).toEqual(["runtime:embedding_dimension:16"]);
    const hits = await store.matchVector(await provider.embedQuery("billing plans and invoices"), {
      limit: 1,
      filters: { tenant: "acme" },
    });
    expect(hits.map((h) => h.uri)).toEqual(["billing.md"]);
  });
});
