import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@langchain/langgraph-sdk";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingest } from "../src/ingestion/ingest.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import { openPGliteStore } from "../src/storage/pglite.js";
import { ingestDemoCorpus, ROOT } from "./helpers/demo-corpus.js";

// `langgraph dev` (the LangGraph.js CLI) serves langgraph.json's graph; a question goes through
// its HTTP API (/runs/wait) and the citations come back. Port 2024 may be taken: pick a free one.

let dir: string;
let server: ChildProcess | undefined;
let port: number;
/** The dev server's last output, for failure messages. */
let log = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitForServer(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server?.exitCode !== null && server?.exitCode !== undefined)
      throw new Error(`langgraph dev exited with ${server.exitCode}:\n${log}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`langgraph dev did not answer at ${url} within ${ms} ms:\n${log}`);
}

/** Spawns `langgraph dev` over the database in `dir`; one at a time (they share ROOT/.langgraph_api). */
async function startDev(env: Record<string, string> = {}): Promise<void> {
  port = await freePort();
  server = spawn(join(ROOT, "node_modules/.bin/langgraphjs"), ["dev", "--port", String(port), "--host", "127.0.0.1", "--no-browser"], {
    cwd: ROOT,
    env: { ...process.env, SOURCEWISE_DB_PATH: join(dir, "db"), SOURCEWISE_EMBEDDING_WORKERS: "1", LANGSMITH_TRACING: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  log = "";
  const keep = (d: Buffer) => (log = (log + d.toString("utf8")).slice(-4000));
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  // /info answers without a token when auth is on.
  await waitForServer(`http://127.0.0.1:${port}/info`, 120_000);
}

/** Stops the dev server's process group and waits until it has exited (it holds the database). */
async function stopDev(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
  await exited;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sw-studio-"));
  const store = await openPGliteStore({ path: join(dir, "db") });
  const embeddings = await createEmbeddings("local/use-lite", { workers: 1 });
  await ingestDemoCorpus(store, embeddings);
  await embeddings.close();
  await store.close();
}, 240_000);

