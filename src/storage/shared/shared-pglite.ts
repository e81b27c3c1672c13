import { rmSync } from "node:fs";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { DatabaseBusyError, SourcewiseError } from "../../errors.js";
import { pgliteClient, type SqlClient } from "../sql-client.js";
import { acquireOwnerLock, type LockKind, type OwnerLock } from "./owner-lock.js";
import {
  currentCommand,
  describeOwner,
  readOwnerInfo,
  removeOwnerInfo,
  shareLayout,
  writeOwnerInfo,
  type OwnerInfo,
  type ShareLayout,
} from "./owner-info.js";
import { serveWire, type WireServer } from "./wire-server.js";

/** How this process reaches a shared database right now. */
export interface ShareState {
  role: "owner" | "client";
  /** The owning process (this one when `role` is "owner"). */
  owner: OwnerInfo | null;
  /** The Unix socket the owner serves on. */
  socket: string;
}

/** Options of {@link openSharedPGlite}. */
export interface OpenSharedOptions {
  /** How long to wait for access while another process opens or hands over the database. @default 60000 */
  waitMs?: number;
  /** How long an owner that closes lets clients finish their transaction before ending them. @default 15000 */
  handoverMs?: number;
  /** How long closing waits for this process's own queries before leaving the files to crash recovery. @default 30000 */
  closeMs?: number;
  /** Connections a client process keeps to the owner. @default 4 */
  clientConnections?: number;
  /** Connections the owner accepts from all clients together. @default 64 */
  maxConnections?: number;
  /** @default "abstract-socket" on Linux, else "pid-file" */
  lockKind?: LockKind;
  /** Where to say that this process waits (for an owner, or for its clients). @default stderr */
  onNotice?: (line: string) => void;
}

interface Access {
  role: "owner" | "client";
  client: SqlClient;
  close(): Promise<void>;
}

const LOST_CODES = new Set(["ECONNREFUSED", "ENOENT", "ECONNRESET", "EPIPE", "ETIMEDOUT", "57P01", "57P02", "57P03", "53300", "25P03"]);

/** True for errors that mean "the owner went away or is handing over", after which a retry is safe. */
export function isConnectionLoss(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : "";
  if (LOST_CODES.has(code) || code.startsWith("08")) return true;
  const message = typeof e?.message === "string" ? e.message : "";
  return /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end/i.test(
    message,
  );
}

/**
 * The owner's in-process client. PGlite runs a query synchronously and resolves it in a
 * microtask, so a process that queries in a loop (a graph answering from cached embeddings) would
 * never reach Node's I/O phase, where client connections are accepted and read. Every 5 ms of such
 * a loop it yields one macrotask turn; a single query costs nothing extra.
 */
function yieldingClient(inner: SqlClient): SqlClient {
  let turn = performance.now();
  const fair = async () => {
    if (performance.now() - turn < 5) return;
    await new Promise((resolve) => setImmediate(resolve));
    turn = performance.now();
  };
  return {
    query: async (sql, params) => (await fair(), inner.query(sql, params)),
    exec: async (sql) => (await fair(), inner.exec(sql)),
    transaction: async (fn) => (await fair(), inner.transaction(fn)),
    close: () => inner.close(),
  };
}

const listening = (path: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ path });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/**
 * One embedded database directory shared by every sourcewise process that opens it. The first
 * process takes the directory's owner lock (see `acquireOwnerLock`), opens PGlite itself and
 * serves it on a Unix socket inside the directory; the others are clients over `pg`. When the
 * owner closes, it lets its clients finish their transaction and then ends their connections; a
 * client whose connection drops (a closing or killed owner) takes the lock itself or connects to
 * whoever did, and retries its operation. Every store operation is an idempotent statement or a
 * transaction (documents are replaced by key), so a retry after a lost connection is safe.
 */
export class SharedPGlite implements SqlClient {
  private access: Promise<Access> | undefined;
  private closing: Promise<void> | undefined;
  private readonly notice: (line: string) => void;

  private constructor(
    readonly layout: ShareLayout,
    private readonly options: OpenSharedOptions,
  ) {
    this.notice = options.onNotice ?? ((line) => process.stderr.write(`sourcewise: ${line}\n`));
  }

  /** Opens `dir` as owner or client, whichever is possible now. */
  static async open(dir: string, options: OpenSharedOptions = {}): Promise<SharedPGlite> {
    const shared = new SharedPGlite(shareLayout(dir), options);
    await shared.current();
    return shared;
  }

  /** Whether this process owns the database now, and who does. */
  async state(): Promise<ShareState> {
    const access = await this.current();
    return { role: access.role, owner: readOwnerInfo(this.layout), socket: this.layout.socketPath };
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }> {
    return this.run((c) => c.query<T>(sql, params));
  }

