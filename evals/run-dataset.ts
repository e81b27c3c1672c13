import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_SOURCES } from "../src/cli/demo.js";
import { datasetName, loadDataset, type EvalDataset } from "../src/evaluation/datasets/index.js";
import { writeReports } from "../src/evaluation/report/write.js";
import type { EvalResults } from "../src/evaluation/results.js";
import { runEval, type RunEvalOptions } from "../src/evaluation/runner.js";
import { withCache } from "../src/models/embeddings/cache.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import { openPGliteStore } from "../src/storage/pglite.js";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../", import.meta.url));
/** The shared data folder beside the repository. */
export const DATA = resolve(ROOT, "../shared/data");

/** Whether a dataset is present (the shared data is not in the repository). */
export const has = (path: string) => existsSync(path);

/** Options of {@link evalDataset}; each defaults to what `npm run eval` does. */
export interface EvalDatasetOptions {
  /** Caps the graph's questions (`EVAL_GRAPH_LIMIT` wins). */
  graphLimit?: number;
  /** Caps every method's questions (else `EVAL_LIMIT`). */
  limit?: number;
  /** Baselines measured beside the graph (the runner's default when omitted). */
  baselines?: RunEvalOptions["baselines"];
  /** A reranker weights file to measure instead of the shipped weights. */
  weightsPath?: string;
  /** The command named in the report. @default "npm run eval" */
  suite?: string;
  /** Report folder under `eval-results/`. @default the dataset's name */
  out?: string;
}

/**
 * Runs `sourcewise eval` on a dataset as the CLI does: persistent database under
 * `.sourcewise/eval/<name>` (a second run embeds nothing), reports under `eval-results/<name>`.
 * `EVAL_LIMIT` / `EVAL_GRAPH_LIMIT` cap the questions.
 */
export async function evalDataset(path: string, opts: EvalDatasetOptions = {}): Promise<EvalResults> {
  return (await evalDatasetWithQuestions(path, opts)).results;
}

/** {@link evalDataset}, also returning the dataset it loaded (its questions' texts). */
export async function evalDatasetWithQuestions(
  path: string,
  { graphLimit, limit, baselines, weightsPath, suite = "npm run eval", out }: EvalDatasetOptions = {},
): Promise<{ results: EvalResults; dataset: EvalDataset }> {
  const name = datasetName(path);
  const db = join(ROOT, ".sourcewise", "eval", name);
  const dataset = await loadDataset(path, { workDir: db, labelled: { root: ROOT, corpus: DEMO_SOURCES } });
  const store = await openPGliteStore({ path: db });
  const model = await createEmbeddings("local/use-lite", { workers: 2 });
  try {
    const env = (k: string) => (process.env[k] ? Number(process.env[k]) : undefined);
    const results = await runEval({
      dataset,
      store,
      embeddings: withCache(model, store.embeddingCache()),
      limit: limit ?? env("EVAL_LIMIT"),
      graphLimit: env("EVAL_GRAPH_LIMIT") ?? graphLimit,
      ...(baselines ? { baselines } : {}),
      // No other graphOptions: the suites measure the offline defaults, whatever keys the environment holds.
      ...(weightsPath ? { graphOptions: { settings: { retrieval: { rerank: { weightsPath } } } } } : {}),
      config: {
        dataset: path,
        db,
        embeddings: model.id,
        chatModel: "local/extractive",
        reranker: "local/fusion",
        suite,
        ...(weightsPath ? { rerankWeights: weightsPath } : {}),
      },
    });
    await writeReports(results, join(ROOT, "eval-results", out ?? name));
    return { results, dataset };
  } finally {
    await model.close();
    await store.close();
  }
}

/** The method row by id. */
export const row = (r: EvalResults, id: string) => r.methods.find((m) => m.id === id)!;
