import { z } from "zod";
import { AnswerStyleSchema } from "../generation/answer-style.js";

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
  bssfp: ["balanced ssfp"],
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
 * Fusion weights of the hybrid SQL function, the one default every source profile starts from.
 * Lexical/vector measured by `bench/fit-reranker.ts` on half of the SciFact train queries (nDCG@10
 * 0.7263 at 0.75/0.25; 0.7188 lexical only, 0.7013 at 0.5/0.5). SciFact barely reacts to the
 * exact weight (0.7244-0.7263 over 0-0.3): it has few identifiers, so 0.3 serves code sources.
 */
export const DEFAULT_FUSION = { lexical: 0.75, vector: 0.25, exact: 0.3 } as const;

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
     * A claim's top passage under the floor still counts when it stands out: at least `dominantMin`,
     * and `dominantRatio` times the best passage of any other section or document. A claim in other
     * words than its abstract's scores low everywhere, and highest, by far, on that abstract.
     * Measured on the frozen SciFact claims: 9 answerable claims no longer refused at 0.10 and 2, no
     * absent one answered. Claims only: for questions over long documents, one section is about the
     * question's subject and stands out though the document never answers it (two unanswerable PDF
     * questions answered under leave-one-corpus-out, against two E-Manual paraphrases saved).
     */
    dominantMin: z.number().min(0).max(1).default(0.1),
    dominantRatio: z.number().min(1).max(100).default(2),
    /**
     * Without a strong hit, evidence covering fewer key terms than this is off-topic (it shares a
     * stray word with the question): ask instead of broadening or answering.
     */
    clarifyCoverage: z.number().min(0).max(1).default(0.34),
    /** Broaden rounds before answering weakly. */
    maxRetries: z.number().int().min(0).max(5).default(1),
    /** Near misses the expander and the gate still read when no result passes its threshold. */
    nearMisses: z.number().int().min(0).max(20).default(3),
    /**
     * Ask instead of answering when a required constraint of the question (an identifier, a name,
     * a year) is in no indexed document of the tenant (df = 0 in the BM25 statistics).
     */
    requireConstraints: z.boolean().default(true),
    /**
     * Names the corpus lacks (`requireConstraints`) ask only when they are at least this share of the
     * question's key terms: in a request describing a program by twenty or more details, one name no
     * document holds ("CPMG phases", "Hanning apodization") is one detail, and the answer says the
     * corpus never mentions it. The unanswerable questions of every eval set have at most 14 key terms.
     */
    detailShare: z.number().min(0).max(1).default(0.05),
    /**
     * Also ask when at least this share of the question's key terms (and two or more) are in no
     * indexed document: the question is about something the corpus does not hold. 1 disables it.
     */
    unknownTermShare: z.number().min(0).max(1).default(0.5),
    /**
     * When the evidence stays weak after broadening, also ask when one word of a noun phrase of the
     * question (the word after a determiner or a preposition: "the iris scanner", "via satellite")
     * is in no indexed document: the thing asked about is not what the near misses describe.
     */
    weakUnknownWord: z.boolean().default(true),
    /**
     * The share of the key terms such words must make for `weakUnknownWord` to ask: in a short
     * question ("unlock the phone with the iris scanner") the word names the subject; in a long
     * description of what a program should do it is one detail among many.
     */
    weakUnknownShare: z.number().min(0).max(1).default(0.2),
    /**
     * A claim (a statement to check, not a question) naming a symbol no document holds (a gene or
     * strain code: `HOXB4`) is still covered when its strongest passage is a strong hit holding at
     * least this share of the claim's other key terms. 1 keeps every symbol required.
     */
    claimCoverage: z.number().min(0).max(1).default(0.5),
    /**
     * Relevance that claim's strongest passage needs (see `claimCoverage`). 0.15, under the relevant
     * floor: the passage holding half the claim's other key terms is what says the corpus covers it
     * (the floor still judges the evidence after). Measured on the tuning claims (evals/tuning/scifact):
     * from 0.25, 5 answerable claims of the even half whose gene symbol no abstract writes (IBP, SRL,
     * Mbd3, ScPif1p, miR7a: best passages at 0.17-0.22) are no longer refused, while the absent
     * claims' symbols (H5N1, NPC1, BNT162b2: best passages at 0.12-0.22 holding a quarter to a third
     * of the rest) stay refused. It was 0.65 (a strong hit), then 0.25 (judge4).
     */
    claimHit: z.number().min(0).max(1).default(0.15),
  })
  .strict();

