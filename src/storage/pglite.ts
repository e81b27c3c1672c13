import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { SourcewiseError } from "../errors.js";
import { makeDirectory } from "./make-directory.js";
import { pgliteClient } from "./sql-client.js";
import { SharedPGlite, type OpenSharedOptions } from "./shared/shared-pglite.js";
import { SqlStore } from "./store.js";

/** Where the embedded database lives by default, under the working directory. */
export const DEFAULT_PGLITE_PATH = ".sourcewise/db";

export interface OpenPGliteOptions {
  /** A directory for a file-backed database, or `"memory"` for an in-memory one (tests). @default ".sourcewise/db" */
  path?: string;
  /** Start an in-memory database from this data-directory dump (see `PGlite.dumpDataDir`). */
  loadDataDir?: Blob | File;
  /** How a directory is shared with other processes (waits, lock kind); see {@link SharedPGlite}. */
  share?: OpenSharedOptions;
}

/**
 * Opens (creating if needed) the embedded PGlite + pgvector store and applies pending migrations.
 * A directory is shared between processes: the first to open it owns it and uses PGlite
 * directly, serving it on a Unix socket inside the directory; any other process that opens the
 * same directory meanwhile becomes a client of that owner over `pg` (see {@link SharedPGlite}).
 * @example
 * const store = await openPGliteStore({ path: "memory" });
 */
export async function openPGliteStore({ path = DEFAULT_PGLITE_PATH, loadDataDir, share }: OpenPGliteOptions = {}): Promise<SqlStore> {
  if (path === "memory") {
    const db = await PGlite.create({ extensions: { vector }, ...(loadDataDir ? { loadDataDir } : {}) });
    const store = new SqlStore(pgliteClient(db));
    await store.migrate();
    return store;
  }
  const dir = resolve(path);
  try {
    // Node's own recursive mkdir never returns for some paths (under /proc): fail fast instead.
    await makeDirectory(dir);
  } catch (cause) {
    const { code, path: where } = cause as NodeJS.ErrnoException;
    throw new SourcewiseError(
      "store_open_failed",
      `Could not create the embedded database folder ${dir} (${code ?? "error"} at ${where ?? dir}).`,
      {
        hint: "Set SOURCEWISE_DB_PATH (or --db, store.path) to a folder this user can create and write.",
        data: { path: dir },
        cause,
      },
    );
  }
  const shared = await SharedPGlite.open(dir, share);
  const store = new SqlStore(shared);
  try {
    await store.migrate();
    // PGlite has no autovacuum: a database never vacuumed (written by an older version, or an
    // interrupted ingest) gets its statistics once, here; ingest keeps them fresh after.
    await store.refreshStatistics();
  } catch (error) {
    await shared.close();
    throw error;
  }
  return store;
}
