import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingest } from "../src/ingestion/ingest.js";
import type { EmbeddingProvider } from "../src/models/embeddings/types.js";
import { buildRunContext } from "../src/context/build-context.js";
import type { RunContext } from "../src/context/run-context.js";
import { expand } from "../src/nodes/expand.js";
import { retrieve } from "../src/nodes/retrieve.js";
import { ResultCache } from "../src/retrieval/cache.js";
import { SourceProfileSchema } from "../src/sources/profile.js";
import type { Candidate, RankedChunk } from "../src/state/types.js";
import type { SqlStore } from "../src/storage/store.js";
import { openSupabaseStore } from "../src/storage/supabase.js";
import type { ChunkHit } from "../src/storage/types.js";
import { signJwt, startPostgrestStandIn, type PostgrestStandIn } from "./helpers/postgrest-stand-in.js";
import { planFor, stateWith } from "./helpers/retrieval.js";
import { memoryStore } from "./helpers/store.js";
import { FAKE_MODEL, isGlobex, writeTenantFixture } from "./helpers/tenants.js";

// Adversarial tenancy: acme tries every door into globex's rows. Each test asserts that not one
// globex row (marked GLOBEX in its text) comes back. Real PGlite throughout.
const fakeEmbeddings: EmbeddingProvider = {
  ...FAKE_MODEL,
  maxChars: 10_000,
  embedDocuments: async (texts) => texts.map(() => [1, 0, 0]),
  embedQuery: async () => [1, 0, 0],
  close: async () => {},
};

let store: SqlStore;
let ctx: RunContext;
let rest: PostgrestStandIn;
let globexDocs: { id: string; uri: string }[];
let globexChunks: ChunkHit[];

const allCandidates = (u: { candidates: Record<string, Candidate[]> }) => Object.values(u.candidates).flat();
const ask = (tenant: string, question = "trapezoid gradient", extra: { topic?: string } = {}, context = ctx) =>
  retrieve({ question, source: "docs", attempt: 0, plan: planFor(question), ...extra }, { context: { ...context, tenant } });

beforeAll(async () => {
  store = await memoryStore();
  await writeTenantFixture(store);
  ctx = buildRunContext({
    store,
    embeddings: fakeEmbeddings,
    profiles: [SourceProfileSchema.parse({ name: "docs", summary: "docs" })],
    resultCache: new ResultCache(),
  });
  globexDocs = await store.listDocuments({ tenant: "globex" });
  globexChunks = (await Promise.all(globexDocs.map((d) => store.getDocumentChunks("globex", d.id)))).flat();
  rest = await startPostgrestStandIn((store.client as unknown as { db: PGlite }).db);
});
afterAll(async () => {
  await rest?.stop();
  await store?.close();
});

