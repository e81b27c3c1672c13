import pg from "pg";
import { SourcewiseError } from "../errors.js";
import { pgClient } from "./pg-client.js";
import { SqlStore } from "./store.js";

export interface OpenPostgresOptions {
  /** A `postgres://` connection string (`DATABASE_URL`). */
  connectionString: string;
  /** Pooled connections. @default 4 */
  maxConnections?: number;
  /** Apply pending migrations on open. Off when the schema is managed elsewhere (`supabase db push`). @default true */
  migrate?: boolean;
}

/**
 * Opens a store on a Postgres server over the wire (`pg`), with the same migrations and SQL
 * functions as the embedded store. Connect as the table owner (or a role with BYPASSRLS):
 * ingestion writes every tenant's rows, and row-level security is for end users.
 * @example
 * const store = await openPostgresStore({ connectionString: process.env.DATABASE_URL! });
 */
export async function openPostgresStore({ connectionString, maxConnections = 4, migrate = true }: OpenPostgresOptions): Promise<SqlStore> {
  const pool = new pg.Pool({ connectionString, max: maxConnections });
  // An idle connection dropped by the server must not crash the process.
  pool.on("error", () => {});
  const store = new SqlStore(pgClient(pool));
  try {
    await pool.query("select 1");
    if (migrate) await store.migrate();
  } catch (cause) {
    await pool.end().catch(() => {});
    const where = connectionString.replace(/\/\/[^@/]*@/, "//***@");
    throw new SourcewiseError("store_open_failed", `Could not open the Postgres store at ${where}: ${(cause as Error).message}`, {
      hint: "Check DATABASE_URL (host, port, user, password, database) and that pgvector is installed on the server.",
      data: { url: where },
      cause,
    });
  }
  return store;
}
