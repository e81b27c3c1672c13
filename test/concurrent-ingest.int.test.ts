import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgresStore } from "../src/storage/postgres.js";
import { serveWire, type WireServer } from "../src/storage/shared/wire-server.js";
import type { SqlStore } from "../src/storage/store.js";
import { recomputedStats } from "./helpers/bm25.js";
import { doc, section } from "./helpers/store.js";

// Two writers, each with its own pool of `pg` connections, ingesting into one tenant at once over
// the Postgres wire protocol (the owner's socket server in front of PGlite, as a second process
// on the same database would). Their batches overlap in terms and in documents (each replaces
// the other's versions), so on a server they contend for the same df and corpus rows.
let db: PGlite;
let dir: string;
let wire: WireServer;
let a: SqlStore;
let b: SqlStore;

beforeAll(async () => {
  db = await PGlite.create({ extensions: { vector } });
  dir = await mkdtemp(join(tmpdir(), "sw-concurrent-"));
  wire = await serveWire({ db, path: join(dir, ".s.PGSQL.5432") });
  const url = `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`;
  a = await openPostgresStore({ connectionString: url, maxConnections: 3 });
  b = await openPostgresStore({ connectionString: url, maxConnections: 3, migrate: false });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await wire?.close({ timeoutMs: 1000 });
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

const WORDS = ["kernel", "scheduler", "memory", "page", "cache", "driver", "interrupt", "lock", "mutex", "queue", "device", "buffer"];

/** Writer `w`'s version `v` of document `i`: terms shared by both writers, in varying order. */
function version(w: string, v: number, i: number) {
  const words = WORDS.map((_, k) => WORDS[(k * (i + 1) + v) % WORDS.length]!).join(" ");
  return doc(
    `doc-${i}.md`,
    [section(`${words} ${w}${v} ${i % 3 === 0 ? "spinlock_t rcu_read_lock" : ""}`), section(`${w} notes ${words}`)],
    {
      title: `Doc ${i}`,
      contentHash: `${w}:${v}:${i}`,
    },
  );
}

async function writer(store: SqlStore, w: string): Promise<number> {
  let batches = 0;
  for (let v = 0; v < 3; v++) {
    for (let i = 0; i < 12; i += 3) {
      await store.writeDocuments([version(w, v, i), version(w, v, i + 1), version(w, v, i + 2)]);
      batches++;
    }
  }
  return batches;
}

describe("two ingests into one tenant over the wire", () => {
  it("both finish, and the statistics equal a full recompute", async () => {
    const [na, nb] = await Promise.all([writer(a, "alpha"), writer(b, "beta")]);
    expect([na, nb]).toEqual([12, 12]);
    const stats = await recomputedStats(a);
    expect(stats.kept).toEqual(stats.df);
    expect(stats.keptCorpus).toEqual(stats.corpus);
    // Each document is stored once (the last writer's version), with its postings.
    expect((await a.stats()).documents).toBe(12);
    const { rows } = await a.client.query<{ bad: number }>(
      `select count(*)::int as bad from chunk_terms ct join chunks c on c.id = ct.chunk_id
       where ct.source <> c.source or ct.len_body <> c.len_body or ct.len_title <> c.len_title`,
    );
    expect(rows[0]!.bad).toBe(0);
    expect((await b.matchBm25("spinlock", { limit: 20 })).length).toBe(4);
  });
});
