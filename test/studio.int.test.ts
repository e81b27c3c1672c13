import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import { openPGliteStore } from "../src/storage/pglite.js";
import { ingestDemoCorpus, ROOT } from "./helpers/demo-corpus.js";

// `langgraph dev` (the LangGraph.js CLI) serves langgraph.json's graph; a question goes through
// its HTTP API (/runs/wait) and the citations come back. Port 2024 may be taken: pick a free one.

let dir: string;
let server: ChildProcess | undefined;
let port: number;

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
    if (server?.exitCode !== null && server?.exitCode !== undefined) throw new Error(`langgraph dev exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`langgraph dev did not answer at ${url} within ${ms} ms`);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sw-studio-"));
  const store = await openPGliteStore({ path: join(dir, "db") });
  const embeddings = await createEmbeddings("local/use-lite", { workers: 1 });
  await ingestDemoCorpus(store, embeddings);
  await embeddings.close();
  await store.close();

  port = await freePort();
  server = spawn(join(ROOT, "node_modules/.bin/langgraphjs"), ["dev", "--port", String(port), "--host", "127.0.0.1", "--no-browser"], {
    cwd: ROOT,
    env: { ...process.env, SOURCEWISE_DB_PATH: join(dir, "db"), SOURCEWISE_EMBEDDING_WORKERS: "1", LANGSMITH_TRACING: "false" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  server.stdout?.resume();
  server.stderr?.resume();
  await waitForServer(`http://127.0.0.1:${port}/ok`, 120_000);
}, 240_000);

afterAll(async () => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

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
