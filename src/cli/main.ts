import { Command, CommanderError, InvalidArgumentError } from "commander";
import { loadConfig, type ConfigInput } from "../config/config.js";
import { openRuntime } from "../config/runtime.js";
import { SourcewiseError } from "../errors.js";
import { ingest } from "../ingestion/ingest.js";
import { ingestProgressBar } from "./progress.js";
import { closeOnSignal } from "./shutdown.js";
import { serveCommand } from "./serve-command.js";
import { evalCommand } from "./eval-command.js";
import { reindexCommand } from "./reindex-command.js";
import { formatAnswer, formatIngestSummary, formatStats } from "./format.js";

interface GlobalOptions {
  config?: string;
  db?: string;
  tenant?: string;
  embeddings?: string;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

function nonEmpty(name: string) {
  return (value: string) => {
    if (!value.trim()) throw new InvalidArgumentError(`${name} must not be empty.`);
    return value.trim();
  };
}

function configFrom(opts: GlobalOptions) {
  const overrides: ConfigInput = {};
  if (opts.db) overrides.store = { path: opts.db };
  if (opts.tenant) overrides.tenant = opts.tenant;
  if (opts.embeddings) overrides.embeddings = opts.embeddings;
  return loadConfig({ file: opts.config, overrides });
}

/** Builds the `sourcewise` command line. Exported for tests; `run` executes it. */
export function buildCli(): Command {
  const program = new Command("sourcewise")
    .description("Agentic RAG with exact citations, offline by default.")
    .option("-c, --config <file>", "config file (default: sourcewise.config.json if present)")
    .option("--db <path>", "embedded database directory (default: .sourcewise/db)")
    .option("--tenant <id>", "tenant to read and write (default: default)", nonEmpty("--tenant"))
    .option("--embeddings <provider/model>", "embedding model (default: local/use-lite)");

  program
    .command("ingest")
    .description("ingest files and folders: PDF, Markdown, HTML, source code (.m .py .ts .js), text, BEIR corpus.jsonl")
    .argument("<paths...>", "files or folders")
    .option("-s, --source <name>", "source (profile) the documents belong to", nonEmpty("--source"), "docs")
    .option("--topic <topic>", "tag every document with this topic (repeatable)", collect, [])
    .option("--prune", "remove stored documents under these paths whose files are gone", false)
    .option("--json", "print the summary as JSON", false)
    .action(async (paths: string[], opts: { source: string; topic: string[]; prune: boolean; json: boolean }, cmd: Command) => {
      const config = configFrom(cmd.optsWithGlobals());
      const rt = await openRuntime(config);
      const done = closeOnSignal(() => rt.close());
      const bar = opts.json ? undefined : ingestProgressBar();
      try {
        const summary = await ingest({
          store: rt.store,
          embeddings: rt.embeddings,
          paths,
          source: opts.source,
          tenant: config.tenant,
          topics: opts.topic,
          prune: opts.prune,
          maxFileBytes: config.ingest.maxFileBytes,
          chunking: { maxTokens: config.ingest.maxTokens, overlapTokens: config.ingest.overlapTokens },
          batchSize: config.ingest.batchSize,
          onProgress: bar ? (p) => bar.update(p) : undefined,
        });
        bar?.stop();
        process.stdout.write(
          opts.json ? `${JSON.stringify(summary, null, 2)}\n` : formatIngestSummary(summary, opts.source, config.tenant),
        );
        const landed = summary.documents.added + summary.documents.replaced + summary.documents.unchanged;
        if (landed === 0 && summary.skipped.length > 0) process.exitCode = 1;
      } finally {
        bar?.stop();
        done();
        await rt.close();
      }
    });

  program
    .command("stats")
    .description("show what the index holds")
    .option("--json", "print as JSON", false)
    .action(async (opts: { json: boolean }, cmd: Command) => {
      const config = configFrom(cmd.optsWithGlobals());
      const { openStore } = await import("../storage/open-store.js");
      const { SharedPGlite } = await import("../storage/shared/shared-pglite.js");
      const store = await openStore(config.store);
      const done = closeOnSignal(() => store.close());
      try {
        const stats = await store.stats(config.tenant);
        // A client of another process's database says whose it is.
        const share = store.client instanceof SharedPGlite ? await store.client.state() : undefined;
        const owner = share?.role === "client" ? share.owner : undefined;
        process.stdout.write(
          opts.json
            ? `${JSON.stringify({ ...stats, ...(share ? { owner: share.owner, role: share.role } : {}) }, null, 2)}\n`
            : formatStats(stats, config.tenant, config.store.path, owner),
        );
      } finally {
        done();
        await store.close();
      }
    });

  program
    .command("ask")
    .description("answer a question with numbered citations, or ask clarifying questions")
    .argument("<question>", "the question")
    .option("-s, --source <name>", "search only this source (repeatable)", collect, [])
    .option("--topic <topic>", "topic for topic-scoped search")
    .option("--json", "print the full result as JSON", false)
    .action(async (question: string, opts: { source: string[]; topic?: string; json: boolean }, cmd: Command) => {
      if (!question.trim()) throw new InvalidArgumentError("the question must not be empty.");
      const config = configFrom(cmd.optsWithGlobals());
      const { openContext } = await import("../context/open-context.js");
      const { createGraph } = await import("../graph/graph.js");
      const ctx = await openContext(config);
      const done = closeOnSignal(() => ctx.close());
      try {
        const graph = createGraph(ctx);
        const started = performance.now();
        const result = await graph.invoke({
          question,
          tenant: config.tenant,
          topic: opts.topic,
          sources: opts.source.length ? opts.source : undefined,
        });
        const ms = performance.now() - started;
        process.stdout.write(opts.json ? `${JSON.stringify(result, null, 2)}\n` : formatAnswer(result, { ms }));
      } finally {
        done();
        await ctx.close();
      }
    });

  program
    .command("demo")
    .description("ingest the project's own API reference, guides and examples, then answer four questions")
    .action(async (_opts: object, cmd: Command) => {
      const globals = cmd.optsWithGlobals<GlobalOptions>();
      // The demo corpus gets its own database unless --db names one.
      const config = configFrom({ ...globals, db: globals.db ?? ".sourcewise/demo-db" });
      const { runDemo } = await import("./demo.js");
      if (!(await runDemo(config))) process.exitCode = 1;
    });

  program.addCommand(reindexCommand(configFrom));
  program.addCommand(serveCommand());
  program.addCommand(evalCommand());
  // A usage error stays one line plus a pointer to the help, not the whole help.
  program.showHelpAfterError("(sourcewise --help shows the commands and options)");
  for (const command of program.commands) command.showHelpAfterError(`(sourcewise ${command.name()} --help shows its options)`);
  return program;
}

/** Error codes that mean the command could not start (bad configuration, store, address): exit code 2. */
const STARTUP_CODES = new Set(["config_error", "unknown_provider", "store_open_failed", "server_start_failed", "embedding_mismatch"]);

/** An error as one line: the message's lines joined, then the hint. */
export function oneLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const hint = SourcewiseError.isInstance(error) ? error.hint : undefined;
  const message = hint ? error.message.slice(0, error.message.lastIndexOf("\n  hint:")) : error.message;
  const text = message
    .split("\n")
    .map((l) => l.trim().replace(/^- /, ""))
    .filter(Boolean)
    .join("; ")
    .replace(/:;/g, ":");
  return hint ? `${text} (hint: ${hint})` : text;
}

