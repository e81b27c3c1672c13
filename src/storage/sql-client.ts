import type { PGlite, Transaction } from "@electric-sql/pglite";

/**
 * The little SQL surface the store needs. PGlite, `pg` pools and PGlite served over the wire all
 * fit it, so one store implementation serves every Postgres engine.
 */
export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction: all of it lands, or none of it. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

type PGliteLike = Pick<PGlite, "query" | "exec" | "transaction" | "close">;

function fromTransaction(tx: Transaction): SqlClient {
  return {
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await tx.query<T>(sql, params)).rows }),
    exec: async (sql: string) => {
      await tx.exec(sql);
    },
    // PGlite has no nested transactions; the outer one already gives atomicity.
    transaction: async (fn) => fn(fromTransaction(tx)),
    close: async () => {},
  };
}

/** Wraps a PGlite instance as a {@link SqlClient}. */
export function pgliteClient(db: PGliteLike): SqlClient & { db: PGliteLike } {
  return {
    db,
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await db.query<T>(sql, params)).rows }),
    exec: async (sql: string) => {
      await db.exec(sql);
    },
    transaction: <T>(fn: (tx: SqlClient) => Promise<T>) => db.transaction((tx) => fn(fromTransaction(tx))),
    close: () => db.close(),
  };
}
