import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Bumped when the request or reply format changes: a warm process of another protocol is not asked. */
export const WARM_PROTOCOL = 2;

/** Environment variables that change an answer (models, keys, store), hashed into the key, never stored. */
const RELEVANT_ENV = /^(SOURCEWISE_|GOOGLE_|COHERE_|OPENAI_|SUPABASE_|LANGSMITH_|LANGCHAIN_|DATABASE_URL$)/;

/**
 * This build of sourcewise: the code a warm process runs must be the code the caller would run.
 * The file's size and modification time change with every build (`dist/`) or edit (`src/`).
 */
function buildId(): string {
  const file = fileURLToPath(import.meta.url);
  const { size, mtimeMs } = statSync(file);
  return `${file}:${size}:${mtimeMs}:${process.version}:${process.execArgv.join(" ")}`;
}

/**
 * The key of a warm process: what `ask` would answer with — the resolved settings, the working
 * directory (relative paths), the relevant environment, the protocol and this build. A caller
 * only talks to a warm process of the same key, so a changed setting, key or build starts a new one.
 * @example
 * warmKey(loadConfig(), { cwd: process.cwd(), env: process.env }); // "3f1c…" (24 hex digits)
 */
export function warmKey(settings: unknown, { cwd, env }: { cwd: string; env: NodeJS.ProcessEnv }): string {
  const relevant = Object.keys(env)
    .filter((name) => RELEVANT_ENV.test(name))
    .sort()
    .map((name) => [name, env[name]]);
  return createHash("sha256")
    .update(JSON.stringify({ protocol: WARM_PROTOCOL, build: buildId(), cwd, settings, env: relevant }))
    .digest("hex")
    .slice(0, 24);
}

/** Where a warm process of `key` listens, and its log. */
export interface WarmPaths {
  socketPath: string;
  logPath: string;
  /** The Linux abstract socket that makes one warm process per key (freed by the kernel when it dies). */
  lockName: string;
}

/**
 * The paths of the warm process of `key`, in a folder only this user may enter
 * (`$TMPDIR/sourcewise-<uid>`, mode 0700). Undefined where a warm process is not offered: not
 * Linux (no kernel-held lock), or a folder that is not this user's own.
 */
export function warmPaths(key: string, root = tmpdir()): WarmPaths | undefined {
  if (process.platform !== "linux" || typeof process.getuid !== "function") return undefined;
  const uid = process.getuid();
  const dir = join(root, `sourcewise-${uid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = lstatSync(dir);
    // Another user's folder, or a link to one, would let them answer in our place.
    if (!st.isDirectory() || st.uid !== uid || (st.mode & 0o077) !== 0) return undefined;
  } catch {
    return undefined;
  }
  return { socketPath: join(dir, `ask-${key}.sock`), logPath: join(dir, `ask-${key}.log`), lockName: `sourcewise-warm-${key}` };
}
