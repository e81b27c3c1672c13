import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { SourcewiseError } from "../errors.js";
import type { SqlClient } from "./sql-client.js";

/** Where the SQL migrations live: shared with the Supabase CLI (`supabase/migrations`). */
export const MIGRATIONS_DIR = fileURLToPath(new URL("../../supabase/migrations/", import.meta.url));

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** Reads the migrations in name order (Supabase's `<timestamp>_<name>.sql` convention sorts by time). */
export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith(".sql")).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(`${dir}/${name}`, "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/**
 * Applies the migrations not yet recorded in `sw_migrations`, each in its own transaction.
 * A recorded migration whose file changed is refused: edit schemas with a new migration.
 * @returns the names applied by this call.
 */
export async function migrate(client: SqlClient, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  await client.exec(`create table if not exists sw_migrations (
    name text primary key, checksum text not null, applied_at timestamptz not null default now())`);
  const { rows } = await client.query<{ name: string; checksum: string }>("select name, checksum from sw_migrations");
  const applied = new Map(rows.map((r) => [r.name, r.checksum]));
  const done: string[] = [];
  for (const m of all) {
    const known = applied.get(m.name);
    if (known === m.checksum) continue;
    if (known !== undefined) {
      throw new SourcewiseError("migration_changed", `Migration ${m.name} was applied with different contents.`, {
        hint: "Never edit an applied migration; add a new file to supabase/migrations instead.",
        data: { name: m.name },
      });
    }
    // Another process may have applied it since the read above: check again under a lock.
    const landed = await client.transaction(async (tx) => {
      await tx.exec("lock table sw_migrations in share row exclusive mode");
      const again = await tx.query("select 1 from sw_migrations where name = $1", [m.name]);
      if (again.rows.length > 0) return false;
      await tx.exec(m.sql);
      await tx.query("insert into sw_migrations (name, checksum) values ($1, $2)", [m.name, m.checksum]);
      return true;
    });
    if (landed) done.push(m.name);
  }
  return done;
}
