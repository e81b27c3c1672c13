import type { ChildProcess } from "node:child_process";
import { createConnection } from "node:net";
import { WARM_PROTOCOL, type WarmPaths } from "./warm-key.js";
import type { WarmReply, WarmRequest } from "./warm-server.js";

/** Options of {@link askWarm}. */
export interface AskWarmOptions {
  paths: WarmPaths;
  request: Omit<WarmRequest, "protocol">;
  /** Starts a warm process of the request's key, detached, when none answers. */
  start(): ChildProcess;
  /** How long a starting warm process may take to answer. @default 60000 */
  startTimeoutMs?: number;
}

type Attempt = WarmReply | "absent" | "dropped";

/** Sends one request; "absent" when nothing listens, "dropped" when the connection ends without a reply. */
function attempt(socketPath: string, request: WarmRequest): Promise<Attempt> {
  return new Promise((resolve) => {
    const socket = createConnection(socketPath);
    let connected = false;
    let text = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      if (!connected) return resolve("absent");
      try {
        resolve(JSON.parse(text) as WarmReply);
      } catch {
        resolve("dropped");
      }
    });
  });
}

/**
 * Asks the warm process of the request's key, starting one when none listens (a socket file left
 * by a crashed one counts as none). Resolves undefined whenever the caller should answer by
 * itself: a warm process of another build or settings, one that failed to start or died
 * mid-answer, or none within `startTimeoutMs`.
 * @example
 * const reply = await askWarm({ paths, request: { key, question }, start: () => spawnWarm() });
 * if (reply?.ok) process.stdout.write(reply.output);
 */
export async function askWarm({ paths, request, start, startTimeoutMs = 60_000 }: AskWarmOptions): Promise<WarmReply | undefined> {
  const full: WarmRequest = { protocol: WARM_PROTOCOL, ...request };
  const first = await attempt(paths.socketPath, full);
  if (first !== "absent") return first === "dropped" || "mismatch" in first ? undefined : first;
  const child = start();
  let failed = false;
  // Exit code 0: another warm process of this key won the start; it will answer.
  const onExit = (code: number | null) => (failed = code !== 0);
  child.once("exit", onExit);
  try {
    const until = Date.now() + startTimeoutMs;
    while (Date.now() < until && !failed) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const next = await attempt(paths.socketPath, full);
      if (next === "absent") continue;
      return next === "dropped" || "mismatch" in next ? undefined : next;
    }
    return undefined;
  } finally {
    child.off("exit", onExit);
    child.unref();
  }
}
