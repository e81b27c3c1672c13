import { join } from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGraph } from "../src/graph/graph.js";
import { buildRunContext } from "../src/context/build-context.js";
import { createTenantContexts } from "../src/context/tenant-context.js";
import { ingest } from "../src/ingestion/ingest.js";
import { createChatModel } from "../src/models/chat/create-chat-model.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import type { EmbeddingProvider } from "../src/models/embeddings/types.js";
import { startServer, type RunningServer } from "../src/server/server.js";
import { loadProfiles } from "../src/sources/load.js";
import type { SqlStore } from "../src/storage/store.js";
import { ROOT } from "./helpers/demo-corpus.js";
import { RecordingChatModel } from "./helpers/fake-models.js";
import { dataOf, post } from "./helpers/http.js";
import { memoryStore } from "./helpers/store.js";

// One server process, several tenants with different rows of sw_tenant_config: each request runs
// with its own tenant's chat model, answer style and gate thresholds, and a write to a row
// applies on the next request. Real PGlite and the real local embedding model throughout.

const SECRET = "test-secret-0123456789abcdef";
const QUESTION = "Why are broaden retries bounded in the quality gate?";
const ACME_ANSWER = "ACME's model: broaden retries are capped so a run always ends [1].";
const TENANTS = ["acme", "globex", "initech", "hooli"];

type Citation = { n: number; uri: string; snippet: string };

let store: SqlStore;
let embeddings: EmbeddingProvider;
let server: RunningServer;
const built: string[] = [];

const auth = async (tenant: string) => ({
  authorization: `Bearer ${await new SignJWT({ tenant_id: tenant }).setProtectedHeader({ alg: "HS256" }).setExpirationTime("5m").sign(new TextEncoder().encode(SECRET))}`,
});

async function ask(tenant: string, message = QUESTION) {
  const res = await post(`${server.url}/v1/chat`, { message }, await auth(tenant));
  return { ...res, final: dataOf(res.events, "final") as { answer: string; verdict: string; strategy: string; citations: Citation[] } };
}

beforeAll(async () => {
  store = await memoryStore();
  embeddings = await createEmbeddings("local/use-lite", { workers: 1 });
  // Every tenant holds the same guides (the embedding cache embeds them once), so only the config differs.
  for (const tenant of TENANTS) await ingest({ store, embeddings, paths: [join(ROOT, "docs/guides")], source: "docs", tenant });
  await store.setTenantConfig({ tenant: "acme", chatModel: "fake/acme-llm" });
  await store.setTenantConfig({ tenant: "globex", answerStyle: "bullets" });
  await store.setTenantConfig({ tenant: "initech", gate: { strongHit: 0.999, minTop3Avg: 0.999, maxRetries: 0 } });
  server = await startServer({
    context: { store, embeddings, profiles: loadProfiles() },
    port: 0,
    jwtSecret: SECRET,
    // Only the fake provider is faked; any other spec goes through the real factory (and its errors).
    tenantModels: {
      createChat: async (spec) => {
        built.push(spec);
        return spec === "fake/acme-llm" ? new RecordingChatModel([ACME_ANSWER]) : createChatModel(spec);
      },
    },
  });
}, 300_000);

afterAll(async () => {
  await server?.close();
  await embeddings?.close();
  await store?.close();
});

