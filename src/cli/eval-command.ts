import { Command, InvalidArgumentError } from "commander";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig, type ConfigInput } from "../config/config.js";
import { progressReporter } from "./progress.js";
import { closeOnSignal } from "./shutdown.js";

const positiveInt = (name: string) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a positive integer.`);
  return n;
};

interface EvalOptions {
  dataset: string;
  split: string;
  limit?: number;
  graphLimit?: number;
  out?: string;
  baselines?: string;
  chatModel?: string;
  reranker?: string;
}

interface GlobalOptions {
  config?: string;
  db?: string;
  tenant?: string;
  embeddings?: string;
}

/**
 * `sourcewise eval --dataset <dir|file>`: ingests the dataset into its own persistent database
 * (`.sourcewise/eval/<name>`, so a second run embeds nothing), runs the graph and the baselines
 * side by side, and writes results.json, report.md and report.html. The graph gets the chat model
 * and reranker the rest of the app would build from `--config`, the environment and the flags.
 */
export function evalCommand(): Command {
  return new Command("eval")
    .description("offline eval: full graph vs BM25, dense, RRF, Supabase-guide and naive LangChain baselines")
    .requiredOption("-d, --dataset <dir|file>", "BEIR folder, sectioned-manual folder, or labelled questions .jsonl")
    .option("--split <name>", "BEIR qrels split", "train")
    .option("-n, --limit <N>", "questions for the baselines (default: all)", positiveInt("--limit"))
    .option("--graph-limit <N>", "questions for the full graph, the first ones (default: 200, or --limit)", positiveInt("--graph-limit"))
    .option("--baselines <ids>", "comma-separated subset of bm25,dense,rrf,supabase,langchain")
    .option("-o, --out <dir>", "output folder (default: eval-results/<dataset>)")
    .option(
      "--chat-model <provider/model>",
      "chat model for the graph (default: config chatModel, else google/gemini-2.5-flash with GOOGLE_API_KEY, else offline)",
    )
    .option(
      "--reranker <provider/model>",
      "reranker for the graph (default: config reranker, else cohere/rerank-v3.5 with COHERE_API_KEY, else local/fusion)",
    )
    .action(async (opts: EvalOptions, cmd: Command) => {
      const globals = cmd.optsWithGlobals<GlobalOptions>();
      const overrides: ConfigInput = {};
      if (globals.tenant) overrides.tenant = globals.tenant;
      if (globals.embeddings) overrides.embeddings = globals.embeddings;
      if (opts.chatModel) overrides.chatModel = opts.chatModel;
      if (opts.reranker) overrides.reranker = opts.reranker;
      const config = loadConfig({ file: globals.config, overrides });
      // Built before anything is opened or ingested, so a missing API key fails at once.
      const { evalModels } = await import("./eval-models.js");
      const models = await evalModels(config);
      const { datasetName, loadDataset } = await import("../evaluation/datasets/index.js");
      const { DEMO_SOURCES } = await import("./demo.js");
      const name = datasetName(opts.dataset);
      const dbPath = globals.db ?? join(".sourcewise", "eval", name);
      const root = fileURLToPath(new URL("../../", import.meta.url));
      const dataset = await loadDataset(opts.dataset, { split: opts.split, workDir: dbPath, labelled: { root, corpus: DEMO_SOURCES } });
      const { openPGliteStore } = await import("../storage/pglite.js");
      const { createEmbeddings, withCache } = await import("../models/embeddings/index.js");
      const { runEval } = await import("../evaluation/runner.js");
      const { writeReports } = await import("../evaluation/report/write.js");
      const store = await openPGliteStore({ path: dbPath });
      const model = await createEmbeddings(config.embeddings, { workers: config.embeddingWorkers });
      const progress = progressReporter();
      const done = closeOnSignal(async () => {
        await model.close();
        await store.close();
      });
      try {
        const results = await runEval({
          dataset,
          store,
          embeddings: withCache(model, store.embeddingCache()),
          tenant: config.tenant,
          limit: opts.limit,
          graphLimit: opts.graphLimit ?? Math.min(opts.limit ?? 200, 200),
          baselines: opts.baselines
            ?.split(",")
            .map((s) => s.trim())
            .filter(Boolean),
          graphOptions: models.graphOptions,
          config: {
            dataset: resolve(opts.dataset),
            split: opts.split,
            db: dbPath,
            embeddings: config.embeddings,
            tenant: config.tenant,
            chatModel: models.chatModel,
            reranker: models.reranker,
            ...(globals.config ? { configFile: resolve(globals.config) } : {}),
          },
          onProgress: (p) =>
            progress.update({
              label: { ingest: "indexing ", baselines: "langchain", query: "questions" }[p.phase],
              done: p.done,
              total: p.total,
            }),
        });
        progress.stop();
        const out = resolve(opts.out ?? join("eval-results", name));
        const paths = await writeReports(results, out);
        const { renderMarkdown } = await import("../evaluation/report/markdown.js");
        process.stdout.write(
          `${renderMarkdown(results).split("## The graph's checks")[0]}\nwrote ${paths.json}\n      ${paths.markdown}\n      ${paths.html}\n`,
        );
      } finally {
        progress.stop();
        done();
        await model.close();
        await store.close();
      }
    });
}
