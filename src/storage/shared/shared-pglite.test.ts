import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseBusyError } from "../../errors.js";
import { acquireOwnerLock, type OwnerLock } from "./owner-lock.js";
import { shareLayout, writeOwnerInfo } from "./owner-info.js";
import { SharedPGlite } from "./shared-pglite.js";

const dirs: string[] = [];
const opened: { close(): Promise<unknown> }[] = [];
const quiet = { onNotice: () => {} };

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "sw-share-"));
  dirs.push(dir);
  return dir;
}

async function open(dir: string, options = {}) {
  const shared = await SharedPGlite.open(dir, { ...quiet, ...options });
  opened.push(shared);
  return shared;
}

afterEach(async () => {
  for (const s of opened.splice(0).reverse()) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("SharedPGlite", () => {
  it("makes the first opener the owner and the next a client; each sees the other's writes at once", async () => {
    const dir = tempDir();
    const owner = await open(dir);
    const client = await open(dir);
    expect((await owner.state()).role).toBe("owner");
    const state = await client.state();
    expect(state).toMatchObject({ role: "client", owner: { pid: process.pid }, socket: join(shareLayout(dir).socketDir, ".s.PGSQL.5432") });
    await client.exec("create table t (v int)");
    await client.query("insert into t values (1)");
    await owner.query("insert into t values (2)");
    expect((await client.query<{ n: number }>("select count(*)::int as n from t")).rows[0]!.n).toBe(2);
    expect((await owner.query<{ n: number }>("select count(*)::int as n from t")).rows[0]!.n).toBe(2);
  }, 60_000);

  it("never runs a client's statement inside the owner's own transaction", async () => {
    const dir = tempDir();
    const owner = await open(dir);
    const client = await open(dir);
    await owner.exec("create table t (v int)");
    const rolledBack = owner
      .transaction(async (tx) => {
        await tx.query("insert into t values (1)");
        await new Promise((r) => setTimeout(r, 100));
        throw new Error("roll back");
      })
      .then(
        () => "committed",
        (error: Error) => error.message,
      );
    await new Promise((r) => setTimeout(r, 20));
    await client.query("insert into t values (2)");
    expect(await rolledBack).toBe("roll back");
    expect((await owner.query<{ v: number }>("select v from t")).rows).toEqual([{ v: 2 }]);
  }, 60_000);

  it("keeps parallel parameterised queries and transactions of many connections apart", async () => {
    const dir = tempDir();
    await open(dir);
    const client = await open(dir, { clientConnections: 6 });
    await client.exec("create table t (k int, v int)");
    await Promise.all(
      Array.from({ length: 6 }, async (_, k) => {
        for (let i = 0; i < 30; i++) {
          const { rows } = await client.query<{ v: number; w: string }>("select $1::int as v, $2::text as w", [k * 1000 + i, `k${k}`]);
          expect(rows[0]).toEqual({ v: k * 1000 + i, w: `k${k}` });
          await client.transaction(async (tx) => {
            await tx.query("insert into t values ($1, $2)", [k, i]);
            await tx.query("update t set v = v + 1000 where k = $1 and v = $2", [k, i]);
          });
        }
      }),
    );
    const { rows } = await client.query<{ n: number; bad: number }>(
      "select count(*)::int as n, count(*) filter (where v < 1000)::int as bad from t",
    );
    expect(rows[0]).toEqual({ n: 180, bad: 0 });
  }, 60_000);

  it("lets clients in while the owner queries in a tight loop", async () => {
    const dir = tempDir();
    const owner = await open(dir);
    let stop = false;
    let ownerQueries = 0;
    const loop = (async () => {
      while (!stop) {
        await owner.query("select count(*) from pg_class");
        ownerQueries++;
      }
    })();
    try {
      const client = await open(dir);
      const before = ownerQueries;
      expect((await client.query<{ v: number }>("select 7 as v")).rows).toEqual([{ v: 7 }]);
      expect(ownerQueries).toBeGreaterThan(0);
      expect(before).toBeGreaterThan(0);
    } finally {
      stop = true;
      await loop;
    }
  }, 60_000);

  it("rolls back what a vanished client left open and lets the others go on", async () => {
    const dir = tempDir();
    const owner = await open(dir);
    await owner.exec("create table t (v int)");
    const raw = new pg.Client({ host: shareLayout(dir).socketDir, user: "postgres", database: "postgres" });
    raw.on("error", () => {});
    await raw.connect();
    await raw.query("begin");
    await raw.query("insert into t values (1)");
    (raw as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    await owner.query("insert into t values (2)");
    expect((await owner.query<{ v: number }>("select v from t")).rows).toEqual([{ v: 2 }]);
  }, 60_000);

  it("hands over on close: a client's open transaction commits first, then the client becomes the owner", async () => {
    const dir = tempDir();
    const waits: string[] = [];
    const owner = await SharedPGlite.open(dir, { onNotice: (line) => waits.push(line) });
    const client = await open(dir);
    await client.exec("create table t (v int)");
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const busy = client.transaction(async (tx) => {
      await tx.query("insert into t values (1)");
      await gate;
      await tx.query("insert into t values (2)");
    });
    await new Promise((r) => setTimeout(r, 50));
    const closing = owner.close();
    setTimeout(release, 200);
    await Promise.all([closing, busy]);
    expect(waits).toEqual(["handing the database over: waiting for 1 client connection to finish"]);
    expect((await client.query<{ n: number }>("select count(*)::int as n from t")).rows[0]!.n).toBe(2);
    expect((await client.state()).role).toBe("owner");
  }, 60_000);

  it("fails with the owner's pid and command when it does not let a process in", async () => {
    const dir = tempDir();
    const layout = shareLayout(dir);
    const lock = (await acquireOwnerLock(layout.dir)) as OwnerLock;
    writeOwnerInfo(layout, { pid: process.pid, command: "sourcewise serve --port 9", since: new Date().toISOString() });
    try {
      const error = await SharedPGlite.open(dir, { ...quiet, waitMs: 300 }).catch((e: unknown) => e);
      expect(DatabaseBusyError.isInstance(error)).toBe(true);
      expect((error as Error).message.split("\n")[0]).toContain(`pid ${process.pid} (sourcewise serve --port 9)`);
    } finally {
      await lock.release();
    }
  });
});

describe("acquireOwnerLock", () => {
  it.each(["abstract-socket", "pid-file"] as const)("gives a directory to one holder at a time (%s)", async (kind) => {
    const dir = tempDir();
    const first = await acquireOwnerLock(dir, kind);
    expect(first?.kind).toBe(kind);
    expect(await acquireOwnerLock(dir, kind)).toBeNull();
    await first!.release();
    const again = await acquireOwnerLock(dir, kind);
    expect(again).not.toBeNull();
    await again!.release();
  });

  it("takes over a pid file whose process is dead", async () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;
    writeFileSync(join(dir, ".sourcewise-owner.lock"), dead);
    const lock = await acquireOwnerLock(dir, "pid-file");
    expect(lock).not.toBeNull();
    await lock!.release();
  });
});