describe("tenant isolation", () => {
  it("the fixture really holds globex rows that look like acme's", async () => {
    expect(globexChunks.length).toBe(5);
    expect(globexChunks.every(isGlobex)).toBe(true);
    expect(allCandidates(await ask("globex")).every(isGlobex)).toBe(true);
  });

  it("guessed document and chunk ids of another tenant return nothing", async () => {
    const rows = [
      ...(await Promise.all(globexDocs.map((d) => store.getDocumentChunks("acme", d.id)))).flat(),
      ...(await store.getChunks(
        "acme",
        globexChunks.map((c) => c.id),
      )),
      ...(await store.matchHybrid("trapezoid", [1, 0, 0], { filters: { tenant: "acme", documentIds: globexDocs.map((d) => d.id) } })),
      ...(await store.matchBm25("GLOBEX", { filters: { tenant: "acme" } })),
    ];
    expect(rows).toEqual([]);
  });

  it("expansion of a foreign parent (a globex seed in an acme run) yields no globex text", async () => {
    const child = globexChunks.find((c) => c.kind === "chunk")!;
    const seed: RankedChunk = { ...child, score: 0.9, attempt: 0, scope: "global", source_rank: 1, rerank_score: 0.9, relevance: 0.9 };
    const forged = { ...seed, id: child.parentId!, kind: "section" as const, parentId: null };
    const update = await expand(stateWith({ question: "q", ranked: [seed, forged], plan: planFor("q", { return_full_documents: true }) }), {
      context: { ...ctx, tenant: "acme" },
    });
    expect(JSON.stringify(update.context ?? [])).not.toContain("GLOBEX");
  });

  it("retrieval with a topic filter stays inside the tenant", async () => {
    const local = allCandidates(await ask("acme", "trapezoid billing plans", { topic: "billing" }));
    expect(local.length).toBeGreaterThan(0);
    expect(local.filter(isGlobex)).toEqual([]);
    const billing = await store.matchHybrid("billing", null, { filters: { tenant: "acme", topics: ["billing"] } });
    expect(billing.map((h) => h.uri)).toEqual(["billing.md"]);
    expect(billing.filter(isGlobex)).toEqual([]);
  });

  it("cached results are keyed by tenant: the same question never crosses over", async () => {
    for (let round = 0; round < 2; round++) {
      expect(allCandidates(await ask("acme")).filter(isGlobex)).toEqual([]);
      expect(allCandidates(await ask("globex")).every(isGlobex)).toBe(true);
      // Crafted tenant names that would collide under naive `${tenant}:${source}` keys.
      expect(allCandidates(await ask("acme:docs"))).toEqual([]);
    }
  });

  it("an ingest by one tenant invalidates its cached results and no one else's", async () => {
    const before = { acme: await store.tenantGeneration("acme"), globex: await store.tenantGeneration("globex") };
    expect(allCandidates(await ask("acme", "trapezoid")).map((c) => c.uri)).not.toContain(expect.stringContaining("fresh.md"));
    const dir = await mkdtemp(join(tmpdir(), "sw-tenant-"));
    try {
      await writeFile(join(dir, "fresh.md"), "# Fresh\n\nA brand new trapezoid trapezoid trapezoid note.\n");
      await ingest({ store, embeddings: fakeEmbeddings, paths: [dir], source: "docs", tenant: "acme" });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(await store.tenantGeneration("acme")).not.toBe(before.acme);
    expect(await store.tenantGeneration("globex")).toBe(before.globex);
    const after = allCandidates(await ask("acme", "trapezoid"));
    expect(after.some((c) => c.uri.endsWith("fresh.md"))).toBe(true);
    expect(allCandidates(await ask("globex", "trapezoid")).every(isGlobex)).toBe(true);
  });

  it("over Supabase RPC, a user of acme asking as globex gets nothing, and forged tokens fail", async () => {
    const anonKey = await signJwt({ role: "anon" });
    const acmeJwt = await signJwt({ role: "authenticated", app_metadata: { tenant_id: "acme" } });
    const acme = openSupabaseStore({ url: rest.url, anonKey, accessToken: acmeJwt });
    const viaRpc: RunContext = { ...ctx, store: acme, resultCache: new ResultCache() };
    try {
      expect(allCandidates(await ask("globex", "trapezoid gradient", {}, viaRpc))).toEqual([]);
      expect(allCandidates(await ask("acme", "trapezoid gradient", {}, viaRpc)).filter(isGlobex)).toEqual([]);
      // The document list and the stats of a forged tenant are empty; the user's own are whole.
      expect(await acme.listDocuments({ tenant: "globex" })).toEqual([]);
      expect(await acme.stats("globex")).toMatchObject({ documents: 0, sections: 0, chunks: 0, searchable: 0, terms: 0, bySource: [] });
      expect(await acme.listDocuments({ tenant: "acme" })).toEqual(await store.listDocuments({ tenant: "acme" }));
      expect(await acme.stats("acme")).toEqual(await store.stats("acme"));
      // A claim the user can write (user_metadata), or a top-level one, is not the tenant claim.
      const selfMade = await signJwt({ role: "authenticated", tenant_id: "globex", user_metadata: { tenant_id: "globex" } });
      const forged = openSupabaseStore({ url: rest.url, anonKey, accessToken: selfMade });
      expect(await forged.matchBm25("trapezoid", { filters: { tenant: "globex" } })).toEqual([]);
      expect(await forged.listDocuments({ tenant: "globex" })).toEqual([]);
      expect((await forged.stats("globex")).documents).toBe(0);
      await forged.close();
      // A token signed with another secret is refused before any SQL runs.
      const [h, p] = acmeJwt.split(".");
      const body = Buffer.from(JSON.stringify({ role: "authenticated", app_metadata: { tenant_id: "globex" } })).toString("base64url");
      const tampered = openSupabaseStore({ url: rest.url, anonKey, accessToken: `${h}.${body}.${acmeJwt.split(".")[2]}` });
      expect(p).not.toBe(body);
      await expect(tampered.matchBm25("trapezoid", { filters: { tenant: "globex" } })).rejects.toMatchObject({
        code: "supabase_rpc_failed",
      });
      await tampered.close();
    } finally {
      await acme.close();
    }
  });
});