afterAll(async () => {
  await stopDev();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("langgraph dev, auth off", () => {
  beforeAll(() => startDev(), 240_000);
  afterAll(() => stopDev(), 60_000);

  it("serves the graph over the LangGraph API and answers with citations", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/runs/wait`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ assistant_id: "sourcewise", input: { question: "Why are broaden retries bounded in the quality gate?" } }),
    });
    expect(res.status).toBe(200);
    const body = await res.text();
    const out = JSON.parse(body) as { answer: string; verdict: string; citations: { n: number; uri: string; source: string }[] };
    expect(out.verdict, body.slice(0, 2000)).toBe("strong");
    expect(out.citations[0]!.uri).toMatch(/docs\/guides\/quality-gate\.md$/);
    expect(out.citations[0]!.source).toBe("docs");
    expect(out.answer).toMatch(/\[1\]/);
  }, 120_000);

  it("streams the answer as AI message chunks to the SDK client, and answers a follow-up in the thread", async () => {
    const client = new Client({ apiUrl: `http://127.0.0.1:${port}` });
    const thread = await client.threads.create();
    const ask = async (input: Record<string, unknown>) => {
      let text = "";
      let values: {
        answer?: string;
        messages?: { type: string; content: string; additional_kwargs?: { citations?: { uri: string }[] } }[];
      } = {};
      for await (const part of client.runs.stream(thread.thread_id, "sourcewise", { input, streamMode: ["messages-tuple", "values"] })) {
        if (part.event === "messages") {
          const [chunk, meta] = part.data as [{ type: string; content: string }, { langgraph_node?: string }];
          if (/^ai/i.test(chunk.type) && meta.langgraph_node === "generate") text += chunk.content;
        }
        if (part.event === "values") values = part.data as typeof values;
      }
      return { text, values };
    };
    const first = await ask({ messages: [{ role: "user", content: "What options does openPGliteStore take?" }] });
    expect(first.text.length).toBeGreaterThan(0);
    expect(first.text).toBe(first.values.answer);
    const answer = first.values.messages!.at(-1)!;
    expect(answer.type).toBe("ai");
    expect(answer.additional_kwargs?.citations?.some((c) => c.uri.endsWith("src/storage/pglite.ts"))).toBe(true);
    const second = await ask({ messages: [{ role: "user", content: "and what does it return?" }] });
    expect(second.text).toBe(second.values.answer);
    expect(second.values.messages!.map((m) => m.type)).toEqual(["human", "ai", "human", "ai"]);
  }, 120_000);

  it("shows Studio a narrow input schema: bounds, no reducer types", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/assistants/sourcewise/schemas`);
    const text = await res.text();
    expect(res.status, text.slice(0, 500)).toBe(200);
    const { input_schema: input } = JSON.parse(text) as {
      input_schema: { properties: Record<string, { minimum?: number; maximum?: number; minItems?: number }> };
    };
    expect(text).not.toContain("__overwrite__");
    expect(Object.keys(input.properties)).toEqual(
      expect.arrayContaining(["question", "messages", "sources", "top_k", "token_budget", "tenant"]),
    );
    expect(input.properties.top_k).toMatchObject({ minimum: 1, maximum: 50 });
    expect(input.properties.sources).toMatchObject({ minItems: 1 });
  });
});

// The attack: any client of the Agent Server picked any tenant through the graph's `tenant` input.
describe("langgraph dev with SOURCEWISE_JWT_SECRET: the token's tenant, not the input's", () => {
  const SECRET = "studio-secret-0123456789abcdef";
  const QUESTION = "When do the rocket skates launch?";
  const bearer = async (tenant: string) => ({
    authorization: `Bearer ${await new SignJWT({ tenant_id: tenant }).setProtectedHeader({ alg: "HS256" }).setExpirationTime("5m").sign(new TextEncoder().encode(SECRET))}`,
  });
  const api = (path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method: init.method ?? "POST",
      headers: { "content-type": "application/json", ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  beforeAll(async () => {
    // Two tenants hold a plan on the same topic with different facts.
    for (const [tenant, month] of [
      ["acme", "March"],
      ["globex", "October"],
    ] as const) {
      await mkdir(join(dir, tenant), { recursive: true });
      await writeFile(
        join(dir, tenant, "rocket-skates.md"),
        `# Rocket skates plan\n\nThe rocket skates launch in ${month}, after the ${tenant} safety review.\n`,
      );
    }
    const store = await openPGliteStore({ path: join(dir, "db") });
    const embeddings = await createEmbeddings("local/use-lite", { workers: 1 });
    for (const tenant of ["acme", "globex"]) await ingest({ store, embeddings, paths: [join(dir, tenant)], source: "docs", tenant });
    await embeddings.close();
    await store.close();
    await startDev({ SOURCEWISE_JWT_SECRET: SECRET });
  }, 240_000);
  afterAll(() => stopDev(), 60_000);

  it("runs with acme's token and an input naming globex over acme's documents only", async () => {
    const res = await api("/runs/wait", {
      headers: await bearer("acme"),
      body: { assistant_id: "sourcewise", input: { question: QUESTION, tenant: "globex" } },
    });
    const body = await res.text();
    expect(res.status, body.slice(0, 500)).toBe(200);
    const out = JSON.parse(body) as { answer: string; citations: { uri: string }[] };
    expect(out.citations.length, body.slice(0, 1000)).toBeGreaterThan(0);
    expect(
      out.citations.every((c) => c.uri.startsWith(join(dir, "acme"))),
      body.slice(0, 1000),
    ).toBe(true);
    expect(out.answer).toContain("March");
    expect(out.answer).not.toContain("October");
    // Globex's own token reads globex's plan.
    const globex = JSON.parse(
      await (
        await api("/runs/wait", { headers: await bearer("globex"), body: { assistant_id: "sourcewise", input: { question: QUESTION } } })
      ).text(),
    ) as { answer: string };
    expect(globex.answer).toContain("October");
  }, 120_000);

  it("shows Studio no tenant input: the token's tenant is the run's", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/assistants/sourcewise/schemas`, { headers: await bearer("acme") });
    const text = await res.text();
    expect(res.status, text.slice(0, 500)).toBe(200);
    const { input_schema: input } = JSON.parse(text) as { input_schema: { properties: Record<string, unknown> } };
    expect(Object.keys(input.properties)).toEqual(expect.arrayContaining(["question", "messages", "sources", "top_k"]));
    expect(Object.keys(input.properties)).not.toContain("tenant");
    // A tenant in the input of a run, or in its runtime context, does not choose the tenant either.
    const run = await api("/runs/wait", {
      headers: await bearer("acme"),
      body: { assistant_id: "sourcewise", input: { question: QUESTION, tenant: "globex" }, context: { tenant: "globex" } },
    });
    const body = await run.text();
    expect(run.status, body.slice(0, 500)).toBe(200);
    const out = JSON.parse(body) as { answer: string; citations: { uri: string }[] };
    expect(out.answer).toContain("March");
    expect(out.answer).not.toContain("October");
    expect(out.citations.every((c) => c.uri.startsWith(join(dir, "acme")))).toBe(true);
  }, 120_000);

  it("refuses requests without a valid token, Studio's header included", async () => {
    const run = { assistant_id: "sourcewise", input: { question: QUESTION, tenant: "globex" } };
    expect((await api("/runs/wait", { body: run })).status).toBe(401);
    expect((await api("/runs/wait", { headers: { "x-auth-scheme": "langsmith" }, body: run })).status).toBe(401);
    expect((await api("/runs/wait", { headers: { authorization: "Bearer not-a-jwt" }, body: run })).status).toBe(401);
  });

  it("keeps each tenant's threads to itself", async () => {
    const created = await api("/threads", { headers: await bearer("acme"), body: {} });
    expect(created.status).toBe(200);
    const { thread_id } = (await created.json()) as { thread_id: string };
    expect((await api(`/threads/${thread_id}`, { method: "GET", headers: await bearer("acme") })).status).toBe(200);
    expect((await api(`/threads/${thread_id}`, { method: "GET", headers: await bearer("globex") })).status).toBe(404);
  });
});
