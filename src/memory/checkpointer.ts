import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { MemorySaver } from "@langchain/langgraph";
import { ConfigError, SourcewiseError } from "../errors.js";
import { makeDirectory } from "../storage/make-directory.js";

/** A checkpointer and how to release what it holds. */
export interface OpenCheckpointer {
  saver: BaseCheckpointSaver;
  /** e.g. "memory", "pglite:<path>", "postgres" */
  kind: string;
  close(): Promise<void>;
}

/** Options of {@link openCheckpointer}. */
export interface OpenCheckpointerOptions {
  /** "memory", "pglite" or a postgres:// URL. */
  threads: string;
  /** PGlite data directory for "pglite", or "memory". */
  pglitePath: string;
  /** Connections PostgresSaver's pool may open to Postgres (the PGlite socket accepts this many too, its pool uses one). @default 4 */
  maxConnections?: number;
}

/**
 * Opens where threads persist: a MemorySaver; a PostgresSaver on Postgres; or a PostgresSaver on
 * an embedded PGlite served over loopback by pglite-socket. The PGlite is its own database, not
 * the store's: PostgresSaver's pooled connections must not interleave with the store's transactions.
 *
 * @example
 * const { saver, close } = await openCheckpointer({ threads: "pglite", pglitePath: ".sourcewise/threads" });
 * const graph = createGraph({ store, embeddings, checkpointer: saver });
 */
export async function openCheckpointer({ threads, pglitePath, maxConnections = 4 }: OpenCheckpointerOptions): Promise<OpenCheckpointer> {
  if (threads === "memory") return { saver: new MemorySaver(), kind: "memory", close: async () => {} };
  const { PostgresSaver } = await import("@langchain/langgraph-checkpoint-postgres");
  const pg = (await import("pg")).default;
  if (/^postgres(ql)?:\/\//.test(threads)) {
    const pool = new pg.Pool({ connectionString: threads, max: maxConnections });
    const saver = new PostgresSaver(pool);
    await saver.setup();
    return { saver, kind: "postgres", close: () => pool.end() };
  }
  if (threads !== "pglite") {
    throw new ConfigError({
      message: `Unknown threads setting "${threads}".`,
      hint: 'Use "memory", "pglite" or a postgres:// connection string (SOURCEWISE_THREADS).',
      data: { threads },
    });
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  // makeDirectory first: PGlite's own recursive mkdir never returns for some paths (under /proc).
  const dataDir = pglitePath === "memory" ? undefined : await makeDirectory(pglitePath).catch((cause: NodeJS.ErrnoException) => {
    throw new SourcewiseError("store_open_failed", `Could not create the threads database folder ${pglitePath} (${cause.code ?? "error"}).`, {
      hint: 'Set SOURCEWISE_DB_PATH to a writable folder (threads live beside it), or SOURCEWISE_THREADS to "memory" or a postgres:// URL.',
      data: { path: pglitePath },
      cause,
    });
  });
  const db = dataDir === undefined ? await PGlite.create() : await PGlite.create({ dataDir });
  // Port 0: the OS picks a free loopback port, read back from the listening socket.
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections });
  await server.start();
  const port = Number(server.getServerConn().split(":").at(-1));
  // One pooled connection: every socket connection shares PGlite's single session, so two would
  // interleave their transactions and unnamed prepared statements (seen under load as
  // "unnamed prepared statement does not exist"). The pool queues queries instead.
  const pool = new pg.Pool({ host: "127.0.0.1", port, user: "postgres", database: "postgres", max: 1 });
  try {
    const saver = new PostgresSaver(pool);
    await saver.setup();
    return {
      saver,
      kind: `pglite:${pglitePath}`,
      async close() {
        await pool.end();
        await server.stop();
        await db.close();
      },
    };
  } catch (error) {
    await pool.end().catch(() => {});
    await server.stop().catch(() => {});
    await db.close().catch(() => {});
    throw error;
  }
}
