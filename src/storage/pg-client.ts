import type { Pool, PoolClient } from "pg";
import type { SqlClient } from "./sql-client.js";

function onConnection(conn: PoolClient): SqlClient {
  return {
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await conn.query(sql, params)).rows as T[] }),
    exec: async (sql: string) => {
      await conn.query(sql);
    },
    // Already inside a transaction on this connection: a nested one adds nothing the outer lacks.
    transaction: async (fn) => fn(onConnection(conn)),
    close: async () => {},
  };
}

/**
 * Wraps a `pg` pool as a {@link SqlClient}. Queries take any pooled connection; a transaction
 * holds one connection from `begin` to `commit`, since a transaction lives on one connection.
 * @example
 * const store = new SqlStore(pgClient(new pg.Pool({ connectionString: process.env.DATABASE_URL })));
 */
export function pgClient(pool: Pool): SqlClient & { pool: Pool } {
  return {
    pool,
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await pool.query(sql, params)).rows as T[] }),
    exec: async (sql: string) => {
      // Without parameters pg uses the simple protocol, which runs several statements.
      await pool.query(sql);
    },
    transaction: async <T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> => {
      const conn = await pool.connect();
      let broken = false;
      // A server that ends the connection between statements (a handover) must fail the
      // transaction, not crash the process with an unhandled 'error' event.
      const lost = () => {
        broken = true;
      };
      conn.on("error", lost);
      try {
        await conn.query("begin");
        const out = await fn(onConnection(conn));
        await conn.query("commit");
        return out;
      } catch (error) {
        await conn.query("rollback").catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        // A connection that cannot even roll back is gone: the pool must not hand it out again.
        conn.off("error", lost);
        conn.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
