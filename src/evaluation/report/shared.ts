import type { EvalResults } from "../results.js";

/** The metric columns, in report order. */
export const METRICS = [
  ["ndcg10", "nDCG@10"],
  ["recall10", "Recall@10"],
  ["recall100", "Recall@100"],
  ["mrr10", "MRR@10"],
  ["map", "MAP"],
] as const;

/** Node rows for the latency table, in graph order, end to end last. */
export function nodeRows(r: EvalResults) {
  const order = ["plan", "route", "retrieve", "rerank", "expand", "gate", "broaden", "generate", "clarify", "end to end"];
  // Nodes not in the list (a future one) go before "end to end".
  const rank = (n: string) => (order.includes(n) ? order.indexOf(n) : order.length - 1.5);
  return Object.entries(r.graph.latencyMs)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([node, v]) => ({ node, ...v }));
}

/** "0.7123" or "n/a". */
export const fmt = (x: number | null | undefined, digits = 4) => (x === null || x === undefined ? "n/a" : x.toFixed(digits));
/** "92.0%" or "n/a". */
export const pct = (x: number | null | undefined) => (x === null || x === undefined ? "n/a" : `${(100 * x).toFixed(1)}%`);
