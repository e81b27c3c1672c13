import { describe, expect, it } from "vitest";
import { averagePrecision, mrrAtK, ndcgAtK, quantile, recallAtK } from "./metrics.js";

const qrels = new Map([
  ["a", 1],
  ["b", 1],
  ["c", 0],
]);

describe("trec_eval metrics", () => {
  it("nDCG@10 takes its ideal from the qrels, not from the run", () => {
    // One of two relevant docs retrieved at rank 1: DCG = 1, IDCG = 1 + 1/log2(3).
    expect(ndcgAtK(["a"], qrels)).toBeCloseTo(1 / (1 + 1 / Math.log2(3)), 12);
    // Relevant at rank 2 and 3: (1/log2 3 + 1/2) / (1 + 1/log2 3).
    expect(ndcgAtK(["x", "a", "b"], qrels)).toBeCloseTo((1 / Math.log2(3) + 0.5) / (1 + 1 / Math.log2(3)), 12);
  });

  it("nDCG uses graded gains and cuts at k", () => {
    const graded = new Map([
      ["a", 2],
      ["b", 1],
    ]);
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

  it("does not inflate a short list: the ideal counts every relevant document in the qrels", () => {
    // Three relevant, one retrieved at rank 1. Libraries that take the ideal from the run say 1.0.
    const three = new Map([
      ["a", 1],
      ["b", 1],
      ["c", 1],
    ]);
    expect(ndcgAtK(["a"], three)).toBeCloseTo(1 / (1 + 1 / Math.log2(3) + 0.5), 12);
    // Recall@100 of a 1-item list is 1/3, not 1/1.
    expect(recallAtK(["a"], three, 100)).toBeCloseTo(1 / 3, 12);
  });

  it("cuts the ideal at k when more documents are relevant than k", () => {
    const many = new Map(Array.from({ length: 12 }, (_, i) => [`d${i}`, 1] as const));
    const run = Array.from({ length: 10 }, (_, i) => `d${i}`);
    expect(ndcgAtK(run, many, 10)).toBeCloseTo(1, 12);
    expect(recallAtK(run, many, 10)).toBeCloseTo(10 / 12, 12);
  });

  it("sorts graded ideal gains from the qrels, whatever order the run has", () => {
    // Ideal: 3, 2, 1 at ranks 1-3. Run: 1, 2, 3 (worst order of the same set).
    const graded = new Map([
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ]);
    const dcg = 1 + 2 / Math.log2(3) + 3 / 2;
    const idcg = 3 + 2 / Math.log2(3) + 1 / 2;
    expect(ndcgAtK(["a", "b", "c"], graded)).toBeCloseTo(dcg / idcg, 12);
  });

  it("treats judged-non-relevant (0) and unjudged documents alike and never counts them as relevant", () => {
    const judged = new Map([
      ["a", 0],
      ["b", 1],
    ]);
    expect(recallAtK(["a"], judged, 10)).toBe(0);
    expect(mrrAtK(["a", "x", "b"], judged)).toBeCloseTo(1 / 3, 12);
    expect(averagePrecision(["a", "b"], judged)).toBeCloseTo(1 / 2, 12);
  });

  it("MRR@10 ignores a first relevant hit past rank 10; AP is not cut at 10", () => {
    const run = [...Array.from({ length: 10 }, (_, i) => `x${i}`), "a"];
    expect(mrrAtK(run, qrels, 10)).toBe(0);
    // a at rank 11, b never: (1/11) / 2.
    expect(averagePrecision(run, qrels)).toBeCloseTo(1 / 22, 12);
  });

  it("a duplicated relevant id neither adds gain nor pushes later ranks down", () => {
    // trec_eval refuses duplicates; we keep the first, so b is at rank 2, not 3.
    expect(averagePrecision(["a", "a", "b"], qrels)).toBeCloseTo(1, 12);
    expect(mrrAtK(["x", "x", "a"], qrels)).toBeCloseTo(1 / 2, 12);
  });

  it("scores an empty run 0 on every metric", () => {
    expect([ndcgAtK([], qrels), recallAtK([], qrels, 100), mrrAtK([], qrels), averagePrecision([], qrels)]).toEqual([0, 0, 0, 0]);
  });
});
