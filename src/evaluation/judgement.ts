import type { Verdict } from "../state/types.js";

/** One predicted relevance and whether its document is labelled relevant. */
export interface RelevancePair {
  predicted: number;
  relevant: boolean;
}

/** One bin of a reliability diagram. */
export interface ReliabilityBin {
  lo: number;
  hi: number;
  n: number;
  /** Mean predicted relevance in the bin (null when empty). */
  predicted: number | null;
  /** Share of the bin's results whose document is relevant (null when empty). */
  observed: number | null;
}

/** Predicted vs observed relevance in equal-width bins, with the expected calibration error. */
export interface Reliability {
  bins: ReliabilityBin[];
  /** Σ n_b/N · |observed_b − predicted_b|. */
  ece: number | null;
  n: number;
}

/**
 * Reliability of the calibrated relevance: equal-width bins over [0, 1], each with its mean
 * prediction and the observed share of relevant results.
 * @example
 * reliability([{ predicted: 0.9, relevant: true }, { predicted: 0.1, relevant: false }]).ece; // 0.1
 */
export function reliability(pairs: readonly RelevancePair[], bins = 10): Reliability {
  const out: ReliabilityBin[] = Array.from({ length: bins }, (_, i) => ({
    lo: i / bins,
    hi: (i + 1) / bins,
    n: 0,
    predicted: 0,
    observed: 0,
  }));
  for (const p of pairs) {
    const b = out[Math.min(bins - 1, Math.max(0, Math.floor(p.predicted * bins)))]!;
    b.n++;
    b.predicted! += p.predicted;
    b.observed! += p.relevant ? 1 : 0;
  }
  let gap = 0;
  for (const b of out) {
    if (b.n === 0) {
      b.predicted = null;
      b.observed = null;
      continue;
    }
    b.predicted! /= b.n;
    b.observed! /= b.n;
    gap += b.n * Math.abs(b.observed! - b.predicted!);
  }
  return { bins: out, ece: pairs.length ? gap / pairs.length : null, n: pairs.length };
}

/** Whether any of the first `k` distinct documents of a ranked list is relevant. */
export function hitAtK(rankedKeys: readonly string[], qrels: ReadonlyMap<string, number>, k = 5): boolean {
  const seen: string[] = [];
  for (const key of rankedKeys) {
    if (!seen.includes(key)) seen.push(key);
    if (seen.length > k) break;
  }
  return seen.slice(0, k).some((key) => (qrels.get(key) ?? 0) > 0);
}

/** What the graph's verdicts were, and how API questions whose answering file is the top hit were judged. */
export interface JudgementTally {
  hit5: { n: number; hits: number };
  verdicts: Record<Verdict | "none", number>;
  /** Answerable API questions whose top-ranked document is relevant, and how many got `strong`. */
  apiTopHit: { n: number; strong: number };
  pairs: RelevancePair[];
}

/** An empty tally. */
export const newTally = (): JudgementTally => ({
  hit5: { n: 0, hits: 0 },
  verdicts: { strong: 0, weak: 0, clarify: 0, none: 0 },
  apiTopHit: { n: 0, strong: 0 },
  pairs: [],
});

/**
 * Adds one graph run to the tally: hit@5 over answerable judged questions, the verdict, the
 * API-question check, and the top ten results' (relevance, relevant) pairs for the reliability diagram.
 */
export function tallyRun(
  t: JudgementTally,
  run: {
    ranked: readonly { key: string; relevance: number }[];
    verdict: Verdict | undefined;
    qrels: ReadonlyMap<string, number>;
    answerable: boolean;
    expectedSource?: string;
  },
): void {
  t.verdicts[run.verdict ?? "none"]++;
  const keys = run.ranked.map((r) => r.key);
  if (run.answerable && run.qrels.size > 0) {
    t.hit5.n++;
    if (hitAtK(keys, run.qrels)) t.hit5.hits++;
    if (run.expectedSource === "api_reference" && keys[0] !== undefined && (run.qrels.get(keys[0]) ?? 0) > 0) {
      t.apiTopHit.n++;
      if (run.verdict === "strong") t.apiTopHit.strong++;
    }
  }
  if (run.answerable && run.qrels.size === 0) return;
  for (const r of run.ranked.slice(0, 10)) t.pairs.push({ predicted: r.relevance, relevant: (run.qrels.get(r.key) ?? 0) > 0 });
}
