import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { Command, InvalidArgumentError } from "commander";
import type { Config } from "../config/config.js";
import { preferQuickWasmStart } from "../context/quick-wasm.js";
import { describeError } from "./describe-error.js";
import { closeOnSignal } from "./shutdown.js";
import { warmKey, warmPaths } from "./warm/warm-key.js";
import type { WarmRequest } from "./warm/warm-server.js";

interface GlobalOptions {
  config?: string;
  db?: string;
  tenant?: string;
  embeddings?: string;
}

type ConfigFrom = (opts: GlobalOptions) => Config;

/** What one `ask` answers. */
type AskRequest = Pick<WarmRequest, "question" | "topic" | "sources" | "json">;

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** The global flags again, for a warm process that must resolve the same settings. */
const globalFlags = (g: GlobalOptions) =>
  (["config", "db", "tenant", "embeddings"] as const).flatMap((name) => (g[name] === undefined ? [] : [`--${name}`, g[name]]));

/** Opens the graph over the configured store; `answer` prints as `ask` does. */
async function openAnswerer(config: Config) {
  const { openContext } = await import("../context/open-context.js");
  // The store and model open while the graph's modules load (they wait on files and the WASM compiler).
  const opening = openContext(config);
  const modules = Promise.all([import("../graph/graph.js"), import("./format.js")]);
  const [ctx, [{ createGraph }, { formatAnswer }]] = await Promise.all([opening, modules]).catch(async (error: unknown) => {
    await opening.then((c) => c.close()).catch(() => {});
    throw error;
  });
  const graph = createGraph(ctx);
  return {
    close: () => ctx.close(),
    async answer({ question, topic, sources, json }: AskRequest): Promise<string> {
      const started = performance.now();
      const result = await graph.invoke({ question, tenant: config.tenant, topic, sources });
      const ms = performance.now() - started;
      return json ? `${JSON.stringify(result, null, 2)}\n` : formatAnswer(result, { ms });
    },
  };
}

/**
 * `sourcewise ask`: answers through the warm process of these settings (starting one when none
 * runs; it keeps the store open and the model loaded, and exits after `warm.idleSeconds` without
 * a question), else, with `--no-warm` or when no warm process can answer, in this process.
 */
export function askCommand(configFrom: ConfigFrom): Command {
  return new Command("ask")
    .description("answer a question with numbered citations, or ask clarifying questions")
    .argument("<question>", "the question")
    .option("-s, --source <name>", "search only this source (repeatable)", collect, [])
    .option("--topic <topic>", "topic for topic-scoped search")
    .option("--json", "print the full result as JSON", false)
    .option("--no-warm", "answer in this process, without starting or asking a warm process")
    .action(async (question: string, opts: { source: string[]; topic?: string; json: boolean; warm: boolean }, cmd: Command) => {
      if (!question.trim()) throw new InvalidArgumentError("the question must not be empty.");
      preferQuickWasmStart();
      const globals = cmd.optsWithGlobals<GlobalOptions>();
      const config = configFrom(globals);
      const request: AskRequest = { question, topic: opts.topic, sources: opts.source.length ? opts.source : undefined, json: opts.json };
      const key = warmKey(config, { cwd: process.cwd(), env: process.env });
      const paths = opts.warm && config.warm.idleSeconds > 0 ? warmPaths(key) : undefined;
      if (paths) {
        const { askWarm } = await import("./warm/warm-client.js");
        const reply = await askWarm({
          paths,
          request: { key, ...request },
          start: () => {
            const log = openSync(paths.logPath, "w");
            try {
              const args = [...process.execArgv, process.argv[1]!, ...globalFlags(globals), "__warm", "--key", key];
              return spawn(process.execPath, args, {
                detached: true,
                stdio: ["ignore", "ignore", log],
                cwd: process.cwd(),
                env: process.env,
              });
            } finally {
              closeSync(log);
            }
          },
        });
        if (reply?.ok) return void process.stdout.write(reply.output);
        if (reply && "error" in reply) {
          process.stderr.write(`sourcewise: ${reply.error.line}\n`);
          process.exitCode = reply.error.exitCode;
          return;
        }
      }
      const answerer = await openAnswerer(config);
      const done = closeOnSignal(() => answerer.close());
      try {
        process.stdout.write(await answerer.answer(request));
      } finally {
        done();
        await answerer.close();
      }
    });
}

/**
 * The warm process `ask` starts (hidden command `__warm --key <key>`): it opens the store and the
 * model once, answers `ask` over a Unix socket only this user can reach, and exits after
 * `warm.idleSeconds` without a question. It refuses to start for settings other than the key's.
 */
export function warmCommand(configFrom: ConfigFrom): Command {
  return new Command("__warm")
    .description("serve `ask` from a warm process (started by `ask`)")
    .requiredOption("--key <key>", "the settings key the caller computed")
    .action(async (opts: { key: string }, cmd: Command) => {
      preferQuickWasmStart();
      const config = configFrom(cmd.optsWithGlobals<GlobalOptions>());
      const key = warmKey(config, { cwd: process.cwd(), env: process.env });
      const paths = warmPaths(key);
      if (key !== opts.key || !paths) {
        process.stderr.write(`sourcewise: warm process not started: its settings key ${key} is not the caller's ${opts.key}\n`);
        process.exitCode = 1;
        return;
      }
      const { startWarmServer } = await import("./warm/warm-server.js");
      const state: { opening?: ReturnType<typeof openAnswerer> } = {};
      // Listening first: the caller connects at once and its question waits for the store and model.
      const server = await startWarmServer({
        key,
        paths,
        idleMs: config.warm.idleSeconds * 1000,
        answer: async (request) => {
          const output = await (await state.opening!).answer(request);
          process.stderr.write(`sourcewise: answered ${JSON.stringify(request.question.slice(0, 80))}\n`);
          return output;
        },
        describeError,
      });
      // Exit code 0: another warm process of this key is already serving it.
      if (!server) return;
      const opening = (state.opening = openAnswerer(config));
      opening.catch(() => {});
      const close = async () => {
        await server.close();
        await opening.then((a) => a.close()).catch(() => {});
      };
      closeOnSignal(close, { exitCode: 0 });
      try {
        await opening;
        process.stderr.write(`sourcewise: warm process ${process.pid} ready after ${process.uptime().toFixed(2)} s\n`);
      } catch (error) {
        process.stderr.write(`sourcewise: warm process could not open: ${describeError(error).line}\n`);
        // The question waiting got the error; a later `ask` starts afresh.
        await close();
        process.exitCode = 1;
        return;
      }
      await server.closed;
      await close();
      process.stderr.write(`sourcewise: warm process ${process.pid} exits after ${config.warm.idleSeconds} s without a question\n`);
    });
}
