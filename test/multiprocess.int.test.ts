import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPGliteStore } from "../src/storage/pglite.js";
import { recomputedStats } from "./helpers/bm25.js";
import { ROOT } from "./helpers/demo-corpus.js";
import { freePort } from "./helpers/pglite-wire.js";
import { cliEnv, finalEvent, run, sourcewise, waitFor, waitForHttp, writeCorpus, type Running } from "./helpers/processes.js";

// Real processes on one embedded database directory: `node bin/sourcewise.js` from a fresh build.

let root: string;
const started: Running[] = [];

beforeAll(() => {
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "ignore" });
  root = mkdtempSync(join(tmpdir(), "sw-mp-"));
}, 180_000);

afterAll(() => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

/** Opens the directory in this process, checks what every process wrote, and closes it. */
async function audit(db: string) {
  const store = await openPGliteStore({ path: db, share: { onNotice: () => {} } });
  try {
    const s = await recomputedStats(store);
    const { rows } = await store.client.query<{ docs: number; orphans: number; childless: number }>(
      `select (select count(*)::int from documents) as docs,
              (select count(*)::int from chunks c where not exists (select 1 from documents d where d.id = c.document_id)) as orphans,
              (select count(*)::int from documents d where not exists (select 1 from chunks c where c.document_id = d.id)) as childless`,
    );
    return {
      ...rows[0]!,
      bm25Exact: JSON.stringify(s.kept) === JSON.stringify(s.df) && JSON.stringify(s.keptCorpus) === JSON.stringify(s.corpus),
      terms: s.kept.length,
    };
  } finally {
    await store.close();
  }
}

const ZORBLAX =
  "# Zorblax calibration\n\nThe zorblax calibration procedure sets the shim offset to 42 microtesla before every scan, then repeats the prescan twice.\n";

describe("many processes on one embedded database", () => {
  it("lands every document of two concurrent ingests, with exact BM25 statistics", async () => {
    const db = join(root, "two-ingests");
    const a = writeCorpus(join(root, "corpus-a"), "alpha", 40);
    const b = writeCorpus(join(root, "corpus-b"), "bravo", 30);
    const [ra, rb] = await Promise.all([
      run(["--db", db, "ingest", a, "--source", "docs", "--json"]),
      run(["--db", db, "ingest", b, "--source", "examples", "--json"]),
    ]);
    expect(ra.code, ra.stderr).toBe(0);
    expect(rb.code, rb.stderr).toBe(0);
    expect(JSON.parse(ra.stdout).documents.added).toBe(40);
    expect(JSON.parse(rb.stdout).documents.added).toBe(30);
    const stats = JSON.parse((await run(["--db", db, "stats", "--json"])).stdout);
    expect(stats.documents).toBe(70);
    expect(stats.bySource).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: "docs", documents: 40 }),
        expect.objectContaining({ source: "examples", documents: 30 }),
      ]),
    );
    const audited = await audit(db);
    expect(audited).toMatchObject({ docs: 70, orphans: 0, childless: 0, bm25Exact: true });
    expect(audited.terms).toBeGreaterThan(70);
  }, 300_000);

  it("shows a CLI ingest to a running server at once, and SIGTERM leaves every document in a database that opens", async () => {
    const db = join(root, "serve");
    const port = await freePort();
    const serve = sourcewise(["--db", db, "serve", "--port", String(port)]);
    started.push(serve);
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, 120_000, () => serve.child.exitCode === null);
    expect(serve.output()).toContain("database: owner");

    const docs = writeCorpus(join(root, "corpus-serve"), "charlie", 24);
    writeFileSync(join(docs, "zorblax.md"), ZORBLAX);
    const ingested = await run(["--db", db, "ingest", docs, "--source", "docs", "--json"]);
    expect(ingested.code, ingested.stderr).toBe(0);
    expect(JSON.parse(ingested.stdout).documents.added).toBe(25);
    const stats = await run(["--db", db, "stats"]);
    expect(stats.stdout).toMatch(new RegExp(`owner +pid ${serve.child.pid} \\(sourcewise --db \\S+ serve`));

    const res = await fetch(`http://127.0.0.1:${port}/v1/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "What does the zorblax calibration procedure set?" }),
    });
    const final = finalEvent(await res.text());
    expect(final.citations[0]?.uri).toMatch(/zorblax\.md$/);
    expect(final.answer).toMatch(/42 microtesla/);

    serve.child.kill("SIGTERM");
    const exit = await serve.done;
    expect(exit.code, exit.stderr).toBe(0);
    const after = await run(["--db", db, "stats", "--json"]);
    expect(after.code, after.stderr).toBe(0);
    expect(JSON.parse(after.stdout)).toMatchObject({ documents: 25, role: "owner" });
    expect(await audit(db)).toMatchObject({ docs: 25, orphans: 0, bm25Exact: true });
  }, 300_000);

  it("recovers from kill -9 of the owner while a client writes: the client takes over and every document lands", async () => {
    const db = join(root, "kill9");
    const config = join(root, "small-batches.json");
    writeFileSync(config, JSON.stringify({ ingest: { batchSize: 4 } }));
    const port = await freePort();
    const owner = sourcewise(["--db", db, "serve", "--port", String(port)]);
    started.push(owner);
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, 120_000, () => owner.child.exitCode === null);

    const docs = writeCorpus(join(root, "corpus-kill"), "delta", 80);
    const client = sourcewise(["--config", config, "--db", db, "ingest", docs, "--source", "docs"]);
    started.push(client);
    // Kill the owner once the client has written a few batches through it.
    await waitFor("the client's first batches", () => (/indexing +([1-9]\d*)\/80/.test(client.output()) ? true : undefined), 180_000);
    owner.child.kill("SIGKILL");
    const done = await client.done;
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/documents +\d+ added/);
    const audited = await audit(db);
    expect(audited).toMatchObject({ docs: 80, orphans: 0, childless: 0, bm25Exact: true });
  }, 300_000);

  it("shows a CLI ingest to the Studio graph (langgraph dev) at once, which answers with a citation of it", async () => {
    const db = join(root, "studio");
    const seed = await run(["--db", db, "ingest", writeCorpus(join(root, "corpus-studio"), "echo", 10), "--source", "docs"]);
    expect(seed.code, seed.stderr).toBe(0);
    const port = await freePort();
    const studio = spawn(
      join(ROOT, "node_modules/.bin/langgraphjs"),
      ["dev", "--port", String(port), "--host", "127.0.0.1", "--no-browser"],
      {
        cwd: ROOT,
        env: cliEnv({ SOURCEWISE_DB_PATH: db }),
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      },
    );
    studio.stdout!.resume();
    studio.stderr!.resume();
    const ask = async (question: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/runs/wait`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ assistant_id: "sourcewise", input: { question } }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { answer: string; citations: { uri: string }[] };
    };
    try {
      await waitForHttp(`http://127.0.0.1:${port}/ok`, 180_000, () => studio.exitCode === null);
      // The first run opens the store in the Studio process, which becomes its owner.
      expect((await ask("How often does the echo3 module calibrate the gradient coil?")).citations[0]?.uri).toMatch(/echo-3\.md$/);
      const zorblax = join(root, "corpus-studio-new");
      writeCorpus(zorblax, "foxtrot", 2);
      writeFileSync(join(zorblax, "zorblax.md"), ZORBLAX);
      const ingested = await run(["--db", db, "ingest", zorblax, "--source", "docs", "--json"]);
      expect(ingested.code, ingested.stderr).toBe(0);
      expect(JSON.parse(ingested.stdout).documents.added).toBe(3);
      const answer = await ask("What does the zorblax calibration procedure set?");
      expect(answer.citations[0]?.uri).toMatch(/zorblax\.md$/);
      expect(answer.answer).toMatch(/42 microtesla/);
    } finally {
      try {
        process.kill(-studio.pid!, "SIGTERM");
      } catch {
        // already gone
      }
    }
  }, 400_000);
});
