import { Command, InvalidArgumentError } from "commander";
import type { Config } from "../config/config.js";
import type { ReindexProgress, ReindexSummary } from "../ingestion/reindex.js";
import { progressReporter } from "./progress.js";

/** The global options the command reads (`--embeddings` names the target model). */
interface GlobalOptions {
  config?: string;
  db?: string;
  tenant?: string;
  embeddings?: string;
}

const positiveInt = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("--batch-size must be a positive integer.");
  return n;
};

const spec = (s: { model: string; dimension: number } | null) => (s ? `${s.model} (${s.dimension}-d)` : "none");

/** The summary a person reads after `sourcewise reindex`. */
export function formatReindexSummary(s: ReindexSummary): string {
  if (s.status === "unchanged") return `The index already uses ${spec(s.after)}: nothing to re-embed (${s.total} rows).\n`;
  if (s.status === "cancelled") return `Dropped the unfinished reindex; the index keeps ${spec(s.after)} (${s.total} rows).\n`;
  const fromCache = s.rows - s.embedded;
  const lines = [
    `Re-indexed ${s.total} rows (all tenants) in ${s.seconds.toFixed(1)} s`,
    `  model      ${spec(s.before)} → ${spec(s.after)}`,
    `  this run   ${s.rows} rows re-embedded${s.rows > 0 ? ` (${s.embedded} by the model, ${Math.max(0, fromCache)} from the cache)` : ""}${s.resumed ? ", continuing an interrupted reindex" : ""}`,
    `  schema     ${s.migration ? `${s.migration} recorded in sw_migrations` : "unchanged (same dimension)"}`,
  ];
  return `${lines.join("\n")}\n`;
}

const LABELS: Record<Exclude<ReindexProgress["phase"], "done">, string> = { embed: "re-embedding", swap: "swapping    " };

/**
 * `sourcewise reindex [--embeddings provider/model] [--restart]`: re-embeds every chunk of the
 * index (all tenants) with the model `--embeddings` names (else the configured one), in place
 * and resumably. Ctrl-C stops after the batch in flight; running it again continues.
 */
export function reindexCommand(configFrom: (opts: GlobalOptions) => Config): Command {
  return new Command("reindex")
    .description("re-embed every chunk with the model --embeddings names, in place and resumably (all tenants)")
    .option("--restart", "drop the progress of an unfinished reindex to another model and start over", false)
    .option("--batch-size <rows>", "rows per committed batch (default: 64)", positiveInt)
    .option("--json", "print the summary as JSON", false)
    .addHelpText(
      "after",
      `
The target is the global --embeddings <provider/model> (else SOURCEWISE_EMBEDDINGS or the config's
"embeddings"). Searches keep using the old vectors until the last step swaps them in one
transaction; a new dimension is recorded in sw_migrations as runtime:embedding_dimension:<n>.

Example:
  sourcewise reindex --embeddings google/text-embedding-004`,
    )
    .action(async (opts: { restart: boolean; batchSize?: number; json: boolean }, cmd: Command) => {
      const config = configFrom(cmd.optsWithGlobals<GlobalOptions>());
      const [{ createEmbeddings }, { openStore }, { reindex }, { readReindexState, stagingCounts }] = await Promise.all([
        import("../models/embeddings/create-embeddings.js"),
        import("../storage/open-store.js"),
        import("../ingestion/reindex.js"),
        import("../storage/reindex-state.js"),
      ]);
      // The bare model: reindex checks its real vectors before caching any in the store.
      const embeddings = await createEmbeddings(config.embeddings, { workers: config.embeddingWorkers });
      const store = await openStore(config.store).catch(async (error: unknown) => {
        await embeddings.close();
        throw error;
      });
      const progress = opts.json ? undefined : progressReporter();
      const controller = new AbortController();
      const onSigint = () => controller.abort();
      process.once("SIGINT", onSigint);
      try {
        const summary = await reindex({
          store,
          embeddings,
          restart: opts.restart,
          batchSize: opts.batchSize,
          signal: controller.signal,
          onProgress:
            progress &&
            ((p) => (p.phase === "done" ? progress.stop() : progress.update({ label: LABELS[p.phase], done: p.done, total: p.total }))),
        });
        progress?.stop();
        process.stdout.write(opts.json ? `${JSON.stringify(summary, null, 2)}\n` : formatReindexSummary(summary));
      } catch (error) {
        progress?.stop();
        const state = await readReindexState(store.client).catch(() => null);
        if (state?.target.model === config.embeddings) {
          const { staged, total } = await stagingCounts(store.client);
          const again = `sourcewise reindex --embeddings ${config.embeddings}`;
          process.stderr.write(
            `sourcewise: ${staged} of ${total} rows are re-embedded and kept; searches still use ${state.from?.model ?? "the old vectors"}. Run \`${again}\` to continue.\n`,
          );
        }
        if (!controller.signal.aborted) throw error;
        process.stderr.write("sourcewise: reindex interrupted.\n");
        process.exitCode = 130;
      } finally {
        process.off("SIGINT", onSigint);
        await embeddings.close();
        await store.close();
      }
    });
}
