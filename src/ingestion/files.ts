import { readdir, stat } from "node:fs/promises";
import { join, resolve, sep } from "node:path";

/** Folders never worth ingesting. */
const SKIP_DIRS = new Set(["node_modules", ".git", ".sourcewise", "__pycache__", ".venv", "dist", "build"]);

export interface FoundFile {
  /** Absolute path. */
  path: string;
  size: number;
}

export interface WalkResult {
  files: FoundFile[];
  /** Paths given that do not exist or cannot be read. */
  missing: { path: string; reason: string }[];
}

/**
 * Expands files and folders into a sorted list of files. Hidden entries and build folders
 * inside a folder are skipped; a hidden file named explicitly is kept.
 */
export async function walkPaths(paths: string[]): Promise<WalkResult> {
  const files = new Map<string, FoundFile>();
  const missing: WalkResult["missing"] = [];
  const visit = async (path: string, explicit: boolean): Promise<void> => {
    let info;
    try {
      info = await stat(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (explicit) missing.push({ path, reason: code === "ENOENT" ? "no such file or directory" : `cannot read (${code})` });
      return;
    }
    if (info.isDirectory()) {
      let entries: string[];
      try {
        entries = await readdir(path);
      } catch (error) {
        missing.push({ path, reason: `cannot list folder (${(error as NodeJS.ErrnoException).code})` });
        return;
      }
      for (const name of entries.sort()) {
        if (name.startsWith(".") || SKIP_DIRS.has(name)) continue;
        await visit(join(path, name), false);
      }
    } else if (info.isFile()) {
      files.set(path, { path, size: info.size });
    }
  };
  for (const p of paths) await visit(resolve(p), true);
  return { files: [...files.values()].sort((a, b) => a.path.localeCompare(b.path)), missing };
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
