/**
 * Start-up on a 5k-document database: `sourcewise serve` time to listen (process start to the
 * "serving" line), its first answer through POST /api/chat, and `sourcewise ask` end to end as a
 * whole process. The database (`.sourcewise/bench/startup`, SciFact's 5,183 abstracts by
 * default) is built once, incrementally, and reused. Needs `dist/` (npm run build).
 * Usage: npm run bench:startup -- [--corpus ../shared/data/scifact/corpus.jsonl] [--runs 3]
 */
import { spawn } from "node:child_process";
import { resolve } from "node:path";
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
  },
});
const db = resolve(values.db);
const runs = Number(values.runs);
const BIN = resolve("bin/sourcewise.js");
const env = { ...process.env, SOURCEWISE_DB_PATH: db };
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

/** Starts `serve --port 0 --ui`-less, returns ms to the "serving" line, ms to the first answer, then stops it. */
async function serveOnce(): Promise<{ listen: number; firstAnswer: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0"], { env, stdio: ["ignore", "ignore", "pipe"] });
  const url = await new Promise<string>((done, fail) => {
    let err = "";
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
      const m = /serving (http:\/\/\S+)/.exec(err);
      if (m) done(m[1]!);
    });
    child.once("exit", (code) => fail(new Error(`serve exited with ${code}: ${err}`)));
  });
  const listen = performance.now() - started;
  const res = await fetch(`${url}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id: "bench", messages: [{ id: "u1", role: "user", parts: [{ type: "text", text: QUESTION }] }] }),
  });
  await res.text();
  const firstAnswer = performance.now() - started - listen;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await exited;
  return { listen, firstAnswer };
}

async function askOnce(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, "ask", QUESTION], { env, stdio: ["ignore", "ignore", "inherit"] });
  const code = await new Promise((done) => child.once("exit", done));
  if (code !== 0) throw new Error(`ask exited with ${code}`);
  return performance.now() - started;
}

const docs = await buildDatabase();
const serves: { listen: number; firstAnswer: number }[] = [];
const asks: number[] = [];
for (let i = 0; i < runs; i++) {
  serves.push(await serveOnce());
  asks.push(await askOnce());
}
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`${docs} documents, ${runs} runs, medians:`);
console.log(
  `  serve: listening after ${s(median(serves.map((x) => x.listen)))}, first answer ${s(median(serves.map((x) => x.firstAnswer)))} after that`,
);
console.log(`  ask (whole process): ${s(median(asks))}`);
