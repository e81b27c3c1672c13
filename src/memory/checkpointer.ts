import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { MemorySaver } from "@langchain/langgraph";
import { ConfigError } from "../errors.js";
import { pgliteClient, type SqlClient } from "../storage/sql-client.js";
import { sqlClientPool } from "./sql-pool.js";

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
  /**
   * With "pglite": the store's own database. Threads then live there, in schema `sw_threads`, so
   * one embedded database has one owner process (see `SharedPGlite`).
   */
  client?: SqlClient;
  /** With "pglite" and no `client`: a PGlite data directory of their own (shared like the store's), or "memory". */
  pglitePath?: string;
  /** Connections PostgresSaver's pool may open to a postgres:// server. @default 4 */
  maxConnections?: number;
}

/** The Postgres schema PostgresSaver's tables live in inside a sourcewise database. */
export const THREADS_SCHEMA = "sw_threads";

/**
 * Opens where threads persist: a MemorySaver; a PostgresSaver on Postgres; or a PostgresSaver on
 * embedded PGlite: the store's database when `client` is given, else a directory of their own.
 * On PGlite, PostgresSaver talks to the database through {@link sqlClientPool}, in-process for
 * the owner and over the owner's socket for the other processes.
 *
 * @example
 * const { saver, close } = await openCheckpointer({ threads: "pglite", client: store.client });
 * const graph = createGraph({ store, embeddings, checkpointer: saver });
 */
export async function openCheckpointer({
  threads,
  client,
  pglitePath = "memory",
  maxConnections = 4,
}: OpenCheckpointerOptions): Promise<OpenCheckpointer> {
  if (threads === "memory") return { saver: new MemorySaver(), kind: "memory", close: async () => {} };
  const { PostgresSaver } = await import("@langchain/langgraph-checkpoint-postgres");
  if (/^postgres(ql)?:\/\//.test(threads)) {
    const pg = (await import("pg")).default;
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
  let db: SqlClient;
  let kind: string;
  if (client) {
    db = client;
    kind = "pglite:store";
  } else if (pglitePath === "memory") {
    const { PGlite } = await import("@electric-sql/pglite");
    db = pgliteClient(await PGlite.create());
    kind = "pglite:memory";
  } else {
    const { SharedPGlite } = await import("../storage/shared/shared-pglite.js");
    db = await SharedPGlite.open(pglitePath);
    kind = `pglite:${pglitePath}`;
  }
  const close = client ? async () => {} : () => db.close();
  try {
    const saver = new PostgresSaver(sqlClientPool(db), undefined, { schema: THREADS_SCHEMA });
    await saver.setup();
    return { saver, kind, close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}
