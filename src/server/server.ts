import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { SourcewiseError } from "../errors.js";
import type { ChatHandler, ChatHandlerOptions } from "./app.js";

/** A listening chat server. */
export interface RunningServer {
  server: Server;
  /** e.g. "http://127.0.0.1:8787" */
  url: string;
  port: number;
  /**
   * Stops accepting, lets requests in flight finish for up to `graceMs` (then ends the streams
   * still open, which aborts their runs), and waits for ingestion in progress. Does not close the
   * store: close it after this, so nothing is closed under a running query.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

/** Socket limits of {@link startServer}; slow or stalled clients are cut off by these. */
export interface ServerTimeouts {
  /** Request headers must arrive within this time. @default 10000 */
  headersTimeoutMs?: number;
  /** The whole request (headers and body) must arrive within this time; the response may stream longer. @default 30000 */
  requestTimeoutMs?: number;
  /** An idle keep-alive connection is closed after this time. @default 5000 */
  keepAliveTimeoutMs?: number;
}

/** The server could not listen: the port is taken, not ours to bind, or the host is not local. */
export class ServerStartError extends SourcewiseError {
  constructor({ host, port, cause }: { host: string; port: number; cause: NodeJS.ErrnoException }) {
    const why: Record<string, [string, string]> = {
      EADDRINUSE: [
        `port ${port} is already in use`,
        "Stop the process using it, or pick another port (--port, SOURCEWISE_PORT; 0 picks a free one).",
      ],
      EACCES: [`binding port ${port} is not permitted`, "Use a port above 1023 (--port), or run with the right to bind it."],
      EADDRNOTAVAIL: [`${host} is not an address of this machine`, "Set --host (server.host) to a local address, e.g. 127.0.0.1."],
    };
    const [reason, hint] = why[cause.code ?? ""] ?? [cause.message, "Check server.host and server.port."];
    super("server_start_failed", `Could not listen on ${host}:${port}: ${reason}.`, {
      hint,
      data: { host, port, code: cause.code },
      cause,
    });
  }
  static override isInstance(error: unknown): error is ServerStartError {
    return SourcewiseError.isInstance(error) && error.code === "server_start_failed";
  }
}

/** The origins a browser gives pages loaded from this address (loopback by either name). */
function ownOrigins(host: string, port: number): string[] {
  const loopback = host === "127.0.0.1" || host === "localhost" || host === "::1";
  const names = loopback ? ["127.0.0.1", "localhost", "[::1]"] : [host.includes(":") ? `[${host}]` : host];
  return names.map((name) => `http://${name}:${port}`);
}

const HTTP_ERROR = (status: string, message: string) =>
  `HTTP/1.1 ${status}\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n${JSON.stringify({ error: message, field: "request" })}`;

/** Options of {@link startServer}: the handler's (or a promise of them as `opening`), the address and the timeouts. */
export type StartServerOptions = (ChatHandlerOptions | (Partial<ChatHandlerOptions> & { opening: Promise<ChatHandlerOptions> })) &
  ServerTimeouts & {
    port?: number;
    host?: string;
    /** The handler's options, still being built: the server listens now and requests wait for them. */
    opening?: Promise<ChatHandlerOptions>;
  };

/**
 * A request listener that answers as soon as the server listens: requests wait for `ready` (the
 * store and models opening), `/healthz` answers 503 `starting` meanwhile, and a failed start is a
 * 503 naming the error.
 */
function deferredHandler(ready: Promise<ChatHandler>): (req: IncomingMessage, res: ServerResponse) => void {
  let handler: ChatHandler | undefined;
  let failed: Error | undefined;
  ready.then(
    (h) => (handler = h),
    (error: Error) => (failed = error),
  );
  const unavailable = (res: ServerResponse, body: object) => {
    if (res.headersSent) return void res.end();
    res.writeHead(503, { "content-type": "application/json; charset=utf-8", "retry-after": "1" });
    res.end(JSON.stringify(body));
  };
  return (req, res) => {
    if (handler) return handler(req, res);
    if (failed) return unavailable(res, { error: `The server failed to start: ${failed.message.split("\n")[0]}`, field: "server" });
    if ((req.url ?? "/").split("?")[0] === "/healthz") return unavailable(res, { status: "starting" });
    ready.then(
      (h) => h(req, res),
      (error: Error) => unavailable(res, { error: `The server failed to start: ${error.message.split("\n")[0]}`, field: "server" }),
    );
  };
}

/**
 * Starts the chat handler (`createChatHandler`) on Node's `http`. Port 0 picks a free port. A
 * client that sends its headers or body too slowly gets a 408 and its socket is destroyed. Given
 * `opening` (the handler's options, still being built), it listens at once and requests wait for
 * them: `sourcewise serve` listens while the store and the model load.
 * @throws ServerStartError when the address cannot be bound (port in use...).
 * @example
 * const { url, close } = await startServer({ context, port: 0 });
 */
export async function startServer({
  port = 8787,
  host = "127.0.0.1",
  headersTimeoutMs = 10_000,
  requestTimeoutMs = 30_000,
  keepAliveTimeoutMs = 5_000,
  opening,
  ...given
}: StartServerOptions): Promise<RunningServer> {
  // The graph and LangChain load with the handler, off the path to listening.
  const options = opening ?? Promise.resolve(given as ChatHandlerOptions);
  let listening!: (port: number) => void;
  const bound = new Promise<number>((done) => (listening = done));
  const ready = import("./app.js").then(async ({ createChatHandler }) => {
    const opened = await options;
    // Only a server that listens gets a handler (a failed listen never resolves `bound`).
    const port = await bound;
    const handler = createChatHandler(opened);
    // The chat page is served from here: its origin (as the browser names it) may call /api/chat.
    if (opened.uiDir) handler.allowOrigins(ownOrigins(host, port));
    return handler;
  });
  ready.catch(() => {});
  const handler = deferredHandler(ready);
  // Node checks the timeouts every connectionsCheckingInterval (30 s by default): check often enough to honour them.
  const connectionsCheckingInterval = Math.max(50, Math.min(1000, Math.floor(Math.min(headersTimeoutMs, requestTimeoutMs) / 4)));
  const server = createServer({ headersTimeout: headersTimeoutMs, requestTimeout: requestTimeoutMs, connectionsCheckingInterval }, handler);
  server.keepAliveTimeout = keepAliveTimeoutMs;
  // A malformed request, or one too slow to arrive (headers or body): answer it if we still can, then destroy the socket.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    const response = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (!socket.writable || response?.headersSent || error.code === "ECONNRESET") return void socket.destroy();
    const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
    socket.end(
      timedOut
        ? HTTP_ERROR("408 Request Timeout", "The request took too long to arrive.")
        : HTTP_ERROR("400 Bad Request", "Malformed HTTP request."),
      () => socket.destroy(),
    );
    // A peer that never reads would keep the socket half-closed.
    setTimeout(() => socket.destroy(), 1000).unref();
  });
  await new Promise<void>((done, fail) => {
    server.once("error", (error: NodeJS.ErrnoException) => fail(new ServerStartError({ host, port, cause: error })));
    server.listen(port, host, () => done());
  });
  let active = 0;
  let drained: (() => void) | undefined;
  server.on("request", (_req, res: ServerResponse) => {
    active++;
    res.once("close", () => {
      if (--active === 0) drained?.();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  listening(actual);
  // Given its options, the server is ready when this resolves; given `opening`, it is listening.
  if (!opening)
    await ready.catch(async (error: unknown) => {
      await new Promise((done) => server.close(done));
      throw error;
    });
  return {
    server,
    port: actual,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${actual}`,
    async close({ graceMs = 10_000 } = {}) {
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeIdleConnections();
      if (active > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((done) => (drained = done)),
          new Promise<void>((done) => (timer = setTimeout(done, graceMs))),
        ]);
        clearTimeout(timer);
      }
      server.closeAllConnections();
      await closed;
      await ready.then((h) => h.idle()).catch(() => {});
    },
  };
}