const fusionSchema = z
  .object({
    lexical: z.number().min(0).max(10),
    vector: z.number().min(0).max(10),
    exact: z.number().min(0).max(10),
  })
  .strict();

/** Everything retrieve, broaden and rerank read, with its default. */
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
    interleave: z
      .array(z.enum(["local", "global"]))
      .min(1)
      .default(["local", "local", "global"]),
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
    /**
     * A question typed as a bare noun phrase ("UTE in pypulseq", "just a simple FID sequence": no
     * question word, no verb, no intent cue) is a request for the thing when an example of an
     * examples source is named for it: of the titles a title-only search of the examples sources
     * finds, one whose file name and titles hold at least `minHeadCoverage` of the phrase's head
     * (the words before its first modifier, weighted by rarity, synonyms and mined abbreviations
     * counted; `titleCoverage`). A head word that at least `kindShare` of an examples source's
     * documents hold in their titles ("sequence") names what every example is, not which one, and
     * is not required. Otherwise ("gradient raster time", "[BLOCKS] section format") the plan
     * stands. `minHeadCoverage` over 1 turns it off.
     */
    nounPhrase: z
      .object({
        minHeadCoverage: z.number().min(0).max(2).default(0.75),
        kindShare: z.number().min(0).max(1).default(0.5),
        /** Documents the title-only search returns per examples source. */
        titleHits: z.number().int().min(1).max(500).default(20),
      })
      .strict()
      .default({}),
    rerank: z
      .object({
        /** A JSON file of fitted local weights replacing the bundled ones. */
        weightsPath: z.string().min(1).optional(),
        /** Ranked results kept: max(plan.top_k × keepFactor, keepMin). The expander cuts to top_k. */
        keepFactor: z.number().int().min(1).max(20).default(3),
        keepMin: z.number().int().min(1).max(500).default(20),
        /** Added to rerank_score per position a source stands ahead in the route order. */
        routeOrderBonus: z.number().min(0).max(1).default(0.02),
        /** Added to rerank_score of topic-scoped (local) results: the user asked for that topic. */
        localScopeBonus: z.number().min(0).max(1).default(0.05),
        /**
         * Added to rerank_score, for API questions, of entries the alias index matched by name as
         * written (`exact`) or in another spelling or language (`spelling`): the entry a question
         * names ranks above the files that merely call it.
         */
        aliasBonus: z
          .object({ exact: z.number().min(0).max(2).default(1), spelling: z.number().min(0).max(2).default(0.5) })
          .strict()
          .default({}),
        /**
         * Except for example requests, the least relevance of an entry the alias index matched by name: the
         * name is exact evidence of what the question is about, even when its wording matches
         * little else (`What arguments does mr.makeArbitraryGrad accept?`), so the entry passes its
         * source's threshold and counts as a strong hit. 0 turns it off.
         */
        aliasRelevance: z
          .object({ exact: z.number().min(0).max(1).default(0.9), spelling: z.number().min(0).max(1).default(0.8) })
          .strict()
          .default({}),
        /**
         * Example requests: results of an examples source whose file path and titles hold the
         * question's key terms (weighted by rarity, synonyms and mined abbreviations counted;
         * `titleCoverage`) rank by it. `bonus` × coverage is added to rerank_score; at or over
         * `minCoverage` the relevance is at least `relevance` × coverage, since an example program
         * says what it is in its name (`writeEpi.m`), seldom in prose. `relevance` 0 turns the floor off.
         */
        titleMatch: z
          .object({
            bonus: z.number().min(0).max(2).default(0.5),
            minCoverage: z.number().min(0).max(1).default(0.5),
            relevance: z.number().min(0).max(1).default(0.85),
          })
          .strict()
          .default({}),
        /**
         * Example requests that write a code name (`mr.makeSLRpulse`, `pp.make_extended_trapezoid`):
         * the least relevance of a chunk of an example program that calls the name as written, when
         * at most `maxShare` of the candidates' example files call it (a name every demo calls,
         * `seq.write`, picks none). The callers are what "which demo calls X?" asks for, whatever
         * else their text matches. `relevance` 0 turns it off.
         */
        callerMatch: z
          .object({
            relevance: z.number().min(0).max(1).default(0.8),
            maxShare: z.number().min(0).max(1).default(0.5),
          })
          .strict()
          .default({}),
        /**
         * Example requests stating quantities ("TE 5 ms, TR 12 ms, a 10 degree flip, 7 slices"):
         * `bonus` × the share of them an example program's code or comments set (each counted by
         * how few of the candidate programs set it; `quantityScores`) is added to its rerank_score,
         * so of near-twin demos the one with those values ranks first; at or over `minShare` its
         * relevance is at least `relevance` × the share (a program setting what the request states is
         * evidence it is the one asked for, whatever its wording). `bonus` 0 turns it off.
         */
        quantityMatch: z
          .object({
            bonus: z.number().min(0).max(2).default(1),
            minShare: z.number().min(0).max(1).default(0.5),
            relevance: z.number().min(0).max(1).default(0.6),
          })
          .strict()
          .default({}),
        /**
         * Example requests: what the relevance of an example program is multiplied by when the
         * request refuses its name, a word of it being one the request only negates ("the simplest
         * EPI, no labels": `writeEpi_label.m`; "without ramp sampling": the `RS` of `writeEpiRS.m`).
         * 1 turns it off.
         */
        refusedName: z.number().min(0).max(1).default(0.5),
        /**
         * Relevance given at least to the one entry a question names verbatim (its name, section or
         * page title: `VACUUM`, `mr.makeTrapezoid`) when no other candidate document carries the name:
         * an exact, unambiguous name match is strong evidence whatever the passage's wording. 0 turns it off.
         */
        namedRelevance: z.number().min(0).max(1).default(0.85),
        /** Candidates per Cohere request (it bills per 100 documents). */
        remoteMaxDocuments: z.number().int().min(1).max(1000).default(100),
      })
      .strict()
      .default({}),
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
    /** Characters of an example's code the offline answerer returns (cut at a line boundary). */
    exampleMaxChars: z.number().int().min(200).max(100_000).default(6000),
    /** Characters kept of a citation's snippet. */
    snippetChars: z.number().int().min(40).max(2000).default(240),
    /** How answers read (a tenant's `answer_style` lands here). */
    answerStyle: AnswerStyleSchema.default("standard"),
  })
  .strict();

/** The settings a run reads, which a tenant's row may override: gate, retrieval, generation. */
export const RunSettingsSchema = z
  .object({
    gate: GateSettingsSchema.default({}),
    retrieval: RetrievalSettingsSchema.default({}),
    generation: GenerationSettingsSchema.default({}),
  })
  .strict();

export type GateSettings = z.infer<typeof GateSettingsSchema>;
export type RetrievalSettings = z.infer<typeof RetrievalSettingsSchema>;
export type GenerationSettings = z.infer<typeof GenerationSettingsSchema>;
/** Validated run settings, defaults filled in: what nodes receive. */
export type RunSettings = z.infer<typeof RunSettingsSchema>;
/** Run settings as written (every field optional). */
export type RunSettingsInput = z.input<typeof RunSettingsSchema>;

let defaults: RunSettings | undefined;

/**
 * The run settings with every default filled in (parsed once).
 * @example
 * defaultRunSettings().gate.strongHit; // 0.65
 */
export function defaultRunSettings(): RunSettings {
  return (defaults ??= RunSettingsSchema.parse({}));
}
