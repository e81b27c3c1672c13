/**
 * Start-up on a 5k-document database, each figure from process start:
 * - `sourcewise serve`: listening (the "serving" line), ready (store and model open), and its
 *   first answer through POST /api/chat, sent as soon as it listens;
 * - `sourcewise ask` as a whole process: in-process (`--no-warm`), the same with the database's
 *   files dropped from the page cache first (as after a reboot, or after idling on a machine that
 *   reclaims idle page cache), the first one that starts the warm process, and later ones answered by it;
 * - the Agent Server (`langgraph dev`): listening (/info), and its first answer (/runs/wait and, in a
 *   second server, /runs/stream, as Studio and useStream read it; sent
 *   as soon as it listens).
 * The database (`.sourcewise/bench/startup`, SciFact's 5,183 abstracts by default) is built once,
 * incrementally, and reused. Needs `dist/` (npm run build).
 * Usage: npm run bench:startup -- [--corpus ../shared/data/scifact/corpus.jsonl] [--runs 3] [--no-studio]
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ingest } from "../src/ingestion/ingest.js";
import { withCache } from "../src/models/embeddings/cache.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import { openPGliteStore } from "../src/storage/pglite.js";

const { values } = parseArgs({
  options: {
    corpus: { type: "string", default: "../shared/data/scifact/corpus.jsonl" },
    db: { type: "string", default: ".sourcewise/bench/startup" },
    runs: { type: "string", default: "3" },
    "no-studio": { type: "boolean", default: false },
  },
});
const db = resolve(values.db);
const runs = Number(values.runs);
const BIN = resolve("bin/sourcewise.js");
// Warm processes of this bench live under their own TMPDIR, so it finds and stops its own only.
const warmTmp = mkdtempSync(join(tmpdir(), "sw-bench-startup-"));
const env = { ...process.env, SOURCEWISE_DB_PATH: db, TMPDIR: warmTmp, LANGSMITH_TRACING: "false" };
const QUESTION = "Does vitamin D supplementation reduce the risk of fractures?";

async function buildDatabase(): Promise<number> {
  const store = await openPGliteStore({ path: db });
  const embeddings = await createEmbeddings("local/use-lite");
  try {
    const started = performance.now();
    const summary = await ingest({
      store,
      embeddings: withCache(embeddings, store.embeddingCache()),
      paths: [resolve(values.corpus)],
      source: "docs",
    });
    const { added, replaced, unchanged } = summary.documents;
    const docs = added + replaced + unchanged;
    console.log(`database ${db}: ${docs} documents (${added} added) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return docs;
  } finally {
    await embeddings.close();
    await store.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const since = (t: number) => performance.now() - t;
const body = JSON.stringify({ id: "bench", messages: [{ id: "u1", role: "user", parts: [{ type: "text", text: QUESTION }] }] });

/** Starts `serve`, asks once as soon as it listens (any answer to GET /healthz), then stops it. Times are from process start. */
async function serveOnce(): Promise<{ listen: number; ready: number; firstAnswer: number }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, "serve", "--port", String(port)], { env, stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  let ready = 0;
  child.stderr.on("data", (d: Buffer) => {
    err += d.toString();
    if (!ready && /sourcewise: serving/.test(err)) ready = since(started);
  });
  while (true) {
    if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}: ${err}`);
    const answered = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const listen = since(started);
  const res = await fetch(`${url}/api/chat`, { method: "POST", headers: { "content-type": "application/json" }, body });
  await res.text();
  const firstAnswer = since(started);
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await exited;
  return { listen, ready, firstAnswer };
}

async function askOnce(args: string[] = []): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, "ask", QUESTION, ...args], { env, stdio: ["ignore", "ignore", "inherit"] });
  const code = await new Promise((done) => child.once("exit", done));
  if (code !== 0) throw new Error(`ask exited with ${code}`);
  return since(started);
}

/** Drops the database's files (64 KB and larger) from the page cache, with GNU dd's `nocache`. */
function dropPageCache(dir: string): void {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = join(entry.parentPath, entry.name);
    if (entry.isFile() && statSync(file).size >= 65_536) spawnSync("dd", [`if=${file}`, "iflag=nocache", "count=0", "status=none"]);
  }
}

/** Stops this bench's warm processes (their pids are in their logs) and waits until they are gone. */
async function stopWarm(): Promise<void> {
  const dir = join(warmTmp, `sourcewise-${process.getuid?.() ?? 0}`);
  const names = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith(".log")) : [];
  for (const name of names) {
    for (const [, pid] of readFileSync(join(dir, name), "utf8").matchAll(/warm process (\d+) ready/g)) {
      try {
        process.kill(Number(pid), "SIGTERM");
      } catch {
        continue;
      }
      while (true) {
        try {
          process.kill(Number(pid), 0);
        } catch {
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

/**
 * Starts `langgraph dev`, asks once as soon as /info answers, then stops its process group.
 * `wait` posts to /runs/wait (its in-memory queue notices a finished run on a 500 ms poll);
 * `stream` posts to /runs/stream, as Studio and `useStream` do, and counts until the answer arrives.
 */
async function studioOnce(mode: "wait" | "stream"): Promise<{ listen: number; firstAnswer: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(resolve("node_modules/.bin/langgraphjs"), ["dev", "--port", String(port), "--host", "127.0.0.1", "--no-browser"], {
    env: { ...env, SOURCEWISE_EMBEDDING_WORKERS: "1" },
    stdio: "ignore",
    detached: true,
  });
  // Stop the server's process group however the run ends: a failed run must not leave it serving.
  const exited = new Promise((done) => child.once("exit", done));
  try {
    const base = `http://127.0.0.1:${port}`;
    while (true) {
      if (child.exitCode !== null) throw new Error(`langgraph dev exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${base}/info`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const listen = since(started);
    const res = await fetch(`${base}/runs/${mode}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        assistant_id: "sourcewise",
        input: { question: QUESTION },
        ...(mode === "stream" ? { stream_mode: ["updates"] } : {}),
      }),
    });
    if (mode === "wait") {
      const out = (await res.json()) as { answer?: string };
      if (!res.ok || !out.answer) throw new Error(`langgraph dev answered ${res.status}: ${JSON.stringify(out).slice(0, 300)}`);
    } else {
      if (!res.ok || !res.body) throw new Error(`langgraph dev answered ${res.status}`);
      // The generate node's update carries the answer: stop reading there.
      let seen = "";
      const decoder = new TextDecoder();
      for await (const chunk of res.body) {
        seen += decoder.decode(chunk as Uint8Array, { stream: true });
        if (/"answer":\s*"[^"]/.test(seen)) break;
      }
      if (!/"answer":\s*"[^"]/.test(seen)) throw new Error(`langgraph dev streamed no answer: ${seen.slice(0, 300)}`);
    }
    const firstAnswer = since(started);
    return { listen, firstAnswer };
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, "SIGTERM");
    await exited;
  }
}

const docs = await buildDatabase();
const load = [loadavg()[0]!.toFixed(2)];
const serves: Awaited<ReturnType<typeof serveOnce>>[] = [];
const studios: Awaited<ReturnType<typeof studioOnce>>[] = [];
const studioStreams: Awaited<ReturnType<typeof studioOnce>>[] = [];
const inProcess: number[] = [];
const inProcessUncached: number[] = [];
const coldWarm: number[] = [];
const warm: number[] = [];
try {
  for (let i = 0; i < runs; i++) {
    serves.push(await serveOnce());
    inProcess.push(await askOnce(["--no-warm"]));
    dropPageCache(db);
    inProcessUncached.push(await askOnce(["--no-warm"]));
    coldWarm.push(await askOnce());
    for (let j = 0; j < 3; j++) warm.push(await askOnce());
    await stopWarm();
    if (!values["no-studio"]) {
      studios.push(await studioOnce("wait"));
      studioStreams.push(await studioOnce("stream"));
    }
    load.push(loadavg()[0]!.toFixed(2));
  }
} finally {
  await stopWarm();
  rmSync(warmTmp, { recursive: true, force: true });
}
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const med = <T>(xs: T[], f: (x: T) => number) => s(median(xs.map(f)));
console.log(`${docs} documents, ${runs} runs, medians (1-minute load average over the runs: ${load.join(", ")}; 2 cores):`);
console.log(
  `  serve: listening after ${med(serves, (x) => x.listen)}, ready after ${med(serves, (x) => x.ready)}, first /api/chat answer after ${med(serves, (x) => x.firstAnswer)}`,
);
console.log(
  `  ask (whole process): in-process (--no-warm) ${s(median(inProcess))}, the database's pages not cached ${s(median(inProcessUncached))}; first, starting the warm process, ${s(median(coldWarm))}; warm ${s(median(warm))} (${warm.length} runs)`,
);
if (studios.length)
  console.log(
    `  langgraph dev: listening after ${med(studios, (x) => x.listen)}, first answer after ${med(studios, (x) => x.firstAnswer)} (${med(studios, (x) => x.firstAnswer - x.listen)} after listening) by /runs/wait; ${med(studioStreams, (x) => x.firstAnswer)} (${med(studioStreams, (x) => x.firstAnswer - x.listen)} after listening) by /runs/stream`,
  );
