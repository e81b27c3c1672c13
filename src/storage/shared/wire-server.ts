import { createServer, type Server, type Socket } from "node:net";
import type { PGlite } from "@electric-sql/pglite";

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);
const ROLLBACK = query("ROLLBACK");
const HANDOVER = "the sourcewise owner is handing the database over";

function query(sql: string): Buffer {
  const body = Buffer.from(`${sql}\0`);
  const head = Buffer.alloc(5);
  head[0] = 0x51;
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

/** A backend ErrorResponse, e.g. FATAL 57P01 (admin_shutdown), which `pg` reports as a lost connection. */
export function errorResponse(severity: "FATAL" | "ERROR", code: string, message: string): Buffer {
  const field = (tag: string, value: string) => Buffer.from(`${tag}${value}\0`);
  const body = Buffer.concat([field("S", severity), field("V", severity), field("C", code), field("M", message), Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head[0] = 0x45;
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

/** The status of the last ReadyForQuery in a backend reply: "I" idle, "T" in a transaction, "E" failed one; null if none. */
export function readyStatus(reply: Uint8Array): string | null {
  let status: string | null = null;
  const view = Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength);
  for (let i = 0; i + 5 <= view.length; i += 1 + view.readInt32BE(i + 1)) {
    if (view[i] === 0x5a && i + 5 < view.length) status = String.fromCharCode(view[i + 5]!);
  }
  return status;
}

/** A Postgres wire-protocol server in front of the owner's PGlite. */
export interface WireServer {
  /** Client connections open now. */
  readonly connections: number;
  /**
   * Hands the database over: stops accepting, lets every connection finish the transaction or
   * query it is in, then ends it with FATAL 57P01 so its process reconnects to the next owner.
   * Connections still busy after `timeoutMs` are ended anyway (their transaction rolls back).
   */
  close(options: { timeoutMs: number; onWait?: (busy: number) => void }): Promise<void>;
}

/** Options of {@link serveWire}. */
export interface ServeWireOptions {
  db: PGlite;
  /** Unix socket path to listen on. */
  path: string;
  /** @default 64 */
  maxConnections?: number;
  /** A connection that holds a transaction open this long without sending anything is ended. @default 60000 */
  idleInTransactionMs?: number;
}

/**
 * Serves `db` on a Unix socket so other processes use it through `pg`. PGlite has one session,
 * so a connection holds it (PGlite's own transaction lock, the one `db.query` and
 * `db.transaction` wait on in this process) from its first message until PGlite is idle again:
 * an extended-protocol exchange up to its Sync, or a whole transaction. Nothing interleaves,
 * neither two connections nor a connection and the owner's own queries.
 */
export async function serveWire({ db, path, maxConnections = 64, idleInTransactionMs = 60_000 }: ServeWireOptions): Promise<WireServer> {
  const open = new Set<Connection>();
  let closing = false;
  let startupReply: Buffer | undefined;
  const session = () =>
    new Promise<() => void>((granted) => {
      void db._runExclusiveTransaction(() => new Promise<void>((release) => granted(release)));
    });

  class Connection {
    private buffer: Buffer = Buffer.alloc(0);
    private started = false;
    private queue: { message: Buffer; startup: boolean }[] = [];
    private busy = false;
    private release: (() => void) | null = null;
    private idleTimer: NodeJS.Timeout | undefined;
    private dead = false;

    constructor(readonly socket: Socket) {
      socket.on("data", (data) => this.receive(data));
      socket.on("error", () => this.drop());
      socket.on("close", () => this.drop());
    }

    /** Not in a transaction, nothing running or waiting. */
    get idle() {
      return !this.busy && !this.release && this.queue.length === 0;
    }

    private receive(data: Buffer) {
      if (this.dead) return;
      clearTimeout(this.idleTimer);
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
      for (;;) {
        if (!this.started) {
          if (this.buffer.length < 8) break;
          const length = this.buffer.readInt32BE(0);
          if (this.buffer.length < length) break;
          const code = this.buffer.readInt32BE(4);
          const message = this.buffer.subarray(0, length);
          this.buffer = this.buffer.subarray(length);
          if (code === SSL_REQUEST || code === GSS_REQUEST) this.socket.write("N");
          else if (code === CANCEL_REQUEST) return this.end();
          else {
            this.started = true;
            this.queue.push({ message, startup: true });
          }
          continue;
        }
        if (this.buffer.length < 5) break;
        const length = 1 + this.buffer.readInt32BE(1);
        if (this.buffer.length < length) break;
        const message = this.buffer.subarray(0, length);
        this.buffer = this.buffer.subarray(length);
        // Terminate: PGlite's one session must outlive every client.
        if (message[0] === 0x58) return this.end();
        this.queue.push({ message, startup: false });
      }
      void this.pump();
    }

    private async pump() {
      if (this.busy) return;
      this.busy = true;
      try {
        while (this.queue.length > 0 && !this.dead) {
          const { message, startup } = this.queue.shift()!;
          if (startup && startupReply) {
            // Every connection gets the first one's greeting: PGlite's session is already set up.
            this.socket.write(startupReply);
            continue;
          }
          this.release ??= await session();
          if (this.dead) break;
          // A copy: PGlite may reuse the memory behind its reply before the socket has sent it.
          const reply = Buffer.from(await db.runExclusive(() => db.execProtocolRaw(message)));
          if (startup) startupReply = reply;
          if (this.socket.writable) this.socket.write(reply);
          if (readyStatus(reply) === "I") this.unlock();
        }
      } catch {
        this.socket.destroy();
        this.dead = true;
      } finally {
        this.busy = false;
      }
      if (this.dead) return this.drop();
      if (this.release && this.queue.length === 0) {
        this.idleTimer = setTimeout(
          () => this.fatal("25P03", "idle in transaction for too long: the sourcewise owner ended the connection"),
          idleInTransactionMs,
        );
      }
      if (closing && this.idle) this.fatal("57P01", HANDOVER);
    }

    private unlock() {
      const release = this.release;
      this.release = null;
      release?.();
      if (closing) settle();
    }

    /** Rolls back what a vanished client left: an unfinished extended-protocol exchange, an open transaction. */
    private async cleanUp() {
      clearTimeout(this.idleTimer);
      if (this.busy || !this.release) return;
      try {
        await db.runExclusive(async () => {
          await db.execProtocolRaw(SYNC);
          if (db.isInTransaction()) await db.execProtocolRaw(ROLLBACK);
        });
      } catch {
        // PGlite itself failed; the owner's next query reports it.
      } finally {
        this.unlock();
      }
    }

    fatal(code: string, message: string) {
      if (this.dead) return;
      if (this.socket.writable) this.socket.write(errorResponse("FATAL", code, message));
      this.end();
    }

    end() {
      this.socket.end();
      this.drop();
    }

    drop() {
      this.dead = true;
      this.queue = [];
      open.delete(this);
      void this.cleanUp().then(() => {
        if (this.socket.writableEnded) setTimeout(() => this.socket.destroy(), 1000).unref();
        else this.socket.destroy();
      });
      if (closing) settle();
    }
  }

  let settle = () => {};
  const server: Server = createServer((socket) => {
    if (closing || open.size >= maxConnections) {
      socket.end(errorResponse("FATAL", closing ? "57P01" : "53300", closing ? HANDOVER : "too many connections to the sourcewise owner"));
      return;
    }
    open.add(new Connection(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.unref();

  return {
    get connections() {
      return open.size;
    },
    async close({ timeoutMs, onWait }) {
      closing = true;
      const stopped = new Promise<void>((done) => server.close(() => done()));
      for (const c of open) if (c.idle) c.fatal("57P01", HANDOVER);
      if (open.size > 0) {
        onWait?.(open.size);
        await new Promise<void>((done) => {
          const timer = setTimeout(done, timeoutMs);
          settle = () => {
            for (const c of open) if (c.idle) c.fatal("57P01", HANDOVER);
            if (open.size === 0) {
              clearTimeout(timer);
              done();
            }
          };
          settle();
        });
        for (const c of open) c.fatal("57P01", HANDOVER);
      }
      await stopped;
    },
  };
}
