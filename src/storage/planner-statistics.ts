import type { SqlClient } from "./sql-client.js";

/** The tables every search reads: their statistics and visibility maps decide its plans. */
export const SEARCH_TABLES = ["chunks", "chunk_terms", "documents", "bm25_terms"] as const;

/** Options of {@link refreshPlannerStatistics}. */
export interface RefreshStatisticsOptions {
  /** Rows the caller just wrote, updated or deleted; past autovacuum's threshold (50 + 10% of the rows) they make the statistics stale. @default 0 */
  changedRows?: number;
}

type RelRow = { relname: string; reltuples: number; relpages: number; relallvisible: number };

/**
 * Runs `vacuum (analyze)` on the search tables when their statistics are stale: never gathered
 * (a table without `reltuples`, or most of its pages not marked all-visible), or `changedRows`
 * past autovacuum's default threshold. PGlite has no autovacuum: without this, the planner sees
 * no statistics (it estimated one row for a source's 6,181 vectors and scanned them all instead
 * of the HNSW index), no page is all-visible (no index-only scan of the postings' covering index)
 * and the dead row versions of every update stay in the heap. On a server autovacuum does the
 * same; running it there too is harmless. Not in a transaction (`VACUUM` refuses one).
 * @returns whether it ran.
 * @example
 * await refreshPlannerStatistics(client, { changedRows: 5_000 }); // after an ingest
 */
export async function refreshPlannerStatistics(client: SqlClient, { changedRows = 0 }: RefreshStatisticsOptions = {}): Promise<boolean> {
  const { rows } = await client.query<RelRow>(
    `select c.relname, c.reltuples::float8 as reltuples, c.relpages, c.relallvisible
     from pg_class c where c.oid = any(array['chunks'::regclass, 'chunk_terms'::regclass])`,
  );
  const chunks = rows.find((r) => r.relname === "chunks");
  const known = Math.max(chunks?.reltuples ?? 0, 0);
  const never = rows.some((r) => r.reltuples < 0 || r.relallvisible * 2 < r.relpages);
  if (!never && changedRows <= 50 + 0.1 * known) return false;
  if (never && changedRows === 0) {
    // Nothing gathered, but nothing to gather from either (a new, empty index).
    const { rows: any } = await client.query("select 1 from chunks limit 1");
    if (any.length === 0) return false;
  }
  await client.exec(`vacuum (analyze) ${SEARCH_TABLES.join(", ")}`);
  return true;
}
