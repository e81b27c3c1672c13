import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createChatHandler, type ChatHandlerOptions } from "./app.js";

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

/**
 * Starts {@link createChatHandler} on Node's `http`. Port 0 picks a free port.
 * @example
 * const { url, close } = await startServer({ context, port: 0 });
 */
export async function startServer({ port = 8787, host = "127.0.0.1", ...options }: ChatHandlerOptions & { port?: number; host?: string }): Promise<RunningServer> {
  const handler = createChatHandler(options);
  const server = createServer(handler);
  // A malformed request line or header never reaches the handler; answer it instead of dropping the socket.
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{"error":"Malformed HTTP request.","field":"request"}');
    else socket.destroy();
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
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
  return {
    server,
    port: actual,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${actual}`,
    async close({ graceMs = 10_000 } = {}) {
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeIdleConnections();
      if (active > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([new Promise<void>((done) => (drained = done)), new Promise<void>((done) => (timer = setTimeout(done, graceMs)))]);
        clearTimeout(timer);
      }
      server.closeAllConnections();
      await closed;
      await handler.idle();
    },
  };
}
