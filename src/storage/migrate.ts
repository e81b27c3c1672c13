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

/** Names of schema changes decided at run time start with this; no migration file has it. */
export const RUNTIME_PREFIX = "runtime:";

/** A schema change decided at run time, e.g. the embedding dimension chosen by the first ingest. */
export interface RuntimeMigration {
  /** `runtime:<what>:<value>`, e.g. `runtime:embedding_dimension:768`. */
  name: string;
  sql: string;
  /**
   * Rows of `sw_migrations` whose name starts with this are superseded (deleted) when this one
   * is recorded, so the table holds the one change in force (the column has one dimension).
   */
  supersedes?: string;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Reads the migrations in name order (Supabase's `<timestamp>_<name>.sql` convention sorts by time). */
export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith(".sql")).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(`${dir}/${name}`, "utf8");
      return { name, sql, checksum: sha256(sql) };
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
  await ensureMigrationsTable(client);
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

function ensureMigrationsTable(client: SqlClient): Promise<void> {
  return client.exec(`create table if not exists sw_migrations (
    name text primary key, checksum text not null, applied_at timestamptz not null default now())`);
}

/**
 * Applies a schema change decided at run time and records it in `sw_migrations` in the same
 * transaction, so `supabase/migrations` plus that table still describe the real schema. Pass a
 * transaction as `client` to make it part of a larger change (it is then not committed here).
 * {@link migrate} leaves these rows alone: no file bears their names.
 * @example
 * await applyRuntimeMigration(tx, embeddingDimensionMigration(768));
 */
export async function applyRuntimeMigration(client: SqlClient, { name, sql, supersedes }: RuntimeMigration): Promise<void> {
  if (!name.startsWith(RUNTIME_PREFIX) || (supersedes !== undefined && !supersedes.startsWith(RUNTIME_PREFIX))) {
    throw new SourcewiseError("bad_runtime_migration", `A runtime migration is named ${RUNTIME_PREFIX}…, got "${name}".`, {
      data: { name, supersedes },
    });
  }
  await ensureMigrationsTable(client);
  await client.transaction(async (tx) => {
    await tx.exec(sql);
    if (supersedes !== undefined) {
      await tx.query("delete from sw_migrations where starts_with(name, $1)", [supersedes]);
    }
    await tx.query(
      `insert into sw_migrations (name, checksum) values ($1, $2)
       on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`,
      [name, sha256(sql)],
    );
  });
}
