import type { Config } from "../config/config.js";
import type { SqlStore } from "./store.js";

/**
 * Opens the store the configuration names (`store.kind`, env `SOURCEWISE_STORE`):
 * - `pglite` (default): the embedded database at `store.path`, migrated on open.
 * - `postgres`: a server over the wire at `DATABASE_URL`, migrated on open.
 * - `supabase`: reads as RPCs with the end user's JWT; writes (ingestion) over `DATABASE_URL`
 *   when it is set, else the store is read-only. Migrations are the Supabase CLI's job there.
 *
 * Each engine's client is imported only when chosen, so the embedded default loads no `pg`.
 * @example
 * const store = await openStore(loadConfig().store);
 */
export async function openStore(store: Config["store"]): Promise<SqlStore> {
  if (store.kind === "postgres") {
    const { openPostgresStore } = await import("./postgres.js");
    return openPostgresStore({ connectionString: store.databaseUrl! });
  }
  if (store.kind === "supabase") {
    const { openSupabaseStore } = await import("./supabase.js");
    let server;
    if (store.databaseUrl) {
      const [{ default: pg }, { pgClient }] = await Promise.all([import("pg"), import("./pg-client.js")]);
      const pool = new pg.Pool({ connectionString: store.databaseUrl, max: 4 });
      pool.on("error", () => {});
      server = pgClient(pool);
    }
    const { url, anonKey, accessToken } = store.supabase ?? {};
    return openSupabaseStore({ url: url!, anonKey: anonKey!, accessToken: accessToken!, server });
  }
  const { openPGliteStore } = await import("./pglite.js");
  return openPGliteStore({ path: store.path });
}
