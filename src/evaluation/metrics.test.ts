import { describe, expect, it } from "vitest";
import { averagePrecision, mrrAtK, ndcgAtK, quantile, recallAtK } from "./metrics.js";

const qrels = new Map([["a", 1], ["b", 1], ["c", 0]]);

describe("trec_eval metrics", () => {
  it("nDCG@10 takes its ideal from the qrels, not from the run", () => {
    // One of two relevant docs retrieved at rank 1: DCG = 1, IDCG = 1 + 1/log2(3).
    expect(ndcgAtK(["a"], qrels)).toBeCloseTo(1 / (1 + 1 / Math.log2(3)), 12);
    // Relevant at rank 2 and 3: (1/log2 3 + 1/2) / (1 + 1/log2 3).
    expect(ndcgAtK(["x", "a", "b"], qrels)).toBeCloseTo((1 / Math.log2(3) + 0.5) / (1 + 1 / Math.log2(3)), 12);
  });

  it("nDCG uses graded gains and cuts at k", () => {
    const graded = new Map([["a", 2], ["b", 1]]);
    expect(ndcgAtK(["b", "a"], graded)).toBeCloseTo((1 + 2 / Math.log2(3)) / (2 + 1 / Math.log2(3)), 12);
    expect(ndcgAtK(["x", "a"], graded, 1)).toBe(0);
  });

  it("counts a duplicated id once and scores 0 without relevant documents", () => {
    expect(ndcgAtK(["a", "a", "b"], qrels)).toBeCloseTo(1, 12);
    expect(ndcgAtK(["a"], new Map([["a", 0]]))).toBe(0);
    expect(recallAtK(["a", "a"], qrels, 10)).toBe(0.5);
  });

  it("recall, MRR and AP", () => {
    expect(recallAtK(["x", "a", "b"], qrels, 2)).toBe(0.5);
    expect(mrrAtK(["x", "c", "b"], qrels)).toBeCloseTo(1 / 3, 12);
    expect(mrrAtK(["x", "y", "b"], qrels, 2)).toBe(0);
    // Relevant at ranks 2 and 4: (1/2 + 2/4) / 2.
    expect(averagePrecision(["x", "a", "y", "b"], qrels)).toBeCloseTo(0.5, 12);
    // One of two relevant never retrieved: (1/1) / 2.
    expect(averagePrecision(["a"], qrels)).toBe(0.5);
  });

  it("quantiles interpolate", () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([5], 0.95)).toBe(5);
  });
});
