import { Command, CommanderError, InvalidArgumentError } from "commander";
import { loadConfig, type ConfigInput } from "../config/config.js";
import { closeOnSignal } from "./shutdown.js";
import { serveCommand } from "./serve-command.js";
import { askCommand, warmCommand } from "./ask-command.js";
import { describeError, oneLine } from "./describe-error.js";
import { evalCommand } from "./eval-command.js";
import { reindexCommand } from "./reindex-command.js";
import { formatIngestSummary, formatStats } from "./format.js";

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
      // Imported here: the other commands (`ask` above all) start without the ingestion code.
      const { openRuntime } = await import("../config/runtime.js");
      const { ingest } = await import("../ingestion/ingest.js");
      const { ingestProgressBar } = await import("./progress.js");
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
    .command("demo")
    .description("ingest the project's own API reference, guides and examples, then answer four questions")
    .action(async (_opts: object, cmd: Command) => {
      const globals = cmd.optsWithGlobals<GlobalOptions>();
      // The demo corpus gets its own database unless --db names one.
      const config = configFrom({ ...globals, db: globals.db ?? ".sourcewise/demo-db" });
      const { runDemo } = await import("./demo.js");
      if (!(await runDemo(config))) process.exitCode = 1;
    });

  program.addCommand(askCommand(configFrom));
  program.addCommand(warmCommand(configFrom), { hidden: true });
  program.addCommand(reindexCommand(configFrom));
  program.addCommand(serveCommand());
  program.addCommand(evalCommand());
  // A usage error stays one line plus a pointer to the help, not the whole help.
  program.showHelpAfterError("(sourcewise --help shows the commands and options)");
  for (const command of program.commands) command.showHelpAfterError(`(sourcewise ${command.name()} --help shows its options)`);
  return program;
}

export { oneLine } from "./describe-error.js";

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
    const { line, exitCode } = describeError(error);
    process.stderr.write(`sourcewise: ${line}\n`);
    process.exitCode = exitCode;
  }
}
