import { z } from "zod";
import { ConfigError } from "../errors.js";
import { AnswerStyleSchema } from "./answer-style.js";

/** What expand uses when the run has no plan (a graph without the planner, or a test). */
export const ExpandSettingsSchema = z
  .object({
    /** Ranked results taken as seeds. */
    topK: z.number().int().min(1).max(200).default(8),
    /** Tokens of context the generator may see. */
    tokenBudget: z.number().int().min(64).max(1_000_000).default(6000),
    /** Matched sections of one document at which the whole document is returned. */
    multiSectionThreshold: z.number().int().min(1).max(100).default(3),
    returnFullDocuments: z.boolean().default(false),
  })
  .strict();

/** The gate's thresholds, all on the reranker's calibrated relevance in [0, 1]. */
export const GateSettingsSchema = z
  .object({
    /** Relevance at which a substantive hit counts as strong evidence. */
    strongHit: z.number().min(0).max(1).default(0.65),
    /** Strong hits needed for a strong verdict. */
    minStrongHits: z.number().int().min(1).max(50).default(1),
    /** Average relevance of the top three results needed for a strong verdict. */
    minTop3Avg: z.number().min(0).max(1).default(0.45),
    /** Share of the plan's key terms the evidence must contain for a strong verdict. */
    minCoverage: z.number().min(0).max(1).default(0.5),
    /** Below this top relevance nothing counts as relevant: ask instead of answering. */
    relevantFloor: z.number().min(0).max(1).default(0.25),
    /**
     * Without a strong hit, evidence covering fewer key terms than this is off-topic (it shares a
     * stray word with the question): ask instead of broadening or answering.
     */
    clarifyCoverage: z.number().min(0).max(1).default(0.34),
    /** Broaden rounds before answering weakly. */
    maxRetries: z.number().int().min(0).max(5).default(1),
    /** Ranked results the signals look at, when the plan gives no top_k. */
    window: z.number().int().min(1).max(200).default(8),
  })
  .strict();

/** How context is shown and how the offline answerer picks its sentences. */
export const GenerationSettingsSchema = z
  .object({
    markers: z
      .object({
        /** Relevance shown with `***`. */
        high: z.number().min(0).max(1).default(0.8),
        /** Relevance shown with `+`; below it, `-`. */
        medium: z.number().min(0).max(1).default(0.65),
      })
      .strict()
      .default({}),
    /** How headers name a file: its base name, or its path relative to the working directory. */
    fileLabel: z.enum(["basename", "relative"]).default("basename"),
    extractive: z
      .object({
        /** Sentences the answer aims for when that many are relevant. */
        minSentences: z.number().int().min(1).max(10).default(2),
        maxSentences: z.number().int().min(1).max(20).default(5),
        /** Characters of quoted text in the answer (labels and markers not counted). */
        maxChars: z.number().int().min(100).max(20_000).default(900),
        /** Units longer than this are not quoted (tables, minified code). */
        maxUnitChars: z.number().int().min(40).max(5000).default(400),
      })
      .strict()
      .default({}),
    /** Characters kept of a citation's snippet. */
    snippetChars: z.number().int().min(40).max(2000).default(240),
    /** How answers read (a tenant's `answer_style` lands here); `standard` is the historical layout. */
    answerStyle: AnswerStyleSchema.default("standard"),
  })
  .strict();

/** `settings.expand`, defaults filled in. */
export type ExpandSettings = z.infer<typeof ExpandSettingsSchema>;
/** `settings.gate`, defaults filled in. */
export type GateSettings = z.infer<typeof GateSettingsSchema>;
/** `settings.generation`, defaults filled in. */
export type GenerationSettings = z.infer<typeof GenerationSettingsSchema>;

const cache = new WeakMap<object, unknown>();

/** Parses one settings area, memoised per object; a bad value throws a ConfigError naming it. */
function area<T>(name: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>, settings: Record<string, unknown> | undefined): T {
  const raw = settings?.[name] ?? {};
  if (typeof raw === "object" && raw !== null && cache.has(raw)) return cache.get(raw) as T;
  const result = schema.safeParse(raw);
  if (!result.success) {
    throw new ConfigError({
      message: `Invalid ${name} settings:\n${result.error.issues.map((i) => `  - ${name}.${i.path.join(".")}: ${i.message}`).join("\n")}`,
      hint: `Fix these values under \`${name}\` in sourcewise.config.json.`,
      data: { issues: result.error.issues },
    });
  }
  if (typeof raw === "object" && raw !== null) cache.set(raw, result.data);
  return result.data;
}

/**
 * Validated `settings.expand` of the run context, defaults filled in.
 * @throws ConfigError naming every bad value.
 */
export const expandSettings = (settings?: Record<string, unknown>): ExpandSettings => area("expand", ExpandSettingsSchema, settings);

/**
 * Validated `settings.gate` of the run context, defaults filled in.
 * @throws ConfigError naming every bad value.
 * @example
 * gateSettings({ gate: { maxRetries: 2 } }).strongHit; // 0.65
 */
export const gateSettings = (settings?: Record<string, unknown>): GateSettings => area("gate", GateSettingsSchema, settings);

/**
 * Validated `settings.generation` of the run context, defaults filled in.
 * @throws ConfigError naming every bad value.
 */
export const generationSettings = (settings?: Record<string, unknown>): GenerationSettings =>
  area("generation", GenerationSettingsSchema, settings);
