import { Command, InvalidArgumentError } from "commander";
import { loadConfig, type ConfigInput } from "../config/config.js";

const port = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError("--port must be an integer from 0 to 65535.");
  return n;
};

/**
 * `sourcewise serve [--port] [--host] [--auth]`: the chat backend over the configured store.
 * Threads persist where `server.threads` says (SOURCEWISE_THREADS); with `--auth` (or a JWT
 * secret configured) every /v1 request needs a bearer token whose `tenant_id` picks the tenant.
 */
export function serveCommand(): Command {
  return new Command("serve")
    .description("serve the chat backend: POST /v1/chat (SSE), POST /v1/ingest, GET /healthz")
    .option("-p, --port <port>", "port to listen on (default: 8787, 0 picks a free one)", port)
    .option("--host <host>", "address to bind (default: 127.0.0.1)")
    .option("--auth", "require bearer JWTs (needs SOURCEWISE_JWT_SECRET)", false)
    .action(async (opts: { port?: number; host?: string; auth: boolean }, cmd: Command) => {
      const globals = cmd.optsWithGlobals<{ config?: string; db?: string; tenant?: string; embeddings?: string }>();
      const overrides: ConfigInput = { server: { ...(opts.port !== undefined ? { port: opts.port } : {}), ...(opts.host ? { host: opts.host } : {}) } };
      if (globals.db) overrides.store = { path: globals.db };
      if (globals.tenant) overrides.tenant = globals.tenant;
      if (globals.embeddings) overrides.embeddings = globals.embeddings;
      const config = loadConfig({ file: globals.config, overrides });
      if (opts.auth && !config.server.jwtSecret) {
        throw new InvalidArgumentError("--auth needs a JWT secret: set SOURCEWISE_JWT_SECRET (16+ characters) or server.jwtSecret.");
      }
      const { openContext } = await import("../context/open-context.js");
      const { openCheckpointer } = await import("../memory/checkpointer.js");
      const { startServer } = await import("../server/server.js");
      const ctx = await openContext(config);
      const threads = await openCheckpointer({
        threads: config.server.threads,
        pglitePath: config.store.path === "memory" ? "memory" : `${config.store.path}-threads`,
      }).catch(async (error: unknown) => {
        await ctx.close();
        throw error;
      });
      const running = await startServer({
        context: ctx, checkpointer: threads.saver, jwtSecret: config.server.jwtSecret, port: config.server.port, host: config.server.host,
        maxMessageChars: config.server.maxMessageChars, maxBodyBytes: config.server.maxBodyBytes,
        ingest: { maxFileBytes: config.ingest.maxFileBytes, batchSize: config.ingest.batchSize, chunking: { maxTokens: config.ingest.maxTokens, overlapTokens: config.ingest.overlapTokens } },
      });
      process.stderr.write(`sourcewise: serving ${running.url} (threads: ${threads.kind}, auth: ${config.server.jwtSecret ? "on" : "off"})\n`);
      await new Promise<void>((done) => {
        process.once("SIGINT", () => done());
        process.once("SIGTERM", () => done());
      });
      await running.close();
      await threads.close();
      await ctx.close();
    });
}
