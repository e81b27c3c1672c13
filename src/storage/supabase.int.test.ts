import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signJwt, startPostgrestStandIn, type PostgrestStandIn } from "../../test/helpers/postgrest-stand-in.js";
import { doc, memoryStore, section } from "../../test/helpers/store.js";
import { isGlobex, writeTenantFixture } from "../../test/helpers/tenants.js";
import type { SqlStore } from "./store.js";
import { openSupabaseStore, type SupabaseStore } from "./supabase.js";

// supabase-js against a loopback HTTP endpoint that STANDS IN FOR PostgREST: it verifies the
// JWT, sets the role and request.jwt.claims, and calls the same SQL functions on a real PGlite
// (test/helpers/postgrest-stand-in.ts). What is tested is the client's RPC mapping plus RLS.
let owner: SqlStore;
let rest: PostgrestStandIn;
let acme: SupabaseStore;
let anonKey: string;

beforeAll(async () => {
  owner = await memoryStore();
  await writeTenantFixture(owner);
  await owner.setTenantConfig({ tenant: "acme", chatModel: "openai/gpt-4o-mini", gate: { strongHit: 0.7 }, answerStyle: "terse" });
  await owner.setTenantConfig({ tenant: "globex", reranker: "cohere/rerank-v3.5" });
  rest = await startPostgrestStandIn((owner.client as unknown as { db: PGlite }).db);
  anonKey = await signJwt({ role: "anon" });
  const userJwt = await signJwt({ role: "authenticated", sub: "u1", app_metadata: { tenant_id: "acme" } });
  acme = openSupabaseStore({ url: rest.url, anonKey, accessToken: userJwt });
});
afterAll(async () => {
  await acme?.close();
  await rest?.stop();
  await owner?.close();
});

