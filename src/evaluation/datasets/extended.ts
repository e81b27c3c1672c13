import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import { SourcewiseError } from "../../errors.js";
import { beirDataset } from "./beir.js";
import { manualDataset } from "./manual.js";
import type { EvalDataset } from "./types.js";

/**
 * A `sources.json` that names a BEIR folder or a sectioned manual instead of files: the dataset's
 * own questions, plus the questions of the JSONL file beside it (unanswerable ones written for the
 * corpus). `positions` keeps the odd or even half of the dataset's own questions (SciFact train:
 * the local reranker is fitted on the even half, so the odd half is the measure); `none` keeps only
 * the JSONL's questions (tuning questions written for a corpus whose own questions are frozen).
 */
export const ExtendedCorpusSchema = z.union([
  z
    .object({
      beir: z.string().min(1),
      split: z.string().default("train"),
      positions: z.enum(["all", "odd", "even", "none"]).default("all"),
    })
    .strict(),
  z.object({ manual: z.string().min(1), positions: z.enum(["all", "odd", "even", "none"]).default("all") }).strict(),
]);

const ExtraRow = z.object({
  query: z.string().min(1),
  /** Document keys of the base dataset (BEIR ids, manual section ids). */
  relevant: z.array(z.string()).default([]),
  answerable: z.boolean().default(false),
});

/** Whether a parsed `sources.json` names a BEIR folder or a manual. */
export const isExtendedCorpus = (raw: unknown): boolean =>
  typeof raw === "object" && raw !== null && !Array.isArray(raw) && ("beir" in raw || "manual" in raw);

/**
 * Loads the base dataset a `sources.json` names and appends the questions of `file`.
 * @example
 * const ds = await extendedDataset("evals/frozen/scifact/questions.jsonl", raw, ".sourcewise/eval/scifact-frozen");
 */
export async function extendedDataset(file: string, raw: unknown, workDir: string, name: string): Promise<EvalDataset> {
  const parsed = ExtendedCorpusSchema.safeParse(raw);
  if (!parsed.success) {
    throw new SourcewiseError(
      "dataset_invalid",
      `${join(dirname(file), "sources.json")}: ${parsed.error.issues.map((x) => `${x.path.join(".") || "(root)"}: ${x.message}`).join("; ")}`,
      {
        hint: 'Write {"beir": "../data/scifact", "split": "train", "positions": "odd"} or {"manual": "../data/emanual-s10"}.',
        data: { file },
      },
    );
  }
  const spec = parsed.data;
  const at = dirname(resolve(file));
  const base =
    "beir" in spec
      ? await beirDataset(resolve(at, spec.beir), { split: spec.split, name })
      : await manualDataset(resolve(at, spec.manual), workDir, name);
  const keep = (i: number) => spec.positions === "all" || (spec.positions !== "none" && (i % 2 === 1) === (spec.positions === "odd"));
  const own = base.queries.filter((_, i) => keep(i));
  const extra = (await readFile(file, "utf8"))
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l, i) => {
      const row = ExtraRow.safeParse(JSON.parse(l));
      if (!row.success) {
        throw new SourcewiseError(
          "dataset_invalid",
          `${file}:${i + 1}: ${row.error.issues.map((x) => `${x.path.join(".")}: ${x.message}`).join("; ")}`,
          {
            hint: "Each line is {query, relevant: [document keys], answerable}.",
            data: { file, line: i + 1 },
          },
        );
      }
      return {
        id: `extra-${i + 1}`,
        text: row.data.query,
        qrels: new Map(row.data.relevant.map((k) => [k, 1])),
        answerable: row.data.answerable,
      };
    });
  const unanswerable = extra.filter((q) => !q.answerable).length;
  return {
    ...base,
    name,
    description: `${base.description}; ${spec.positions === "all" ? "all" : `${spec.positions}-position`} questions (${own.length}) + ${extra.length} from ${file.split(/[\\/]/).slice(-3).join("/")} (${unanswerable} unanswerable)`,
    queries: [...own, ...extra],
  };
}