/**
 * Runs the CLI. Every error is one line on stderr, with its hint; a start-up error (usage,
 * configuration, store, address) exits with 2, a failure while working with 1. An unexpected
 * error's stack trace is printed only with SOURCEWISE_DEBUG=1.
 */
export async function run(argv = process.argv): Promise<void> {
  const cli = buildCli();
  // Usage errors throw instead of exiting, so they get exit code 2 like the other start-up errors.
  const override = (command: Command): void => {
    command.exitOverride();
    command.commands.forEach(override);
  };
  override(cli);
  try {
    await cli.parseAsync(argv);
  } catch (error) {
    // Commander has printed its own parse errors (and help) already; an InvalidArgumentError thrown by an action it has not.
    if (error instanceof CommanderError && !(error instanceof InvalidArgumentError)) {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    if (error instanceof InvalidArgumentError) {
      process.stderr.write(`sourcewise: ${oneLine(error)}\n`);
      process.exitCode = 2;
      return;
    }
    const known = SourcewiseError.isInstance(error);
    const debug = process.env.SOURCEWISE_DEBUG === "1" && error instanceof Error && error.stack;
    process.stderr.write(
      `sourcewise: ${debug || oneLine(error)}${known || debug ? "" : " (unexpected error; SOURCEWISE_DEBUG=1 prints its stack trace)"}\n`,
    );
    process.exitCode = known && STARTUP_CODES.has(error.code) ? 2 : 1;
  }
}
