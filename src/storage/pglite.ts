import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { SourcewiseError } from "../errors.js";
import { makeDirectory } from "./make-directory.js";
import { pgliteClient } from "./sql-client.js";
import { SqlStore } from "./store.js";

/** Where the embedded database lives by default, under the working directory. */
export const DEFAULT_PGLITE_PATH = ".sourcewise/db";

export interface OpenPGliteOptions {
  /** A directory for a file-backed database, or `"memory"` for an in-memory one (tests). @default ".sourcewise/db" */
  path?: string;
  /** Start an in-memory database from this data-directory dump (see `PGlite.dumpDataDir`). */
  loadDataDir?: Blob | File;
}

/**
 * Opens (creating if needed) the embedded PGlite + pgvector store and applies pending migrations.
 * @example
 * const store = await openPGliteStore({ path: "memory" });
 */
export async function openPGliteStore({ path = DEFAULT_PGLITE_PATH, loadDataDir }: OpenPGliteOptions = {}): Promise<SqlStore> {
  let db: PGlite;
  if (path === "memory") {
    db = await PGlite.create({ extensions: { vector }, ...(loadDataDir ? { loadDataDir } : {}) });
  } else {
    const dir = resolve(path);
    try {
      await makeDirectory(dir);
    } catch (cause) {
      const { code, path: where } = cause as NodeJS.ErrnoException;
      throw new SourcewiseError("store_open_failed", `Could not create the embedded database folder ${dir} (${code ?? "error"} at ${where ?? dir}).`, {
        hint: "Set SOURCEWISE_DB_PATH (or --db, store.path) to a folder this user can create and write.",
        data: { path: dir },
        cause,
      });
    }
    try {
      db = await PGlite.create({ dataDir: dir, extensions: { vector } });
    } catch (cause) {
      throw new SourcewiseError("store_open_failed", `Could not open the embedded database at ${dir}.`, {
        hint: "Check that the directory is writable and not opened by another sourcewise process (PGlite allows one writer), or set SOURCEWISE_DB_PATH elsewhere.",
        data: { path: dir },
        cause,
      });
    }
  }
  const store = new SqlStore(pgliteClient(db));
  await store.migrate();
  return store;
}
