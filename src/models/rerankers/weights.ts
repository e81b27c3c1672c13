import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import { ConfigError } from "../../errors.js";
import { FEATURE_NAMES } from "./features.js";

/** A regression tree: a leaf value, or a split sending `x[f] <= t` left and the rest right. */
export type Tree = number | { f: number; t: number; l: Tree; r: Tree };

const TreeSchema: z.ZodType<Tree> = z.lazy(() =>
  z.union([z.number(), z.object({ f: z.number().int().min(0), t: z.number(), l: TreeSchema, r: TreeSchema }).strict()]),
);

/** Fitted boosted trees of the local reranker, with where they come from. */
export const FusionWeightsSchema = z.object({
  model: z.literal("local/fusion"),
  /** Column names; must equal FEATURE_NAMES, so stale weights are refused, not misapplied. */
  features: z.array(z.string()),
  /** score = bias + learningRate × Σ tree(x): log-odds of relevance before calibration. */
  bias: z.number(),
  learningRate: z.number().positive(),
  trees: z.array(TreeSchema),
  /** Platt scaling of the score: relevance = 1 / (1 + exp(-(a * score + b))). */
  calibration: z.object({ a: z.number(), b: z.number() }),
  provenance: z.record(z.string(), z.unknown()),
});

export type FusionWeights = z.infer<typeof FusionWeightsSchema>;

function maxFeature(tree: Tree): number {
  return typeof tree === "number" ? -1 : Math.max(tree.f, maxFeature(tree.l), maxFeature(tree.r));
}

/**
 * Checks a weights object against the feature set this build computes.
 * @throws ConfigError when the shape is wrong or the features differ.
 */
export function validateFusionWeights(raw: unknown, origin = "weights"): FusionWeights {
  const parsed = FusionWeightsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError({
      message: `Reranker ${origin} are not valid: ${parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .join("; ")}`,
      hint: "Regenerate them with `npx tsx bench/fit-reranker.ts --write`.",
      data: { origin },
    });
  }
  const w = parsed.data;
  if (w.features.join() !== FEATURE_NAMES.join() || w.trees.some((t) => maxFeature(t) >= FEATURE_NAMES.length)) {
    throw new ConfigError({
      message: `Reranker ${origin} were fitted on features [${w.features.join(", ")}], but this version computes [${FEATURE_NAMES.join(", ")}].`,
      hint: "Refit with `npx tsx bench/fit-reranker.ts --write`, or remove retrieval.rerank.weightsPath to use the bundled weights.",
      data: { origin, features: w.features },
    });
  }
  return w;
}

/** Reads and validates a weights JSON file (retrieval.rerank.weightsPath). */
export function readFusionWeights(path: string): FusionWeights {
  const full = resolve(path);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(full, "utf8"));
  } catch (cause) {
    throw new ConfigError({
      message: `Could not read reranker weights ${full}: ${(cause as Error).message}`,
      hint: "Point retrieval.rerank.weightsPath at a JSON file written by bench/fit-reranker.ts.",
      data: { path: full },
    });
  }
  return validateFusionWeights(raw, full);
}
