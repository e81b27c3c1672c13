/**
 * Load on the chat backend: 8 concurrent clients ask a fixed number of questions (a new question,
 * then a follow-up in the same thread) over loopback while POST /v1/ingest adds the Pulseq MATLAB
 * demo sequences. Prints questions per second, p50/p95 latency (request to `final` event), errors,
 * and checks that every ingested document is in the store afterwards. Stops by itself.
 * Usage: npm run bench:serve -- [--clients 8] [--questions 200] [--ingest ../shared/data/pulseq/matlab/demoSeq]
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { DEMO_SOURCES } from "../src/cli/demo.js";
import { quantile } from "../src/evaluation/metrics.js";
import { ingest } from "../src/ingestion/ingest.js";
import { openCheckpointer } from "../src/memory/checkpointer.js";
import { withCache } from "../src/models/embeddings/cache.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import { startServer } from "../src/server/server.js";
import { parseSse } from "../src/server/sse.js";
import { loadProfiles } from "../src/sources/load.js";
import { openPGliteStore } from "../src/storage/pglite.js";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "8" },
    questions: { type: "string", default: "200" },
    ingest: { type: "string", default: "../shared/data/pulseq/matlab/demoSeq" },
    threads: { type: "string", default: "memory" },
  },
});
const clients = Number(values.clients);
const total = Number(values.questions);
const ingestDir = resolve(values.ingest);
const ROOT = process.cwd();

const QUESTIONS: Array<[string, string]> = [
  ["What options does openPGliteStore take?", "and what does it return?"],
  ["Why are broaden retries bounded in the quality gate?", "what about the clarify branch?"],
  ["Show me an example of streaming each node's progress", "and its output?"],
  ["How do I configure the embedding model?", "what is its default?"],
  ["What parameters does ingest take?", "and the batch size?"],
];

const dir = mkdtempSync(join(tmpdir(), "sourcewise-bench-serve-"));
const store = await openPGliteStore({ path: join(dir, "db") });
const model = await createEmbeddings("local/use-lite");
const embeddings = withCache(model, store.embeddingCache());
const threads = await openCheckpointer({ threads: values.threads, client: store.client });
try {
  for (const { source, paths } of DEMO_SOURCES) await ingest({ store, embeddings, paths: paths.map((p) => join(ROOT, p)), source });
  const before = (await store.listDocuments({ source: "examples" })).length;
  const server = await startServer({
    context: { store, embeddings, profiles: loadProfiles() },
    checkpointer: threads.saver,
    port: 0,
    ingestRoots: [ROOT, ingestDir],
  });

  async function ask(message: string, thread_id: string): Promise<{ ms: number; ok: boolean; why?: string }> {
    const started = performance.now();
    try {
      const res = await fetch(`${server.url}/v1/chat`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message, thread_id }),
      });
      const events = parseSse(await res.text());
      const final = events.find((e) => e.event === "final");
      const error = events.find((e) => e.event === "error");
      const ok = res.status === 200 && !!final && !error;
      return {
        ms: performance.now() - started,
        ok,
        ...(ok ? {} : { why: `${res.status} ${JSON.stringify(error?.data ?? "no final event")}` }),
      };
    } catch (e) {
      return { ms: performance.now() - started, ok: false, why: (e as Error).message };
    }
  }

  await ask("warm up: what is sourcewise?", "warmup");
  let next = 0;
  const latencies: number[] = [];
  const errors: string[] = [];
  const started = performance.now();
  const ingestion = (async () => {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/v1/ingest`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ paths: [ingestDir], source: "examples" }),
    });
    return {
      status: res.status,
      summary: (await res.json()) as { documents: { added: number }; skipped: unknown[] },
      seconds: (performance.now() - t0) / 1000,
    };
  })();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      // Each client takes the next question pair until the budget is spent: bounded, no timers.
      while (next < total) {
        const i = next;
        next += 2;
        const [q, follow] = QUESTIONS[(i / 2) % QUESTIONS.length]!;
        for (const message of [q, follow]) {
          const r = await ask(message, `client-${c}-${i}`);
          latencies.push(r.ms);
          if (!r.ok) errors.push(r.why ?? "?");
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const ing = await ingestion;
  const after = (await store.listDocuments({ source: "examples" })).length;
  const files = readdirSync(ingestDir).filter((f) => f.endsWith(".m")).length;
  const expected = before + ing.summary.documents.added;
  latencies.sort((a, b) => a - b);
  console.log(
    `clients ${clients}, questions ${latencies.length} in ${seconds.toFixed(1)} s → ${(latencies.length / seconds).toFixed(2)} q/s`,
  );
  console.log(
    `latency p50 ${quantile(latencies, 0.5).toFixed(0)} ms, p95 ${quantile(latencies, 0.95).toFixed(0)} ms, max ${latencies.at(-1)?.toFixed(0)} ms`,
  );
  console.log(`errors ${errors.length}${errors.length ? `: ${[...new Set(errors)].slice(0, 3).join("; ")}` : ""}`);
  console.log(
    `ingest during load: HTTP ${ing.status}, ${ing.summary.documents.added} added of ${files} .m files, ${ing.summary.skipped.length} skipped, ${ing.seconds.toFixed(1)} s`,
  );
  console.log(
    `documents (examples): before ${before}, after ${after}, expected ${expected} → ${after === expected && ing.summary.documents.added + ing.summary.skipped.length >= files ? "none lost" : "MISMATCH"}`,
  );
  await server.close();
  if (errors.length || after !== expected) process.exitCode = 1;
} finally {
  await threads.close();
  await model.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
