import type { Reliability } from "./judgement.js";

/** The five ranking metrics, each a mean over judged questions. */
export interface RankingMetrics {
  ndcg10: number;
  recall10: number;
  recall100: number;
  mrr10: number;
  map: number;
}

/** One question's scores for one method. */
export interface QueryScores {
  id: string;
  ms: number;
  /** Has relevance judgements (unanswerable questions have none and are left out of the means). */
  judged: boolean;
  /** Among the questions the full graph also ran. */
  onGraphSet: boolean;
  /** The graph's verdict and whether the question is answerable (graph rows only). */
  verdict?: string;
  answerable?: boolean;
  /** Page-labelled questions: a top-5 ranked chunk of a labelled document covers a labelled page. */
  pageHit5?: boolean;
  metrics: RankingMetrics;
}

/** One method's row of the side-by-side table. */
export interface MethodResult {
  id: string;
  label: string;
  /** Judged questions the means are over. */
  n: number;
  metrics: RankingMetrics;
  latencyMs: { p50: number; p95: number; mean: number };
}

/** Everything one `sourcewise eval` run measured; written as results.json. */
export interface EvalResults {
  dataset: { name: string; kind: string; description: string; questions: number; graphQuestions: number };
  createdAt: string;
  versions: Record<string, string>;
  config: Record<string, unknown>;
  ingest: { added: number; replaced: number; unchanged: number; seconds: number };
  /** Graph first, then the baselines, all on the graph's questions. */
  methods: MethodResult[];
  /** The baselines on every question of the run. */
  allQuestions: MethodResult[];
  graph: {
    routing: { n: number; correct: number; accuracy: number } | null;
    gate: {
      confusion: { answerableAnswered: number; answerableAbstained: number; unanswerableAnswered: number; unanswerableAbstained: number };
      accuracy: number;
      abstainPrecision: number | null;
      abstainRecall: number | null;
    };
    citations: { answers: number; markers: number; resolved: number; supported: number; answersAllValid: number; validity: number | null };
    /** Citations covering a labelled page; `meanPages` is the mean page span of a citation. */
    pages: { n: number; hits: number; accuracy: number; meanPages?: number | null } | null;
    /** Page-labelled answerable questions with a top-5 ranked chunk of a labelled document covering a labelled page. */
    pageHit5?: {
      n: number;
      hits: number;
      rate: number;
      /** Hits by a chunk spanning at most two pages, and their share. */
      precise: number;
      preciseRate: number;
      /** Mean page span of the top-5 chunks. */
      meanPages: number | null;
    } | null;
    /** Answerable, judged questions with a relevant document among the graph's first five distinct documents. */
    hit5?: { n: number; hits: number; rate: number } | null;
    /** How many questions ended with each verdict. */
    verdicts?: Record<string, number>;
    /** Answerable API questions whose top document is relevant, and the share judged `strong`. */
    apiTopHitStrong?: { n: number; strong: number; rate: number } | null;
    /** The calibrated relevance of the top ten results against the labels, in 10 bins. */
    reliability?: Reliability;
    latencyMs: Record<string, { p50: number; p95: number; n: number }>;
  };
  perQuery: Record<string, QueryScores[]>;
  seconds: number;
}
