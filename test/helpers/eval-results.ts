import { reliability } from "../../src/evaluation/judgement.js";
import type { EvalResults, MethodResult } from "../../src/evaluation/results.js";

const method = (id: string, ndcg: number, p50: number): MethodResult => ({
  id,
  label: `${id} <label>`,
  n: 40,
  metrics: { ndcg10: ndcg, recall10: ndcg + 0.1, recall100: 0.95, mrr10: ndcg - 0.02, map: ndcg - 0.05 },
  latencyMs: { p50, p95: p50 * 2, mean: p50 * 1.2 },
});

/** A small, fixed result set for report rendering tests (no database, no model). */
export function sampleResults(): EvalResults {
  const methods = [
    method("graph", 0.72, 310),
    method("bm25", 0.68, 40),
    method("dense", 0.45, 60),
    method("rrf", 0.62, 80),
    method("supabase", 0.5, 70),
    method("langchain", 0.44, 90),
  ];
  return {
    dataset: { name: "sample", kind: "beir", description: "a fixed sample", questions: 40, graphQuestions: 40 },
    createdAt: "2026-01-01T00:00:00.000Z",
    versions: { sourcewise: "0.1.0", node: "v20", embeddings: "local/use-lite" },
    config: { limit: 40 },
    ingest: { added: 0, replaced: 0, unchanged: 10, seconds: 1 },
    methods,
    allQuestions: methods.slice(1),
    graph: {
      routing: { n: 14, correct: 13, accuracy: 13 / 14 },
      gate: {
        confusion: { answerableAnswered: 12, answerableAbstained: 2, unanswerableAnswered: 0, unanswerableAbstained: 4 },
        accuracy: 16 / 18,
        abstainPrecision: 4 / 6,
        abstainRecall: 1,
      },
      citations: { answers: 12, markers: 30, resolved: 30, supported: 29, answersAllValid: 11, validity: 29 / 30 },
      pages: null,
      hit5: { n: 14, hits: 13, rate: 13 / 14 },
      verdicts: { strong: 10, weak: 2, clarify: 6, none: 0 },
      apiTopHitStrong: { n: 5, strong: 4, rate: 0.8 },
      reliability: reliability([
        { predicted: 0.88, relevant: true },
        { predicted: 0.89, relevant: false },
        { predicted: 0.15, relevant: false },
      ]),
      latencyMs: {
        plan: { p50: 1, p95: 3, n: 18 },
        route: { p50: 20, p95: 50, n: 18 },
        retrieve: { p50: 120, p95: 300, n: 16 },
        rerank: { p50: 15, p95: 30, n: 16 },
        "end to end": { p50: 310, p95: 700, n: 18 },
      },
    },
    perQuery: {},
    seconds: 12,
  };
}
