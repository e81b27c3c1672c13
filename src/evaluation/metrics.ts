/**
 * Ranking metrics as trec_eval defines them. Qrels map document id → graded relevance
 * (> 0 is relevant). A run is the ranked list of document ids a system returned.
 * - The ideal DCG comes from the qrels, never from the retrieved list.
 * - A short list is not padded or re-normalised: missing ranks simply earn nothing.
 * - Duplicate ids in a run count once, at their first rank (trec_eval refuses duplicates).
 */
export type Qrels = ReadonlyMap<string, number>;

function dedupe(run: readonly string[]): string[] {
  const seen = new Set<string>();
  return run.filter((id) => (seen.has(id) ? false : (seen.add(id), true)));
}

/** nDCG@k with linear gains (trec_eval's `ndcg_cut`). 0 when the query has no relevant document. */
export function ndcgAtK(run: readonly string[], qrels: Qrels, k = 10): number {
  const ranked = dedupe(run).slice(0, k);
  let dcg = 0;
  ranked.forEach((id, i) => {
    const rel = qrels.get(id) ?? 0;
    if (rel > 0) dcg += rel / Math.log2(i + 2);
  });
  const ideal = [...qrels.values()]
    .filter((r) => r > 0)
    .sort((a, b) => b - a)
    .slice(0, k);
  const idcg = ideal.reduce((s, rel, i) => s + rel / Math.log2(i + 2), 0);
  return idcg === 0 ? 0 : dcg / idcg;
}

/** Recall@k: relevant documents in the top k over all relevant documents in the qrels. */
export function recallAtK(run: readonly string[], qrels: Qrels, k: number): number {
  const relevant = [...qrels.values()].filter((r) => r > 0).length;
  if (relevant === 0) return 0;
  return (
    dedupe(run)
      .slice(0, k)
      .filter((id) => (qrels.get(id) ?? 0) > 0).length / relevant
  );
}

/** MRR@k: 1 / rank of the first relevant document within the top k, else 0. */
export function mrrAtK(run: readonly string[], qrels: Qrels, k = 10): number {
  const i = dedupe(run)
    .slice(0, k)
    .findIndex((id) => (qrels.get(id) ?? 0) > 0);
  return i === -1 ? 0 : 1 / (i + 1);
}

/** Average precision over the whole run; unretrieved relevant documents count as precision 0. */
export function averagePrecision(run: readonly string[], qrels: Qrels): number {
  const relevant = [...qrels.values()].filter((r) => r > 0).length;
  if (relevant === 0) return 0;
  let hits = 0;
  let sum = 0;
  dedupe(run).forEach((id, i) => {
    if ((qrels.get(id) ?? 0) > 0) sum += ++hits / (i + 1);
  });
  return sum / relevant;
}

/** Arithmetic mean, 0 for an empty list. */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

/** The q-th quantile (0..1) by linear interpolation between closest ranks. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}