describe("per-tenant configuration in one server process", () => {
  it("runs each request with its tenant's chat model, answer style and gate thresholds", async () => {
    const [acme, globex, initech, hooli] = await Promise.all(TENANTS.map((t) => ask(t)));
    // hooli has no row: the defaults (offline extractive answer in prose, default thresholds).
    expect(hooli!.final).toMatchObject({ verdict: "strong", strategy: "extractive/strong" });
    expect(hooli!.final.answer).not.toMatch(/^- /m);
    expect(hooli!.final.citations.length).toBeGreaterThan(0);
    // acme's row names a chat model: its answer comes from that model, with its citation kept.
    expect(acme!.final).toMatchObject({ answer: ACME_ANSWER, strategy: "llm/strong" });
    expect(acme!.final.citations.map((c) => c.n)).toEqual([1]);
    // globex's answer style: the same quotes as hooli's, one cited quote per line.
    expect(globex!.final.strategy).toBe("extractive/strong");
    const lines = globex!.final.answer.split("\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).toMatch(/^- .+ \[\d+\][.!?]?$/);
    // Scores may differ in the last float bit between runs; what is cited must not.
    const cited = (f: { citations: Citation[] }) => f.citations.map(({ n, uri, snippet }) => ({ n, uri, snippet }));
    expect(cited(globex!.final)).toEqual(cited(hooli!.final));
    // initech's thresholds are out of reach: the same evidence is only weak.
    expect(initech!.final).toMatchObject({ verdict: "weak", strategy: "extractive/weak" });
  }, 120_000);

  it("applies a config write on the next request, without a restart, and builds a model once per row", async () => {
    const before = built.length;
    await ask("acme");
    expect(built.length).toBe(before);
    await store.setTenantConfig({ tenant: "globex", answerStyle: "concise" });
    await store.setTenantConfig({ tenant: "acme", chatModel: "local/extractive", answerStyle: "bullets" });
    await store.setTenantConfig({ tenant: "initech" });
    const [acme, globex, initech, hooli] = await Promise.all(TENANTS.map((t) => ask(t)));
    const count = (text: string) => (text.match(/\[\d+\]/g) ?? []).length;
    expect(globex!.final.answer).not.toMatch(/^- /m);
    expect(count(globex!.final.answer)).toBeLessThan(count(hooli!.final.answer));
    expect(acme!.final.strategy).toBe("extractive/strong");
    expect(acme!.final.answer.split("\n").every((l) => l.startsWith("- "))).toBe(true);
    expect(initech!.final.verdict).toBe("strong");
  }, 120_000);

  it("answers a bad row with a JSON error naming the tenant and the column, and keeps serving others", async () => {
    await store.setTenantConfig({ tenant: "umbrella", chatModel: "nowhere/model" });
    const bad = await post(`${server.url}/v1/chat`, { message: QUESTION }, await auth("umbrella"));
    expect(bad.status).toBe(500);
    expect(bad.json).toMatchObject({
      tenant: "umbrella",
      field: "sw_tenant_config.chat_model",
      error: expect.stringMatching(/^Tenant "umbrella": .*Unknown chat model provider "nowhere\/model"/),
    });
    await store.setTenantConfig({ tenant: "umbrella", answerStyle: "poetic" });
    const style = await post(`${server.url}/v1/chat`, { message: QUESTION }, await auth("umbrella"));
    expect(style).toMatchObject({ status: 500, json: { tenant: "umbrella", field: "sw_tenant_config.answer_style" } });
    expect((await ask("hooli")).final.citations.length).toBeGreaterThan(0);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // Fixing the row fixes the tenant, still without a restart.
    await store.setTenantConfig({ tenant: "umbrella", answerStyle: "bullets" });
    const fixed = await ask("umbrella");
    expect(fixed.status).toBe(200);
    // umbrella owns no documents: an answer without citations, not an error.
    expect(fixed.final.citations).toEqual([]);
  }, 120_000);
});

describe("per-tenant configuration in the Studio graph", () => {
  it("gives every node the context of the input's tenant", async () => {
    // As the exported `graph` does over openDefaultContext: the context source gets state.tenant.
    const contexts = createTenantContexts(buildRunContext({ store, embeddings, profiles: loadProfiles() }));
    const asked: (string | undefined)[] = [];
    const graph = buildGraph(async (tenant) => (asked.push(tenant), contexts(tenant ?? "hooli"))).compile();
    await store.setTenantConfig({ tenant: "globex", answerStyle: "bullets" });
    const globex = await graph.invoke({ question: QUESTION, tenant: "globex" });
    expect(globex.answer.split("\n").every((l: string) => l.startsWith("- "))).toBe(true);
    expect(new Set(asked)).toEqual(new Set(["globex"]));
    const hooli = await graph.invoke({ question: QUESTION, tenant: "hooli" });
    expect(hooli.answer).not.toMatch(/^- /m);
  }, 120_000);
});

describe("tenant configuration is read once per question", () => {
  /** Counts reads of sw_tenant_config through the store while `run` runs. */
  async function countReads(run: () => Promise<unknown>): Promise<number> {
    const original = store.tenantConfig.bind(store);
    let reads = 0;
    store.tenantConfig = (tenant: string) => ((reads += 1), original(tenant));
    try {
      await run();
    } finally {
      store.tenantConfig = original;
    }
    return reads;
  }

  it("in the Studio graph, whose runs carry a runtime-context object (as the Agent Server gives each run)", async () => {
    const graph = buildGraph(async (tenant) =>
      createTenantContexts(buildRunContext({ store, embeddings, profiles: loadProfiles() }))(tenant ?? "hooli"),
    ).compile();
    const nodes: string[] = [];
    const reads = await countReads(async () => {
      for await (const update of await graph.stream({ question: QUESTION, tenant: "globex" }, { context: {}, streamMode: "updates" }))
        nodes.push(...Object.keys(update));
    });
    expect(nodes.length).toBeGreaterThanOrEqual(8);
    expect(reads).toBe(1);
    // The tenant can come from the runtime context too (Studio's context form).
    const viaContext = await countReads(() => graph.invoke({ question: QUESTION }, { context: { tenant: "globex" } }));
    expect(viaContext).toBe(1);
  }, 120_000);

  it("in the chat server, for each request", async () => {
    expect(await countReads(() => ask("globex"))).toBe(1);
    expect(await countReads(() => ask("acme"))).toBe(1);
  }, 120_000);
});
