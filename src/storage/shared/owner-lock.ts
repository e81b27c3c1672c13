import { createHash } from "node:crypto";
import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";

/** The exclusive right to open one PGlite data directory, held until released or the process dies. */
export interface OwnerLock {
  /** How the lock is held: a Linux abstract socket (kernel-held) or a lock file checked by pid. */
  kind: "abstract-socket" | "pid-file";
  release(): Promise<void>;
}

/** How {@link acquireOwnerLock} holds the lock. @default "abstract-socket" on Linux, else "pid-file" */
export type LockKind = OwnerLock["kind"];

export const defaultLockKind = (): LockKind => (process.platform === "linux" ? "abstract-socket" : "pid-file");

/** The lock's name for a data directory: one per real path, so `./db` and `/abs/db` share it. */
export function lockName(realDir: string): string {
  return `sourcewise-${createHash("sha256").update(realDir).digest("hex").slice(0, 32)}`;
}

/**
 * Tries to take the owner lock of `realDir` (a real path). Resolves null when another live
 * process holds it. On Linux the lock is a listening abstract Unix socket named after the
 * directory: binding is atomic and the kernel frees it when the process dies, so a crashed owner
 * never leaves a stale lock. Elsewhere it is an `O_EXCL` file holding the owner's pid, taken over
 * only when that pid is dead.
 */
export async function acquireOwnerLock(realDir: string, kind: LockKind = defaultLockKind()): Promise<OwnerLock | null> {
  return kind === "abstract-socket" ? abstractSocketLock(realDir) : pidFileLock(realDir);
}

async function abstractSocketLock(realDir: string): Promise<OwnerLock | null> {
  const server: Server = createServer((socket) => socket.destroy());
  const bound = await new Promise<boolean>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? resolve(false) : reject(error)));
    server.listen(`\0${lockName(realDir)}`, () => resolve(true));
  });
  if (!bound) return null;
  // The lock must not keep a finished process alive.
  server.unref();
  return { kind: "abstract-socket", release: () => new Promise<void>((done) => server.close(() => done())) };
}

const pidAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

function pidFileLock(realDir: string): OwnerLock | null {
  const file = join(realDir, ".sourcewise-owner.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return {
        kind: "pid-file",
        release: async () => {
          try {
            if (readFileSync(file, "utf8") === String(process.pid)) unlinkSync(file);
          } catch {
            // Already gone.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder: number;
    try {
      holder = Number(readFileSync(file, "utf8"));
    } catch {
      continue;
    }
    if (Number.isInteger(holder) && holder > 0 && pidAlive(holder)) return null;
    // A dead holder: move its file aside under a name of our own (atomic), so two processes
    // breaking the same stale lock cannot both delete a fresh one.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
      if (readFileSync(aside, "utf8") !== String(holder)) {
        // We moved a fresh lock taken meanwhile: put it back unless yet another was taken.
        try {
          linkSync(aside, file);
        } finally {
          unlinkSync(aside);
        }
        return null;
      }
      unlinkSync(aside);
    } catch {
      // Someone else broke it first; try once more.
    }
  }
  return null;
}
