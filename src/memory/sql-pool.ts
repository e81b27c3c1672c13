import type { Pool } from "pg";
import type { SqlClient } from "../storage/sql-client.js";

const verb = (sql: string) => sql.trimStart().slice(0, 8).split(/\s/)[0]!.toUpperCase();

/**
 * One checked-out "connection" of {@link sqlClientPool}. PostgresSaver's transactions
 * (`put`, `putWrites`, `deleteThread`) only write, so the statements between BEGIN and COMMIT are
 * collected and run at COMMIT as one transaction of the store's client, which retries it whole
 * if the database changes owner meanwhile (the writes are upserts and deletes by key).
 */
class BufferedSession {
  private pending: [string, unknown[] | undefined][] | null = null;

  constructor(private readonly client: SqlClient) {}

  async query(sql: string, params?: unknown[]) {
    const v = verb(sql);
    if (v === "BEGIN") {
      this.pending = [];
      return { rows: [], rowCount: 0 };
    }
    if (!this.pending) return this.client.query(sql, params);
    if (v === "ROLLBACK") {
      this.pending = null;
    } else if (v === "COMMIT") {
      const statements = this.pending;
      this.pending = null;
      await this.client.transaction(async (tx) => {
        for (const [s, p] of statements) await tx.query(s, p);
      });
    } else if (v === "SELECT" || v === "WITH") {
      throw new Error("sqlClientPool runs writes only inside a transaction; this PostgresSaver version reads inside one.");
    } else {
      this.pending.push([sql, params]);
    }
    return { rows: [], rowCount: 0 };
  }

  release() {
    this.pending = null;
  }
}

/**
 * The part of a `pg.Pool` PostgresSaver uses, over a {@link SqlClient}: the store's own
 * database (in-process PGlite for its owner, the owner's socket for the others), so
 * conversation threads need no second database and no second owner.
 * @example
 * const saver = new PostgresSaver(sqlClientPool(store.client), undefined, { schema: "sw_threads" });
 */
export function sqlClientPool(client: SqlClient): Pool {
  const pool = {
    query: (sql: string, params?: unknown[]) => client.query(sql, params),
    connect: async () => new BufferedSession(client),
    end: async () => {},
    on: () => pool,
  };
  return pool as unknown as Pool;
}
