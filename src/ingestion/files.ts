import { readdir, realpath, stat } from "node:fs/promises";
import { join, resolve, sep } from "node:path";

/** Folders never worth ingesting. */
const SKIP_DIRS = new Set(["node_modules", ".git", ".sourcewise", "__pycache__", ".venv", "dist", "build"]);

/** Why an entry whose real path leaves the allowed roots is skipped (the target is not named). */
export const OUTSIDE_ROOTS = "outside the allowed folders (a symbolic link leads out)";

export interface FoundFile {
  /** Absolute path, as walked (links not resolved): the document's uri. */
  path: string;
  size: number;
  /** The real path (links resolved), checked against the roots; read from here. Set when roots were given. */
  real?: string;
}

export interface WalkResult {
  files: FoundFile[];
  /** Paths skipped while walking: given ones that do not exist or cannot be read, and entries outside the roots. */
  missing: { path: string; reason: string }[];
}

export interface WalkOptions {
  /**
   * Only entries whose real path (symbolic links resolved) lies under one of these folders are
   * walked or kept, at any depth; the others are reported in `missing`. @default no restriction
   */
  roots?: string[];
}

/**
 * Expands files and folders into a sorted list of files. Hidden entries and build folders
 * inside a folder are skipped; a hidden file named explicitly is kept. Symbolic links are
 * followed, within `roots` when given; a link loop is walked once.
 * @example
 * const { files, missing } = await walkPaths(["uploads/"], { roots: ["/srv/uploads"] });
 */
export async function walkPaths(paths: string[], { roots }: WalkOptions = {}): Promise<WalkResult> {
  const allowed = roots ? await realRoots(roots) : undefined;
  const files = new Map<string, FoundFile>();
  const missing: WalkResult["missing"] = [];
  const visit = async (path: string, explicit: boolean, ancestors: ReadonlySet<string>): Promise<void> => {
    let info;
    let real: string;
    try {
      info = await stat(path);
      real = await realpath(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (explicit) missing.push({ path, reason: code === "ENOENT" ? "no such file or directory" : `cannot read (${code})` });
      return;
    }
    if (allowed && !allowed.some((root) => isUnder(real, root))) {
      missing.push({ path, reason: OUTSIDE_ROOTS });
      return;
    }
    if (info.isDirectory()) {
      if (ancestors.has(real)) return;
      let entries: string[];
      try {
        entries = await readdir(path);
      } catch (error) {
        missing.push({ path, reason: `cannot list folder (${(error as NodeJS.ErrnoException).code})` });
        return;
      }
      const below = new Set(ancestors).add(real);
      for (const name of entries.sort()) {
        if (name.startsWith(".") || SKIP_DIRS.has(name)) continue;
        await visit(join(path, name), false, below);
      }
    } else if (info.isFile()) {
      files.set(path, { path, size: info.size, ...(allowed ? { real } : {}) });
    }
  };
  for (const p of paths) await visit(resolve(p), true, new Set());
  return { files: [...files.values()].sort((a, b) => a.path.localeCompare(b.path)), missing };
}

/** The real paths of the roots that exist (a missing root allows nothing). */
async function realRoots(roots: string[]): Promise<string[]> {
  const real = await Promise.all(roots.map((r) => realpath(resolve(r)).catch(() => undefined)));
  return real.filter((r): r is string => r !== undefined);
}

/** Whether `path` is `root` or lies inside it. */
export function isUnder(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** The file part of a document uri (`corpus.jsonl#42` → `corpus.jsonl`). */
export function fileOfUri(uri: string): string {
  const hash = uri.indexOf("#");
  return hash === -1 ? uri : uri.slice(0, hash);
}

/** A NUL byte in the first 8 KiB marks a binary file (git's rule). */
export function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 8192);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}
