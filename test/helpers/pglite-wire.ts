import { createServer } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** A free loopback TCP port (asked of the OS, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Serves a PGlite database over the Postgres wire protocol on a free loopback port, so `pg`
 * talks to it as to a server. PGlite has one session: keep transactions sequential.
 */
export async function servePGlite(db: PGlite): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const server = new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections: 4 });
  await server.start();
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`, stop: () => server.stop() };
}