describe("supabase store", () => {
  it("retrieves through RPCs with the user's JWT, ranking as the SQL store does", async () => {
    const opts = { limit: 5, filters: { tenant: "acme" }, fusion: { exactTerms: ["makeTrapezoid"], exactWeight: 0.2 } };
    const viaRpc = await acme.matchHybrid("trapezoid gradient", [1, 0, 0], opts);
    const direct = await owner.matchHybrid("trapezoid gradient", [1, 0, 0], opts);
    expect(viaRpc.map((h) => [h.id, h.score])).toEqual(direct.map((h) => [h.id, h.score]));
    expect(viaRpc[0]).toEqual(direct[0]);
    expect((await acme.matchBm25("trapezoid", { filters: { tenant: "acme", topics: ["billing"] } })).map((h) => h.uri)).toEqual([
      "billing.md",
    ]);
    expect((await acme.matchVector([0, 1, 0], { limit: 1, filters: { tenant: "acme" } }))[0]!.uri).toBe("billing.md");
    expect(rest.calls.filter((c) => c.fn.startsWith("sw_match_")).every((c) => c.role === "authenticated")).toBe(true);
  });

  it("expands parents and documents through RPC, within the tenant", async () => {
    const child = (await acme.matchBm25("makeTrapezoid", { filters: { tenant: "acme" } }))[0]!;
    const [parent] = await acme.getChunks("acme", [child.parentId!]);
    expect(parent!.content).toContain("Parent: trapezoid gradients");
    expect((await acme.getDocumentChunks("acme", child.documentId)).map((c) => c.chunkIndex)).toEqual([0, 1, 2, 3]);
  });

  it("returns no rows for another tenant, even when p_tenant is forged", async () => {
    const [globexDoc] = await owner.listDocuments({ tenant: "globex" });
    const globexChunks = await owner.getDocumentChunks("globex", globexDoc!.id);
    const forged = { tenant: "globex" };
    const rows = [
      ...(await acme.matchHybrid("trapezoid", [1, 0, 0], { filters: forged })),
      ...(await acme.matchBm25("GLOBEX", { filters: forged })),
      ...(await acme.matchVector([1, 0, 0], { filters: forged })),
      ...(await acme.getChunks(
        "globex",
        globexChunks.map((c) => c.id),
      )),
      ...(await acme.getChunks(
        "acme",
        globexChunks.map((c) => c.id),
      )),
      ...(await acme.getDocumentChunks("globex", globexDoc!.id)),
    ];
    expect(rows.filter(isGlobex)).toEqual([]);
    expect(rows).toEqual([]);
    expect(await acme.tenantConfig("globex")).toBeNull();
  });

  it("reads the tenant's config, generation and index model", async () => {
    expect(await acme.tenantConfig("acme")).toMatchObject({
      chatModel: "openai/gpt-4o-mini",
      gate: { strongHit: 0.7 },
      answerStyle: "terse",
    });
    expect(await acme.tenantGeneration("acme")).toBe(await owner.tenantGeneration("acme"));
    expect(await acme.indexedEmbedding()).toEqual(await owner.indexedEmbedding());
  });

  it("lists documents and counts stats of the JWT's tenant with no server connection", async () => {
    const stats = await acme.stats("acme");
    expect(stats).toEqual(await owner.stats("acme"));
    expect(stats).toMatchObject({
      documents: 2,
      sections: 3,
      chunks: 2,
      searchable: 4,
      bySource: [{ source: "docs", documents: 2, chunks: 5 }],
      embedding: { model: "test/fake-3d", dimension: 3 },
    });
    expect(stats.terms).toBeGreaterThan(0);
    const docs = await acme.listDocuments({ tenant: "acme" });
    expect(docs).toEqual(await owner.listDocuments({ tenant: "acme" }));
    expect(docs.map((d) => [d.tenant, d.uri])).toEqual([
      ["acme", "billing.md"],
      ["acme", "guide.md"],
    ]);
    expect(await acme.listDocuments({ tenant: "acme", source: "docs" })).toEqual(docs);
    expect(await acme.listDocuments({ tenant: "acme", source: "other" })).toEqual([]);
    expect(await acme.indexedSources("acme")).toEqual(await owner.indexedSources("acme"));
    expect(await acme.indexedSources("acme")).toEqual(["docs"]);
    expect(rest.calls.filter((c) => c.fn === "sw_stats" || c.fn === "sw_list_documents").every((c) => c.role === "authenticated")).toBe(
      true,
    );
  });

  it("lists and counts nothing of another tenant, even when p_tenant is forged", async () => {
    expect((await owner.stats("globex")).documents).toBe(2);
    expect(await acme.stats("globex")).toEqual({
      documents: 0,
      sections: 0,
      chunks: 0,
      searchable: 0,
      bySource: [],
      terms: 0,
      awaitingEmbeddings: 0,
      embedding: await owner.indexedEmbedding(),
    });
    expect(await acme.listDocuments({ tenant: "globex" })).toEqual([]);
    expect(await acme.listDocuments({ tenant: "globex", source: "docs" })).toEqual([]);
    expect(await acme.indexedSources("globex")).toEqual([]);
  });

  it("lists documents over the server connection when given one, as ingestion needs", async () => {
    const userJwt = await signJwt({ role: "authenticated", app_metadata: { tenant_id: "acme" } });
    const withServer = openSupabaseStore({
      url: rest.url,
      anonKey,
      accessToken: userJwt,
      server: { ...owner.client, close: async () => {} },
    });
    try {
      expect(await withServer.listDocuments({ tenant: "globex" })).toEqual(await owner.listDocuments({ tenant: "globex" }));
      expect((await withServer.stats("globex")).documents).toBe(0);
    } finally {
      await withServer.close();
    }
  });

  it("refuses writes without a server connection, and refuses a service-role key", async () => {
    await expect(acme.writeDocuments([doc("x.md", [section("x")], { tenant: "acme" })])).rejects.toThrow(/only reads/);
    const serviceKey = await signJwt({ role: "service_role" });
    expect(() => openSupabaseStore({ url: rest.url, anonKey: serviceKey, accessToken: serviceKey })).toThrow(/service-role/);
  });

  it("fails with a typed error when the JWT is not valid", async () => {
    const bad = openSupabaseStore({ url: rest.url, anonKey, accessToken: `${await signJwt({ role: "authenticated" })}x` });
    await expect(bad.matchBm25("trapezoid", { filters: { tenant: "acme" } })).rejects.toMatchObject({ code: "supabase_rpc_failed" });
    await bad.close();
  });
});
