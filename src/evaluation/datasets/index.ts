import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { SourcewiseError } from "../../errors.js";
import { beirDataset, safeName } from "./beir.js";
import { readCorpusFile } from "./corpus-file.js";
import { extendedDataset, isExtendedCorpus } from "./extended.js";
import { labelledDataset } from "./labelled.js";
import { manualDataset } from "./manual.js";
import type { EvalDataset } from "./types.js";

export type { CorpusPart, EvalDataset, EvalQuery } from "./types.js";
export type { LabelledCorpus } from "./corpus-file.js";
export { beirDataset, labelledDataset, manualDataset, readCorpusFile };

/** Options of {@link loadDataset}. */
export interface LoadDatasetOptions {
  /** BEIR split. @default "train" */
  split?: string;
  /** Where a dataset may write derived files (the manual's section files). */
  workDir: string;
  /** Root and corpus for a labelled JSONL file with no `sources.json` beside it. */
  labelled: { root: string; corpus: readonly { source: string; paths: readonly string[] }[] };
}

/**
 * Picks the adapter by what the path holds: a BEIR folder (`corpus.jsonl`), a sectioned manual
 * (`*_manual_corpus.json`), or a labelled `.jsonl` file. A `sources.json` beside a labelled file
 * names its corpus ({@link readCorpusFile}); without one, `opts.labelled` does.
 */
export async function loadDataset(path: string, opts: LoadDatasetOptions): Promise<EvalDataset> {
  const p = resolve(path);
  if (!existsSync(p)) {
    throw new SourcewiseError("dataset_missing", `dataset not found: ${p}`, {
      hint: "Pass a BEIR folder, a manual folder, or a questions .jsonl file.",
      data: { path: p },
    });
  }
  if (statSync(p).isDirectory()) {
    if (existsSync(join(p, "corpus.jsonl"))) return beirDataset(p, { split: opts.split });
    if (readdirSync(p).some((f) => f.endsWith("_manual_corpus.json"))) return manualDataset(p, opts.workDir, safeName(basename(p)));
    if (existsSync(join(p, "questions.jsonl"))) return loadDataset(join(p, "questions.jsonl"), opts);
  } else if (p.endsWith(".jsonl")) {
    const beside = join(p, "..", "sources.json");
    if (existsSync(beside)) {
      // A sources.json naming a BEIR folder or a manual: that dataset's questions plus this file's.
      const raw: unknown = JSON.parse(readFileSync(beside, "utf8"));
      if (isExtendedCorpus(raw)) return extendedDataset(p, raw, opts.workDir, datasetName(p));
      return labelledDataset(p, await readCorpusFile(beside));
    }
    return labelledDataset(p, opts.labelled);
  }
  throw new SourcewiseError("dataset_unknown", `cannot tell what dataset ${p} is`, {
    hint: "Expected corpus.jsonl (BEIR), *_manual_corpus.json + *_questions.csv (manual), or a .jsonl of labelled questions.",
    data: { path: p },
  });
}

/** The dataset's name for its database folder, before loading it. */
export function datasetName(path: string): string {
  const p = resolve(path);
  const base = basename(p).replace(/\.jsonl$/, "");
  return safeName(base === "questions" ? basename(join(p, "..")) : base);
}
