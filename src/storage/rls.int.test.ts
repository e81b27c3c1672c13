import type { PGlite, Transaction } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { doc, memoryStore, section } from "../../test/helpers/store.js";
import { isGlobex, writeTenantFixture } from "../../test/helpers/tenants.js";
import type { SqlStore } from "./store.js";

// Row-level security, for real in PGlite: the migration created the `authenticated` role and an
// auth.jwt() reading request.jwt.claims, as Supabase has them. Each query below runs the way
// PostgREST runs a user's request: `set local role authenticated` plus the JWT's claims.
let store: SqlStore;
let db: PGlite;

beforeAll(async () => {
  store = await memoryStore();
  db = (store.client as unknown as { db: PGlite }).db;
  await writeTenantFixture(store);
});
afterAll(async () => {
  await store?.close();
});

const claimsFor = (tenant: string | null, extra: Record<string, unknown> = {}) => ({
  role: "authenticated",
  sub: "user-1",
  ...(tenant ? { app_metadata: { tenant_id: tenant } } : {}),
  ...extra,
});

/** Runs `fn` as an end user with these JWT claims, then rolls back. */
function asUser<T>(claims: unknown, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(claims)]);
    await tx.exec("set local role authenticated");
    const out = await fn(tx);
    await tx.rollback();
    return out;
  });
}

const count = async (tx: Transaction, table: string) =>
  (await tx.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

describe("row-level security", () => {
  it("is enabled on every table of the schema", async () => {
    const { rows } = await store.client.query<{ relname: string }>(
      `select relname from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and not relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  it("shows a user only the rows of the tenant in their JWT", async () => {
    const seen = await asUser(claimsFor("acme"), async (tx) => ({
      documents: await count(tx, "documents"),
      chunks: (await tx.query<{ content: string; tenant_id: string }>("select content, tenant_id from chunks")).rows,
      terms: (await tx.query<{ tenant_id: string }>("select distinct tenant_id from bm25_terms")).rows,
      corpus: (await tx.query<{ tenant_id: string }>("select tenant_id from bm25_corpus")).rows,
    }));
    expect(seen.documents).toBe(2);
    expect(seen.chunks.length).toBe(5);
    expect(seen.chunks.filter(isGlobex)).toEqual([]);
    expect(seen.terms).toEqual([{ tenant_id: "acme" }]);
    expect(seen.corpus).toEqual([{ tenant_id: "acme" }]);
  });

  it("returns nothing to a forged p_tenant in every SQL function", async () => {
    const [globexDoc] = await store.listDocuments({ tenant: "globex" });
    const rows = await asUser(claimsFor("acme"), async (tx) => [
      ...(await tx.query("select * from sw_match_bm25('trapezoid', 50, 'globex')")).rows,
      ...(await tx.query("select * from sw_match_vector('[1,0,0]', 50, 'globex')")).rows,
      ...(await tx.query("select * from sw_match_hybrid('trapezoid', '[1,0,0]', 50, 'globex')")).rows,
      ...(await tx.query("select * from sw_get_chunks('globex', null, $1)", [globexDoc!.id])).rows,
      ...(await tx.query("select * from sw_get_tenant_config('globex')")).rows,
      ...(await tx.query("select * from sw_list_documents('globex', null)")).rows,
      ...(await tx.query("select * from sw_list_documents('globex', 'docs')")).rows,
    ]);
    expect(rows).toEqual([]);
    const stats = await asUser(claimsFor("acme"), async (tx) => (await tx.query("select * from sw_stats('globex')")).rows);
    expect(stats).toEqual([{ documents: 0, sections: 0, chunks: 0, searchable: 0, terms: 0, by_source: [], awaiting_embeddings: 0 }]);
  });

  it("lets sw_stats and sw_list_documents count the JWT's own tenant as the owner does", async () => {
    const owned = (await store.client.query("select * from sw_stats('acme')")).rows;
    const seen = await asUser(claimsFor("acme"), async (tx) => ({
      stats: (await tx.query("select * from sw_stats('acme')")).rows,
      documents: (await tx.query<{ uri: string }>("select uri from sw_list_documents('acme', null)")).rows,
    }));
    expect(seen.stats).toEqual(owned);
    expect(seen.stats[0]).toMatchObject({
      documents: 2,
      sections: 3,
      chunks: 2,
      searchable: 4,
      by_source: [{ source: "docs", documents: 2, chunks: 5 }],
    });
    expect(seen.documents.map((d) => d.uri)).toEqual(["billing.md", "guide.md"]);
  });

  it("ignores a tenant claim outside app_metadata, and gives no rows without a claim", async () => {
    // user_metadata is writable by the user, so a tenant there must not count.
    const forged = claimsFor(null, { tenant_id: "globex", user_metadata: { tenant_id: "globex" } });
    expect(await asUser(forged, (tx) => count(tx, "chunks"))).toBe(0);
    expect(await asUser(claimsFor(null), (tx) => count(tx, "documents"))).toBe(0);
  });

  it("hides the embedding cache and migrations, and refuses every write", async () => {
    await store.embeddingCache().put("m", [{ hash: "h", embedding: [1, 2, 3] }]);
    expect(await asUser(claimsFor("acme"), (tx) => count(tx, "embedding_cache"))).toBe(0);
    await expect(asUser(claimsFor("acme"), (tx) => count(tx, "sw_migrations"))).rejects.toThrow(/permission denied/);
    for (const sql of [
      "delete from chunks",
      "truncate chunks cascade",
      "update documents set title = 'x'",
      "insert into sw_tenant_config (tenant_id, chat_model) values ('acme', 'openai/x')",
      "insert into documents (tenant_id, source, uri, content_hash) values ('acme', 'docs', 'x', 'h')",
    ]) {
      await expect(
        asUser(claimsFor("acme"), (tx) => tx.query(sql)),
        sql,
      ).rejects.toThrow(/permission denied/);
    }
  });

  it("does not apply to the table owner, which the embedded store connects as", async () => {
    expect((await store.matchBm25("trapezoid", { filters: { tenant: "globex" } })).length).toBe(4);
  });

  it("shows a user only their tenant's mined abbreviations, through the table and sw_list_abbreviations", async () => {
    const written = await store.writeDocuments(
      (["acme", "globex"] as const).map((tenant) =>
        doc("glossary.md", [section(`Gradient echo (GRE) ${tenant}`, { embedding: [1, 0, 0] })], {
          tenant,
          metadata: { abbreviations: [[tenant === "acme" ? "GRE" : "GLX", "gradient echo"]] },
        }),
      ),
    );
    const seen = await asUser(claimsFor("acme"), async (tx) => ({
      table: (await tx.query<{ abbr: string }>("select abbr from sw_abbreviations")).rows.map((r) => r.abbr),
      own: (await tx.query<{ abbr: string }>("select abbr from sw_list_abbreviations('acme')")).rows.map((r) => r.abbr),
      forged: (await tx.query("select * from sw_list_abbreviations('globex')")).rows,
    }));
    expect(seen).toEqual({ table: ["GRE"], own: ["GRE"], forged: [] });
    expect((await store.abbreviations("globex")).map((a) => a.abbr)).toEqual(["GLX"]);
    await store.deleteDocuments("acme", [written[0]!.id]);
    await store.deleteDocuments("globex", [written[1]!.id]);
    expect(await store.abbreviations("acme")).toEqual([]);
  });
});
