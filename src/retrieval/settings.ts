import { z } from "zod";
import { ConfigError } from "../errors.js";

/**
 * Synonym groups used for query expansion when the configuration names none. Every word in a
 * group expands to the others. Kept to the domains sourcewise ships examples for (MRI sequence
 * programming) plus common abbreviations; a deployment replaces it under `retrieval.synonyms`.
 */
export const DEFAULT_SYNONYMS: Record<string, string[]> = {
  rf: ["radiofrequency", "radio frequency"],
  adc: ["analog to digital converter", "readout"],
  te: ["echo time"],
  tr: ["repetition time"],
  ti: ["inversion time"],
  fov: ["field of view"],
  epi: ["echo planar imaging"],
  gre: ["gradient echo"],
  tse: ["turbo spin echo"],
  slew: ["slew rate"],
  gradient: ["gradients"],
  trapezoid: ["trapezoidal"],
  kspace: ["k-space"],
  plot: ["visualize", "display"],
  error: ["exception", "failure"],
  install: ["installation", "setup"],
  config: ["configuration", "settings"],
  docs: ["documentation"],
};

/**
 * Fusion weights of the hybrid SQL function measured by `bench/fit-reranker.ts`: a grid on half of
 * the SciFact train queries (nDCG@10 0.7263 at 0.75/0.25; 0.7188 lexical only, 0.7013 at
 * 0.5/0.5). SciFact barely reacts to the exact weight (0.7244-0.7263 over 0-0.3): it has few
 * identifiers, so code sources may keep a larger one.
 */
export const DEFAULT_FUSION = { lexical: 0.75, vector: 0.25, exact: 0.05 } as const;

const fusionSchema = z
  .object({
    lexical: z.number().min(0).max(10),
    vector: z.number().min(0).max(10),
    exact: z.number().min(0).max(10),
  })
  .strict();

/** Everything retrieve, broaden and rerank read from `settings.retrieval`, with its default. */
export const RetrievalSettingsSchema = z
  .object({
    /** Synonym groups: key → words it expands to (and back). Replaces the default map. */
    synonyms: z.record(z.string().min(1), z.array(z.string().min(1))).default(DEFAULT_SYNONYMS),
    /** Fusion weights for every source; unset, each profile's own weights apply. */
    fusion: fusionSchema.optional(),
    /** How the hybrid function fuses its sides. */
    fusionMethod: z.enum(["minmax", "rrf"]).default("minmax"),
    /** Candidates each side of the hybrid function (BM25, vector, exact) contributes before fusion. */
    sideCandidates: z.number().int().min(10).max(1000).default(100),
    /** Topic-scoped search: the order local (L) and corpus-wide (G) results are taken in. */
    interleave: z.array(z.enum(["local", "global"])).min(1).default(["local", "local", "global"]),
    /** Query embeddings remembered per embedding model (parallel branches share one call). */
    queryEmbeddingCache: z.number().int().min(0).max(10_000).default(256),
    broaden: z
      .object({
        /** Similarity thresholds are multiplied by this on a broadened round. */
        thresholdFactor: z.number().min(0).max(1).default(0.5),
        /** Per-source result counts are multiplied by this on a broadened round. */
        resultsFactor: z.number().min(1).max(10).default(2),
        /** The vector side's weight is multiplied by this: when words fail, lean on meaning. */
        vectorBoost: z.number().min(1).max(10).default(1.5),
      })
      .strict()
      .default({}),
    rerank: z
      .object({
        /** `local/fusion` or `cohere/rerank-v3.5` (needs COHERE_API_KEY). */
        model: z.string().min(3).default("local/fusion"),
        /** A JSON file of fitted local weights replacing the bundled ones. */
        weightsPath: z.string().min(1).optional(),
        /** Ranked results kept: max(plan.top_k × keepFactor, keepMin). The expander cuts to top_k. */
        keepFactor: z.number().int().min(1).max(20).default(3),
        keepMin: z.number().int().min(1).max(500).default(20),
        /** Added to rerank_score per position a source stands ahead in the route order. */
        routeOrderBonus: z.number().min(0).max(1).default(0.02),
        /** Added to rerank_score of topic-scoped (local) results: the user asked for that topic. */
        localScopeBonus: z.number().min(0).max(1).default(0.05),
        /** Candidates per Cohere request (it bills per 100 documents). */
        remoteMaxDocuments: z.number().int().min(1).max(1000).default(100),
      })
      .strict()
      .default({}),
  })
  .strict();

export type RetrievalSettings = z.infer<typeof RetrievalSettingsSchema>;
export type RetrievalSettingsInput = z.input<typeof RetrievalSettingsSchema>;

const parsed = new WeakMap<object, RetrievalSettings>();
let defaults: RetrievalSettings | undefined;

/**
 * Validates `settings.retrieval` of the run context and fills in defaults. Memoised per object,
 * since every parallel retrieve branch reads the same settings.
 * @throws ConfigError naming every bad value.
 * @example
 * const s = retrievalSettings(ctx.settings); // s.synonyms, s.rerank.model, ...
 */
export function retrievalSettings(settings: Record<string, unknown> | undefined): RetrievalSettings {
  const raw = settings?.retrieval;
  if (raw === undefined || raw === null) return (defaults ??= RetrievalSettingsSchema.parse({}));
  if (typeof raw === "object" && parsed.has(raw)) return parsed.get(raw)!;
  const result = RetrievalSettingsSchema.safeParse(raw);
  if (!result.success) {
    throw new ConfigError({
      message: `Invalid retrieval settings:\n${result.error.issues.map((i) => `  - retrieval.${i.path.join(".")}: ${i.message}`).join("\n")}`,
      hint: "Fix these values under `retrieval` in sourcewise.config.json.",
      data: { issues: result.error.issues },
    });
  }
  if (typeof raw === "object") parsed.set(raw, result.data);
  return result.data;
}