  exec(sql: string): Promise<void> {
    return this.run((c) => c.exec(sql));
  }

  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    return this.run((c) => c.transaction(fn));
  }

  /**
   * As owner: hands the database over (clients finish their transaction, then reconnect to the
   * next owner), then closes PGlite once this process's own queries are done. As client: ends
   * the connections. Safe to call twice.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const access = await this.access?.catch(() => undefined);
      this.access = undefined;
      await access?.close();
    })();
    return this.closing;
  }

  private current(): Promise<Access> {
    if (this.closing) {
      return Promise.reject(
        new SourcewiseError("store_closed", `The store at ${this.layout.dir} is closed.`, { data: { path: this.layout.dir } }),
      );
    }
    const access = (this.access ??= this.acquire());
    access.catch(() => {
      if (this.access === access) this.access = undefined;
    });
    return access;
  }

  private async run<T>(op: (client: SqlClient) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const access = this.current();
      const { role, client } = await access;
      try {
        return await op(client);
      } catch (error) {
        if (role === "owner" || !isConnectionLoss(error) || attempt >= 8 || this.closing) throw error;
        if (this.access === access) {
          this.access = undefined;
          void access.then((a) => a.close()).catch(() => {});
        }
      }
    }
  }

  private async acquire(): Promise<Access> {
    const { waitMs = 60_000 } = this.options;
    const started = Date.now();
    let told = false;
    for (;;) {
      if (await listening(this.layout.socketPath)) {
        try {
          return await this.connectClient();
        } catch (error) {
          if (!isConnectionLoss(error)) throw error;
        }
      } else {
        const lock = await acquireOwnerLock(this.layout.dir, this.options.lockKind);
        if (lock) return this.becomeOwner(lock);
      }
      const waited = Date.now() - started;
      if (waited > waitMs) {
        throw new DatabaseBusyError({ path: this.layout.dir, owner: readOwnerInfo(this.layout), waitedMs: waited });
      }
      if (!told && waited > 2000) {
        told = true;
        this.notice(`waiting for ${describeOwner(readOwnerInfo(this.layout))} to open or hand over the database at ${this.layout.dir}`);
      }
      await sleep(25 + Math.random() * 50);
    }
  }

  private async connectClient(): Promise<Access> {
    const { default: pg } = await import("pg");
    const { pgClient } = await import("../pg-client.js");
    const pool = new pg.Pool({
      host: this.layout.socketDir,
      user: "postgres",
      database: "postgres",
      max: this.options.clientConnections ?? 4,
      connectionTimeoutMillis: 10_000,
    });
    // A connection the owner ends while idle (a handover) must not crash this process.
    pool.on("error", () => {});
    try {
      await pool.query("select 1");
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    return { role: "client", client: pgClient(pool), close: () => pool.end() };
  }

  private async becomeOwner(lock: OwnerLock): Promise<Access> {
    const { dir } = this.layout;
    let db: PGlite;
    let wire: WireServer;
    // Written first, so processes waiting while PGlite starts can say whom they wait for.
    writeOwnerInfo(this.layout, { pid: process.pid, command: currentCommand(), since: new Date().toISOString() });
    try {
      db = await PGlite.create({ dataDir: dir, extensions: { vector } });
    } catch (cause) {
      removeOwnerInfo(this.layout);
      await lock.release();
      throw new SourcewiseError("store_open_failed", `Could not open the embedded database at ${dir}.`, {
        hint: "Check that the directory is writable and holds a PGlite database (or is empty), or set SOURCEWISE_DB_PATH elsewhere.",
        data: { path: dir },
        cause,
      });
    }
    try {
      // We hold the lock, so a socket file left here is a dead owner's.
      rmSync(this.layout.socketPath, { force: true });
      wire = await serveWire({ db, path: this.layout.socketPath, maxConnections: this.options.maxConnections });
    } catch (error) {
      await db.close().catch(() => {});
      removeOwnerInfo(this.layout);
      await lock.release();
      throw error;
    }
    const { handoverMs = 15_000, closeMs = 30_000 } = this.options;
    return {
      role: "owner",
      client: yieldingClient(pgliteClient(db)),
      close: async () => {
        await wire.close({
          timeoutMs: handoverMs,
          onWait: (n) => this.notice(`handing the database over: waiting for ${n} client connection${n === 1 ? "" : "s"} to finish`),
        });
        // Closing PGlite while a query runs aborts it and can damage the files; a query still
        // running after closeMs is left to Postgres's crash recovery instead, and the lock stays
        // held until this process exits.
        const closed = await Promise.race([
          db.close().then(
            () => true,
            () => false,
          ),
          sleep(closeMs, false, { ref: false }),
        ]);
        if (!closed) {
          this.notice(`the database at ${dir} is still busy after ${closeMs / 1000} s; leaving it to crash recovery`);
          return;
        }
        removeOwnerInfo(this.layout);
        await lock.release();
      },
    };
  }
}
