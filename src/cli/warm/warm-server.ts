import { chmodSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { WARM_PROTOCOL, type WarmPaths } from "./warm-key.js";

/** What `ask` sends a warm process: one JSON line. */
export interface WarmRequest {
  protocol: number;
  key: string;
  question: string;
  topic?: string;
  sources?: string[];
  json?: boolean;
}

/** A warm process's one-line reply: the command's output, its error as the CLI prints it, or "not mine". */
export type WarmReply =
  | { ok: true; pid: number; output: string }
  | { ok: false; pid: number; error: { line: string; exitCode: number } }
  | { ok: false; pid: number; mismatch: string };

/** Options of {@link startWarmServer}. */
export interface WarmServerOptions {
  key: string;
  paths: WarmPaths;
  /** Stop after this long without a request. */
  idleMs: number;
  /** Answers one request with the text `ask` prints. */
  answer(request: WarmRequest): Promise<string>;
  /** An error as the CLI reports it: one line and an exit code. */
  describeError(error: unknown): { line: string; exitCode: number };
}

/** A listening warm process. */
export interface WarmServer {
  /** Resolves once it has stopped (idle, or `close`). */
  closed: Promise<void>;
  /** Stops accepting, lets the requests in flight finish, and frees the socket and the lock. */
  close(): Promise<void>;
}

/** Largest request accepted, in bytes: a question is at most a few kilobytes. */
const MAX_REQUEST_BYTES = 64 * 1024;

function listen(server: Server, path: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? resolve(false) : reject(error)));
    server.listen(path, () => resolve(true));
  });
}

/**
 * Serves `ask` requests on `paths.socketPath` until idle for `idleMs`. One warm process per key:
 * it first binds the key's abstract socket (kernel-held, freed when a process dies), so a second
 * one resolves null, and the holder may safely replace a socket file left by a crashed one.
 * A request of another key or protocol is answered `mismatch`, and the caller answers by itself.
 * @returns null when another process already serves this key.
 */
export async function startWarmServer({ key, paths, idleMs, answer, describeError }: WarmServerOptions): Promise<WarmServer | null> {
  const lock = createServer((socket) => socket.destroy());
  if (!(await listen(lock, `\0${paths.lockName}`))) return null;
  let active = 0;
  let idle: NodeJS.Timeout | undefined;
  let closing: Promise<void> | undefined;
  let stopped!: () => void;
  const closed = new Promise<void>((resolve) => (stopped = resolve));

  const reply = (socket: Socket, body: WarmReply): void => void socket.end(`${JSON.stringify(body)}\n`);
  async function handle(socket: Socket, line: string): Promise<void> {
    let request: WarmRequest;
    try {
      request = JSON.parse(line) as WarmRequest;
    } catch {
      return reply(socket, { ok: false, pid: process.pid, mismatch: "the request is not JSON" });
    }
    if (request.protocol !== WARM_PROTOCOL || request.key !== key || typeof request.question !== "string") {
      return reply(socket, { ok: false, pid: process.pid, mismatch: `serves key ${key}, protocol ${WARM_PROTOCOL}` });
    }
    try {
      reply(socket, { ok: true, pid: process.pid, output: await answer(request) });
    } catch (error) {
      reply(socket, { ok: false, pid: process.pid, error: describeError(error) });
    }
  }

  const armIdle = () => {
    clearTimeout(idle);
    if (active === 0 && !closing) idle = setTimeout(() => void close(), idleMs);
  };
  const server = createServer((socket) => {
    active++;
    clearTimeout(idle);
    let buffered = "";
    let handled = false;
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      if (handled) return;
      buffered += chunk;
      if (buffered.length > MAX_REQUEST_BYTES) return void socket.destroy();
      const end = buffered.indexOf("\n");
      if (end < 0) return;
      handled = true;
      void handle(socket, buffered.slice(0, end));
    });
    socket.on("error", () => socket.destroy());
    socket.once("close", () => {
      active--;
      armIdle();
    });
  });

  // We hold the lock: a socket file here is a crashed warm process's.
  rmSync(paths.socketPath, { force: true });
  try {
    await listen(server, paths.socketPath);
    chmodSync(paths.socketPath, 0o600);
  } catch (error) {
    await new Promise((done) => lock.close(done));
    throw error;
  }
  armIdle();

  function close(): Promise<void> {
    closing ??= (async () => {
      clearTimeout(idle);
      await new Promise((done) => server.close(done));
      rmSync(paths.socketPath, { force: true });
      await new Promise((done) => lock.close(done));
      stopped();
    })();
    return closing;
  }
  return { closed, close };
}
