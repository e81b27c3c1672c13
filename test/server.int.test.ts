import { join } from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingest } from "../src/ingestion/ingest.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import type { EmbeddingProvider } from "../src/models/embeddings/types.js";
import { buildRunContext } from "../src/context/build-context.js";
import type { RunContext } from "../src/context/run-context.js";
import { startServer, type RunningServer } from "../src/server/server.js";
import { loadProfiles } from "../src/sources/load.js";
import type { SqlStore } from "../src/storage/store.js";
import { ROOT } from "./helpers/demo-corpus.js";
import { dataOf, post } from "./helpers/http.js";
import { memoryStore } from "./helpers/store.js";

const SECRET = "test-secret-0123456789abcdef";
let store: SqlStore;
let embeddings: EmbeddingProvider;
let context: RunContext;
let open: RunningServer;
let authed: RunningServer;

const token = (claims: Record<string, unknown>, secret = SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setExpirationTime("5m").sign(new TextEncoder().encode(secret));

beforeAll(async () => {
  store = await memoryStore();
  embeddings = await createEmbeddings("local/use-lite", { workers: 1 });
  await ingest({ store, embeddings, paths: [join(ROOT, "docs/guides")], source: "docs" });
  context = buildRunContext({ store, embeddings, profiles: loadProfiles() });
  open = await startServer({ context, port: 0, ingestRoots: [ROOT] });
  authed = await startServer({ context, port: 0, jwtSecret: SECRET, ingestRoots: [ROOT] });
}, 180_000);

afterAll(async () => {
  await open?.close();
  await authed?.close();
  await embeddings?.close();
  await store?.close();
});

describe("sourcewise serve", () => {
  it("answers GET /healthz", async () => {
    const res = await fetch(`${open.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("streams node progress, answer pieces, then the final citations and verdict", async () => {
    const { status, events } = await post(`${open.url}/v1/chat`, { message: "Why are broaden retries bounded in the quality gate?" });
    expect(status).toBe(200);
    const names = events.map((e) => e.event);
    expect(names[0]).toBe("thread");
    expect(names.at(-1)).toBe("final");
    const nodes = events.filter((e) => e.event === "node").map((e) => (e.data as { node: string }).node);
    expect(nodes.slice(0, 3)).toEqual(["condense", "planner", "router"]);
    expect(nodes).toContain("retrieve");
    const final = dataOf(events, "final");
    expect(final.citations.length).toBeGreaterThan(0);
    expect(["strong", "weak"]).toContain(final.verdict);
    expect(final.thread_id).toBe(dataOf(events, "thread").thread_id);
    // The token events add up to the answer.
    const text = events
      .filter((e) => e.event === "token")
      .map((e) => (e.data as { text: string }).text)
      .join("");
    expect(text).toBe(final.answer);
    expect(names.indexOf("token")).toBeLessThan(names.indexOf("final"));
  });

  it("rewrites a follow-up from the thread", async () => {
    const first = await post(`${open.url}/v1/chat`, { message: "What does makeTrapezoid return?" });
    const thread_id = dataOf(first.events, "final").thread_id as string;
    const second = await post(`${open.url}/v1/chat`, { message: "and its parameters?", thread_id });
    expect(dataOf(second.events, "final").standalone_question).toContain("makeTrapezoid");
    expect(dataOf(second.events, "final").thread_id).toBe(thread_id);
  });

  it.each([
    ["an empty message", { message: "" }, "message"],
    ["a blank message", { message: "   " }, "message"],
    ["an oversized message", { message: "x".repeat(4001) }, "message"],
    ["no message", {}, "message"],
    ["a non-string message", { message: 42 }, "message"],
    ["an unknown source", { message: "hi", sources: ["nope"] }, "sources"],
    ["sources as a string", { message: "hi", sources: "docs" }, "sources"],
    ["a path-like thread id", { message: "hi", thread_id: "../../etc" }, "thread_id"],
    ["an unknown field", { message: "hi", extra: true }, "extra"],
    ["malformed JSON", "{not json", "body"],
    ["a JSON array", "[1,2]", "body"],
  ])("refuses %s with a 400 naming the field", async (_what, body, field) => {
    const res = await post(`${open.url}/v1/chat`, body);
    expect(res.status).toBe(400);
    expect(res.json.field).toBe(field);
    expect(typeof res.json.error).toBe("string");
  });

  it("refuses an oversized body, wrong methods and unknown paths, and keeps serving", async () => {
    const big = await post(`${open.url}/v1/chat`, { message: "x".repeat(300 * 1024) });
    expect(big).toMatchObject({ status: 413, json: { field: "body" } });
    expect((await fetch(`${open.url}/v1/chat`)).status).toBe(405);
    expect((await fetch(`${open.url}/nowhere`)).status).toBe(404);
    expect((await post(`${open.url}/v1/ingest`, { paths: ["/etc"], source: "docs" })).json.field).toBe("paths");
    expect((await post(`${open.url}/v1/ingest`, { paths: ["examples"], source: "nope" })).json.field).toBe("source");
    expect((await fetch(`${open.url}/healthz`)).status).toBe(200);
  });

  it("ingests through POST /v1/ingest into the store, every document accounted for", async () => {
    const res = await post(`${open.url}/v1/ingest`, { paths: ["examples"], source: "examples" });
    expect(res.status).toBe(200);
    expect(res.json.documents.added).toBeGreaterThan(0);
    const docs = await store.listDocuments({ source: "examples" });
    expect(docs.length).toBe(res.json.documents.added);
  });

  it("frees the run when the client disconnects mid-stream", async () => {
    // Slow query embeddings keep the run going long enough to leave in the middle.
    const slow: EmbeddingProvider = {
      id: embeddings.id,
      dimension: embeddings.dimension,
      maxChars: embeddings.maxChars,
      embedDocuments: (t, o) => embeddings.embedDocuments(t, o),
      embedQuery: async (t) => (await new Promise((r) => setTimeout(r, 1500)), embeddings.embedQuery(t)),
      close: async () => {},
    };
    const signals: AbortSignal[] = [];
    const server = await startServer({ context: { ...context, embeddings: slow }, port: 0, onRun: ({ signal }) => signals.push(signal) });
    try {
      const client = new AbortController();
      const res = await fetch(`${server.url}/v1/chat`, {
        method: "POST",
        body: JSON.stringify({ message: "How does the router pick sources by embedding similarity?" }),
        signal: client.signal,
      });
      const reader = res.body!.getReader();
      await reader.read();
      client.abort();
      await expect.poll(() => signals[0]?.aborted, { timeout: 5000 }).toBe(true);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe("sourcewise serve with auth", () => {
  it("refuses requests without a valid token", async () => {
    const none = await post(`${authed.url}/v1/chat`, { message: "hi" });
    expect(none).toMatchObject({ status: 401, json: { field: "authorization" } });
    const forged = await post(
      `${authed.url}/v1/chat`,
      { message: "hi" },
      { authorization: `Bearer ${await token({ tenant_id: "acme" }, "another-secret-0123456789")}` },
    );
    expect(forged.status).toBe(401);
    const noTenant = await post(`${authed.url}/v1/chat`, { message: "hi" }, { authorization: `Bearer ${await token({ sub: "u1" })}` });
    expect(noTenant.status).toBe(403);
  });

  it("maps the token's tenant_id to the tenant: each tenant sees only its own documents and threads", async () => {
    const acme = { authorization: `Bearer ${await token({ tenant_id: "acme" })}` };
    const globex = { authorization: `Bearer ${await token({ tenant_id: "globex" })}` };
    const ingested = await post(`${authed.url}/v1/ingest`, { paths: ["docs/guides"], source: "docs" }, acme);
    expect(ingested.json.documents.added).toBeGreaterThan(0);
    const message = "Why are broaden retries bounded in the quality gate?";
    const a = dataOf((await post(`${authed.url}/v1/chat`, { message, thread_id: "acme-thread" }, acme)).events, "final");
    const g = dataOf((await post(`${authed.url}/v1/chat`, { message }, globex)).events, "final");
    expect(a.citations.length).toBeGreaterThan(0);
    // Supabase-style tokens carry the tenant in app_metadata, as the RLS policies read it.
    const supabaseStyle = { authorization: `Bearer ${await token({ app_metadata: { tenant_id: "acme" } })}` };
    const s = dataOf((await post(`${authed.url}/v1/chat`, { message }, supabaseStyle)).events, "final");
    expect(s.citations.map((c: { uri: string }) => c.uri)).toEqual(a.citations.map((c: { uri: string }) => c.uri));
    expect(g.citations).toEqual([]);
    // The same thread id under another tenant is another thread: no history to rewrite from.
    const follow = dataOf(
      (await post(`${authed.url}/v1/chat`, { message: "and its parameters?", thread_id: "acme-thread" }, globex)).events,
      "final",
    );
    expect(follow.standalone_question).toBe("and its parameters?");
  });
});
