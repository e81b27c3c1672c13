import { mkdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lockName } from "./owner-lock.js";

/** Who owns a database directory: the process that opened it and serves it to the others. */
export interface OwnerInfo {
  pid: number;
  /** The owner's command line, e.g. "sourcewise serve --port 8787". */
  command: string;
  /** ISO time the process became owner. */
  since: string;
}

/** Where a data directory's socket and owner file live. */
export interface ShareLayout {
  /** The data directory's real path (the lock is named after it). */
  dir: string;
  /** The folder holding `.s.PGSQL.5432`: `pg` connects with `host` set to it. */
  socketDir: string;
  socketPath: string;
  ownerFile: string;
}

const SOCKET = ".s.PGSQL.5432";
/** Unix socket paths are limited to 107 bytes on Linux (103 on macOS). */
const MAX_SOCKET_PATH = 100;

/**
 * The layout of a shared data directory. The socket lives inside it (so `psql -h <dir>` works),
 * or, when that path is too long for a Unix socket, in a private folder under the temp directory
 * named after the data directory, which every process computes the same way.
 */
export function shareLayout(dir: string): ShareLayout {
  mkdirSync(dir, { recursive: true });
  const real = realpathSync(dir);
  let socketDir = real;
  if (join(real, SOCKET).length > MAX_SOCKET_PATH) {
    socketDir = join(tmpdir(), lockName(real));
    mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  }
  return { dir: real, socketDir, socketPath: join(socketDir, SOCKET), ownerFile: join(socketDir, "sourcewise-owner.json") };
}

/** The command line a person would recognise: "sourcewise ingest docs/" rather than node's full paths. */
export function currentCommand(): string {
  const [script = "", ...args] = process.argv.slice(1);
  const name = /sourcewise(\.js)?$|bin\.ts$/.test(script) ? "sourcewise" : script.split("/").slice(-2).join("/");
  return [name, ...args].join(" ").slice(0, 200);
}

export function writeOwnerInfo(layout: ShareLayout, info: OwnerInfo): void {
  const tmp = `${layout.ownerFile}.${process.pid}`;
  writeFileSync(tmp, JSON.stringify(info));
  renameSync(tmp, layout.ownerFile);
}

export function readOwnerInfo(layout: ShareLayout): OwnerInfo | null {
  try {
    const info = JSON.parse(readFileSync(layout.ownerFile, "utf8")) as OwnerInfo;
    return typeof info.pid === "number" ? info : null;
  } catch {
    return null;
  }
}

export function removeOwnerInfo(layout: ShareLayout): void {
  if (readOwnerInfo(layout)?.pid === process.pid) rmSync(layout.ownerFile, { force: true });
}

/** "pid 1234 (sourcewise serve)" */
export const describeOwner = (info: OwnerInfo | null) => (info ? `pid ${info.pid} (${info.command})` : "another process");
