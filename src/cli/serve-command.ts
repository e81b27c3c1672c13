import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { Command, InvalidArgumentError } from "commander";
import { loadConfig, type Config, type ConfigInput } from "../config/config.js";
import { ConfigError } from "../errors.js";
import { TENANT_PLACEHOLDER } from "../server/ingest-roots.js";
import { closeOnSignal } from "./shutdown.js";

const port = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError("--port must be an integer from 0 to 65535.");
  return n;
};

/** A configured ingest folder that does not exist is a start-up error, not a server that reads nothing. */
function checkIngestRoots(roots: Config["server"]["ingestRoots"]): void {
  for (const [tenant, folders] of Object.entries(roots ?? {})) {
    for (const [i, folder] of folders.entries()) {
      if (folder.includes(TENANT_PLACEHOLDER) || statSync(folder, { throwIfNoEntry: false })?.isDirectory()) continue;
      throw new ConfigError({
        message: `server.ingestRoots.${tenant}.${i}: ${resolve(folder)} is not a folder.`,
        hint: "Create it, or fix server.ingestRoots in the config file ({tenant} in a path stands for the caller's tenant).",
        data: { tenant, folder },
      });
    }
  }
}

/** Opens what the server answers with: the run context and the thread store, and says whose database it is. */
async function openServing(config: Config) {
  const { openContext } = await import("../context/open-context.js");
  const { openCheckpointer } = await import("../memory/checkpointer.js");
  const { SharedPGlite } = await import("../storage/shared/shared-pglite.js");
  const { describeOwner } = await import("../storage/shared/owner-info.js");
  const ctx = await openContext(config);
  // On PGlite, threads live in the store's own database, so one directory has one owner.
  const threads = await openCheckpointer({
    threads: config.server.threads,
    ...(config.store.kind === "pglite" ? { client: ctx.store.client } : { pglitePath: `${config.store.path}-threads` }),
  }).catch(async (error: unknown) => {
    await ctx.close();
    throw error;
  });
  const share = ctx.store.client instanceof SharedPGlite ? await ctx.store.client.state() : undefined;
  const database = share ? `, database: ${share.role === "owner" ? "owner" : `client of ${describeOwner(share.owner)}`}` : "";
  return {
    ctx,
    threads,
    database,
    async close() {
      await threads.close();
      await ctx.close();
    },
  };
}

/**
 * `sourcewise serve [--port] [--host] [--auth]`: the chat backend over the configured store.
 * Threads persist where `server.threads` says (SOURCEWISE_THREADS); with `--auth` (or a JWT
 * secret configured) every /v1 request needs a bearer token whose `tenant_id` picks the tenant.
 */
export function serveCommand(): Command {
  return new Command("serve")
    .description("serve the chat backend: POST /api/chat (AI SDK useChat), POST /v1/chat (SSE), POST /v1/ingest, GET /healthz")
    .option("-p, --port <port>", "port to listen on (default: 8787, 0 picks a free one)", port)
    .option("--host <host>", "address to bind (default: 127.0.0.1)")
    .option("--auth", "require bearer JWTs (needs SOURCEWISE_JWT_SECRET)", false)
    .option("--ui", "serve the chat page (examples/chat-ui, built by `npm run build:chat-ui`) at /", false)
    .action(async (opts: { port?: number; host?: string; auth: boolean; ui: boolean }, cmd: Command) => {
      const globals = cmd.optsWithGlobals<{ config?: string; db?: string; tenant?: string; embeddings?: string }>();
      const overrides: ConfigInput = {
        server: { ...(opts.port !== undefined ? { port: opts.port } : {}), ...(opts.host ? { host: opts.host } : {}) },
      };
      if (globals.db) overrides.store = { path: globals.db };
      if (globals.tenant) overrides.tenant = globals.tenant;
      if (globals.embeddings) overrides.embeddings = globals.embeddings;
      const config = loadConfig({ file: globals.config, overrides });
      if (opts.auth && !config.server.jwtSecret) {
        throw new ConfigError({
          message: "--auth needs a JWT secret.",
          hint: "Set SOURCEWISE_JWT_SECRET (16+ characters) or server.jwtSecret.",
        });
      }
      const dataDir = config.server.dataDir ?? (config.store.path === "memory" ? ".sourcewise" : dirname(resolve(config.store.path)));
      checkIngestRoots(config.server.ingestRoots);
      const { CHAT_UI_DIR } = await import("../server/static-ui.js");
      if (opts.ui && !statSync(join(CHAT_UI_DIR, "index.html"), { throwIfNoEntry: false })) {
        throw new ConfigError({
          message: `--ui: the chat page is not built (${CHAT_UI_DIR} has no index.html).`,
          hint: "Run `npm run build:chat-ui` in the sourcewise folder, then start again.",
        });
      }
      const { server } = config;
      const { startServer } = await import("../server/server.js");
      // The store, the model and the graph open while the server already listens; requests wait for them.
      const opening = openServing(config);
      let running: Awaited<ReturnType<typeof startServer>>;
      try {
        running = await startServer({
          opening: opening.then(({ ctx, threads }) => ({
            context: ctx,
            checkpointer: threads.saver,
            jwtSecret: server.jwtSecret,
            maxMessageChars: server.maxMessageChars,
            maxBodyBytes: server.maxBodyBytes,
            ingest: {
              maxFileBytes: config.ingest.maxFileBytes,
              batchSize: config.ingest.batchSize,
              chunking: { maxTokens: config.ingest.maxTokens, overlapTokens: config.ingest.overlapTokens },
            },
            ingestRoots: server.ingestRoots,
            dataDir,
            corsOrigins: server.corsOrigins,
            ...(opts.ui ? { uiDir: CHAT_UI_DIR } : {}),
          })),
          port: server.port,
          host: server.host,
          headersTimeoutMs: server.headersTimeoutMs,
          requestTimeoutMs: server.requestTimeoutMs,
          keepAliveTimeoutMs: server.keepAliveTimeoutMs,
        });
      } catch (error) {
        // The embedding workers and databases would otherwise keep the process alive after the error.
        await opening.then((o) => o.close()).catch(() => {});
        throw error;
      }
      // Requests are accepted from here on (they wait for the store); one line once it is open, so a start-up error stays one line.
      const listening = process.uptime();
      const open = await opening.catch(async (error: unknown) => {
        await running.close();
        throw error;
      });
      const facts = [
        `threads: ${open.threads.kind}`,
        `auth: ${server.jwtSecret ? "on" : "off"}${open.database}`,
        ...(opts.ui ? [`chat page: ${running.url}/`] : []),
      ];
      process.stderr.write(
        `sourcewise: serving ${running.url} (${facts.join(", ")}; listening after ${listening.toFixed(2)} s, ready after ${process.uptime().toFixed(2)} s)\n`,
      );
      // One question of its own, so the first user's finds the index in memory (beside any real one).
      const { warmUp } = await import("../context/warm-up.js");
      const warming = warmUp(open.ctx);
      // Requests in flight finish first, then threads and the store close: never under a running query.
      closeOnSignal(
        async () => {
          await running.close();
          await warming;
          await open.close();
        },
        { exitCode: 0 },
      );
      await new Promise<never>(() => {});
    });
}
