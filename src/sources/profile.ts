import { z } from "zod";
import { DEFAULT_FUSION } from "../config/run-settings.js";

/**
 * A source profile: what a source holds and how to search, expand, format and cite it.
 * Profiles are data (JSON in `sourcewise.config.json` under `sources`), so users add sources
 * without code.
 */
export const SourceProfileSchema = z
  .object({
    /** Stable name, also the `--source` given at ingestion. */
    name: z.string().regex(/^[a-z][a-z0-9_-]{0,62}$/, "lower-case letters, digits, _ or -, starting with a letter"),
    /** One line on what the source holds; its embedding takes part in routing. */
    summary: z.string().min(1),
    /** What questions it answers best; also embedded for routing. */
    best_for: z.array(z.string()).default([]),
    /** Words or phrases (case-insensitive, whole words) that point a query at this source. */
    indicators: z.array(z.string().min(1)).default([]),
    retrieval: z
      .object({
        /** Results whose calibrated relevance is below this are dropped. */
        similarity_threshold: z.number().min(0).max(1).default(0.2),
        /** Candidates taken from this source per query. */
        max_results: z.number().int().min(1).max(200).default(20),
        /** Multiplies this source's scores when sources are merged (routing order adds to it). */
        priority: z.number().min(0).max(10).default(1),
        /** Keep only chunks whose metadata.language is this (e.g. "matlab"); null keeps all. */
        language: z.string().nullable().default(null),
        /** Fusion weights of the hybrid SQL function, measured on data (see `DEFAULT_FUSION`). */
        lexical_weight: z.number().min(0).default(DEFAULT_FUSION.lexical),
        vector_weight: z.number().min(0).default(DEFAULT_FUSION.vector),
        exact_weight: z.number().min(0).default(DEFAULT_FUSION.exact),
        /**
         * BM25F weights of the document title and section title against the body (1 each: plain
         * BM25). Example programs say what they are in their names, which the titles carry.
         */
        title_weight: z.number().min(0).max(20).default(1),
        section_weight: z.number().min(0).max(20).default(1),
      })
      .strict()
      .default({}),
    chunks: z
      .object({
        /** Documents split into parts come back whole and in order, marked [Part i/n]. */
        whole_multipart: z.boolean().default(false),
        /** Sections on each side of a matched one to add when the whole document is too big. */
        neighbours: z.number().int().min(0).max(5).default(1),
      })
      .strict()
      .default({}),
    /** How a block is laid out for the generator. */
    formatter: z.enum(["api", "doc", "example"]).default("doc"),
    /** How the citation header names the location. */
    citation_style: z.enum(["file_section", "page", "file"]).default("file_section"),
    /** Seconds a cached result for this source stays fresh. */
    cache_ttl_seconds: z.number().int().min(0).default(300),
  })
  .strict();

export type SourceProfile = z.infer<typeof SourceProfileSchema>;
export type SourceProfileInput = z.input<typeof SourceProfileSchema>;
