import { mkdir, stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";

/**
 * `mkdir -p` that fails fast. Node's `mkdir(path, { recursive: true })` never returns for a path
 * under /proc (mkdir answers ENOENT while the parent exists, and Node retries forever), so this
 * creates one missing level at a time and throws on the first refusal.
 * @returns the absolute path.
 * @throws the first mkdir error (ENOENT, EACCES, EROFS, ENOTDIR...) with its path.
 * @example
 * await makeDirectory(".sourcewise/db");
 */
export async function makeDirectory(path: string): Promise<string> {
  const full = resolve(path);
  const missing: string[] = [];
  for (let dir = full; ; dir = dirname(dir)) {
    try {
      if (!(await stat(dir)).isDirectory())
        throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${dir}'`), { code: "ENOTDIR", path: dir });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || dirname(dir) === dir) throw error;
      missing.unshift(dir);
    }
  }
  for (const dir of missing) {
    try {
      await mkdir(dir);
    } catch (error) {
      // Another process may create the same folder meanwhile; anything else is a refusal.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return full;
}
