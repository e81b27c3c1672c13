import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";

/** Every file under a path (the path itself when it is a file), in sorted order. */
export async function listFiles(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path];
  const entries = (await readdir(path, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  return (await Promise.all(entries.map((e) => (e.isDirectory() ? listFiles(join(path, e.name)) : [join(path, e.name)])))).flat();
}
