import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Command } from "commander";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FAKE_MODEL, writeTenantFixture } from "../../test/helpers/tenants.js";
import { createEmbeddings } from "../models/embeddings/create-embeddings.js";
import { openPGliteStore } from "../storage/pglite.js";
import { readReindexState, startReindex } from "../storage/reindex-state.js";
import { buildCli, run } from "./main.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sw-reindex-cli-"));
  const store = await openPGliteStore({ path: dir });
  await writeTenantFixture(store); // two tenants, 3-d vectors of a fake model
  await startReindex(store.client, { model: "fake/other", dimension: 768 }, { model: FAKE_MODEL.id, dimension: FAKE_MODEL.dimension });
  await store.close();
  vi.stubEnv("SOURCEWISE_EMBEDDING_WORKERS", "1");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((s) => (out.push(String(s)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((s) => (err.push(String(s)), true));
  return { out: () => out.join(""), err: () => err.join("") };
}

const argv = (...args: string[]) => ["node", "sourcewise", "--db", dir, "reindex", ...args];

describe("sourcewise reindex", () => {
  it("refuses another target while a reindex is unfinished, naming it, without a stack trace", async () => {
    const io = capture();
    await run(argv("--embeddings", "local/use-lite"));
    expect(io.err()).toMatch(
      /^sourcewise: A reindex to fake\/other \(768-d\), started .*, is not finished; local\/use-lite \(512-d\) was asked for\./,
    );
    expect(io.err()).toMatch(/hint: .*sourcewise reindex --embeddings local\/use-lite --restart/);
    expect(io.err()).not.toMatch(/\n\s+at /);
    expect(process.exitCode).toBe(1);
  });

  it("rejects a bad --batch-size", async () => {
    const program = buildCli();
    const sub = program.commands.find((c) => c.name() === "reindex") as Command;
    const errors: string[] = [];
    sub.exitOverride().configureOutput({ writeErr: (s) => errors.push(s) });
    await expect(program.parseAsync(argv("--batch-size", "0"))).rejects.toThrow(/--batch-size must be a positive integer/);
  });

  it("re-embeds every row of every tenant with --embeddings, records the new dimension, and search works after", async () => {
    const io = capture();
    await buildCli().parseAsync(argv("--embeddings", "local/use-lite", "--restart", "--batch-size", "3"));
    expect(io.out()).toMatch(
      /^Re-indexed 8 rows \(all tenants\) in [\d.]+ s\n {2}model {6}test\/fake-3d \(3-d\) → local\/use-lite \(512-d\)\n {2}this run {3}8 rows re-embedded/,
    );
    expect(io.out()).toMatch(/schema {5}runtime:embedding_dimension:512 recorded in sw_migrations/);
    expect(io.err()).toMatch(/re-embedding/); // progress went to stderr (plain lines off a terminal)

    const store = await openPGliteStore({ path: dir });
    const local = await createEmbeddings("local/use-lite", { workers: 0 });
    try {
      expect(await store.indexedEmbedding()).toEqual({ model: "local/use-lite", dimension: 512 });
      expect(await readReindexState(store.client)).toBeNull();
      const { rows } = await store.client.query<{ name: string }>("select name from sw_migrations where name like 'runtime:%'");
      expect(rows.map((r) => r.name)).toEqual(["runtime:embedding_dimension:512"]);
      const q = await local.embedQuery("billing plans and invoices");
      for (const tenant of ["acme", "globex"]) {
        const dense = await store.matchVector(q, { limit: 1, filters: { tenant } });
        expect(dense.map((h) => [h.uri, h.content.includes("GLOBEX")])).toEqual([["billing.md", tenant === "globex"]]);
        const hybrid = await store.matchHybrid("billing plans and invoices", q, { limit: 1, filters: { tenant } });
        expect(hybrid[0]!.uri).toBe("billing.md");
      }
    } finally {
      await local.close();
      await store.close();
    }

    const again = capture();
    await buildCli().parseAsync(argv("--embeddings", "local/use-lite", "--json"));
    expect(JSON.parse(again.out())).toMatchObject({ status: "unchanged", rows: 0, total: 8 });
  });
});
