/**
 * Many processes on one embedded database directory. Writers run `sourcewise ingest` over and over,
 * each run a new process with new files (so ownership of the database moves from process to
 * process as runs end); readers are long-lived processes that answer questions through the graph
 * over the same directory. Bounded by --seconds; every child is ended at the deadline plus a grace.
 * Reports documents written per second, questions answered per second with p50/p95 latency,
 * errors (non-zero exits, failed questions), and lost documents: every document a writer reported
 * is looked up in the database afterwards, whose BM25 statistics are also recomputed.
 * Usage: npm run bench:multiprocess -- [--seconds 120] [--writers 4] [--readers 4] [--files 5]
 *   (build first: it runs `node bin/sourcewise.js`)
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { quantile } from "../src/evaluation/metrics.js";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "120" },
    writers: { type: "string", default: "4" },
    readers: { type: "string", default: "4" },
    files: { type: "string", default: "5" },
    role: { type: "string", default: "main" },
    db: { type: "string" },
    id: { type: "string", default: "0" },
  },
});
const seconds = Number(values.seconds);
const ROOT = resolve(fileURLToPath(new URL("../", import.meta.url)));
const CLI = join(ROOT, "bin/sourcewise.js");
const env = { ...process.env, GOOGLE_API_KEY: "", COHERE_API_KEY: "", OPENAI_API_KEY: "", SOURCEWISE_EMBEDDING_WORKERS: "1" };

function note(prefix: string, i: number): string {
  return `# ${prefix} note ${i}\n\nThe ${prefix}x${i} module calibrates the gradient coil ${i} times per scan.\n\n## Timing\n\nEach ${prefix} sequence waits ${i * 3} ms before echo ${i % 7}.\n`;
}

function exec(args: string[], killAt: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), Math.max(0, killAt - Date.now()));
    child.once("close", (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

/** A reader process: opens the configured store (owner or client) once, then asks until the deadline. */
async function reader(db: string, id: number): Promise<void> {
  const { loadConfig } = await import("../src/config/config.js");
  const { openContext } = await import("../src/context/open-context.js");
  const { createGraph } = await import("../src/graph/graph.js");
  const ctx = await openContext(loadConfig({ overrides: { store: { path: db } } }));
  const graph = createGraph(ctx);
  const deadline = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  const errors: string[] = [];
  for (let q = 0; Date.now() < deadline; q++) {
    const i = (q * 7 + id) % 20;
    const started = performance.now();
    try {
      const r = await graph.invoke({ question: `How often does the seedx${i} module calibrate the gradient coil?` });
      if (!r.citations?.some((c: { uri: string }) => c.uri.endsWith(`seed-${i}.md`)))
        errors.push(`question ${i}: no citation of seed-${i}.md`);
      latencies.push(performance.now() - started);
    } catch (error) {
      errors.push((error as Error).message.split("\n")[0]!);
    }
  }
  await ctx.close();
  process.stdout.write(`${JSON.stringify({ latencies, errors })}\n`);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "sourcewise-bench-mp-"));
  const db = join(dir, "db");
  try {
    const seed = join(dir, "seed");
    mkdirSync(seed);
    for (let i = 0; i < 20; i++) writeFileSync(join(seed, `seed-${i}.md`), note("seed", i));
    const seeded = await exec(["--db", db, "ingest", seed, "--json"], Date.now() + 300_000);
    if (seeded.code !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
    process.stderr.write(`seeded 20 documents; ${values.writers} writers and ${values.readers} readers for ${seconds} s\n`);

    const started = Date.now();
    const deadline = started + seconds * 1000;
    const killAt = deadline + 120_000;
    const reported: string[] = [];
    const writerErrors: string[] = [];
    let runs = 0;
    const writers = Array.from({ length: Number(values.writers) }, async (_, w) => {
      for (let n = 0; Date.now() < deadline; n++) {
        const batch = join(dir, `w${w}-${n}`);
        mkdirSync(batch);
        const files = Array.from({ length: Number(values.files) }, (_, i) => join(batch, `w${w}n${n}-${i}.md`));
        files.forEach((f, i) => writeFileSync(f, note(`w${w}n${n}`, i)));
        const r = await exec(["--db", db, "ingest", batch, "--json"], killAt);
        runs++;
        if (r.code !== 0) writerErrors.push(`writer ${w} run ${n}: exit ${r.code}: ${r.stderr.trim().split("\n").at(-1)}`);
        else if (JSON.parse(r.stdout).documents.added + JSON.parse(r.stdout).documents.replaced === files.length) reported.push(...files);
        else writerErrors.push(`writer ${w} run ${n}: reported ${r.stdout}`);
      }
    });
    const readers = Array.from(
      { length: Number(values.readers) },
      (_, id) =>
        new Promise<{ latencies: number[]; errors: string[] }>((done) => {
          const child = spawn(
            process.execPath,
            [
              ...process.execArgv,
              fileURLToPath(import.meta.url),
              "--role",
              "reader",
              "--db",
              db,
              "--id",
              String(id),
              "--seconds",
              String(seconds),
            ],
            { env, stdio: ["ignore", "pipe", "pipe"] },
          );
          let stdout = "";
          let stderr = "";
          child.stdout.on("data", (d: Buffer) => (stdout += d));
          child.stderr.on("data", (d: Buffer) => (stderr += d));
          const timer = setTimeout(() => child.kill("SIGKILL"), killAt - Date.now());
          child.once("close", (code) => {
            clearTimeout(timer);
            try {
              done(JSON.parse(stdout.trim().split("\n").at(-1)!));
            } catch {
              done({ latencies: [], errors: [`reader ${id} exited ${code}: ${stderr.trim().split("\n").at(-1)}`] });
            }
          });
        }),
    );
    const [, readings] = await Promise.all([Promise.all(writers), Promise.all(readers)]);
    const elapsed = (Date.now() - started) / 1000;

    const { openPGliteStore } = await import("../src/storage/pglite.js");
    const { recomputedStats } = await import("../test/helpers/bm25.js");
    const store = await openPGliteStore({ path: db });
    const { rows } = await store.client.query<{ uri: string }>("select uri from documents");
    const present = new Set(rows.map((r) => r.uri));
    const lost = reported.filter((f) => !present.has(f));
    const s = await recomputedStats(store);
    const bm25Exact = JSON.stringify(s.kept) === JSON.stringify(s.df) && JSON.stringify(s.keptCorpus) === JSON.stringify(s.corpus);
    await store.close();

    const latencies = readings.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const readerErrors = readings.flatMap((r) => r.errors);
    const errors = [...writerErrors, ...readerErrors];
    const fmt = (n: number) => n.toFixed(1);
    process.stdout.write(
      [
        `multiprocess bench: ${values.writers} writers (sourcewise ingest, ${values.files} new files a run) + ${values.readers} readers (graph.invoke), ${fmt(elapsed)} s`,
        `  written    ${reported.length} documents in ${runs} ingest runs: ${fmt(reported.length / elapsed)} docs/s`,
        `  answered   ${latencies.length} questions: ${fmt(latencies.length / elapsed)} q/s, p50 ${fmt(quantile(latencies, 0.5))} ms, p95 ${fmt(quantile(latencies, 0.95))} ms`,
        `  documents  ${rows.length} in the database (20 seeded + ${reported.length} reported), lost ${lost.length}`,
        `  bm25       statistics ${bm25Exact ? "equal" : "DIFFER from"} a full recompute (${s.kept.length} terms)`,
        `  errors     ${errors.length}${
          errors.length
            ? `\n${errors
                .slice(0, 10)
                .map((e) => `    - ${e}`)
                .join("\n")}`
            : ""
        }`,
      ].join("\n") + "\n",
    );
    if (errors.length > 0 || lost.length > 0 || !bm25Exact || rows.length !== 20 + reported.length) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (values.role === "reader") await reader(values.db!, Number(values.id));
else await main();
