import { describe, expect, it } from "vitest";
import { boost, GBDT, model, scoreOf, sigmoid } from "../bench/gbdt.js";
import { FEATURE_NAMES } from "../src/models/rerankers/features.js";
import { LocalFusionReranker } from "../src/models/rerankers/local.js";

// Rows where only the first feature decides the label (relevant above 0.5).
const rows = Array.from({ length: 400 }, (_, i) => FEATURE_NAMES.map((_, j) => (j === 0 ? (i % 100) / 100 : ((i * 7 + j) % 13) / 13)));
const labels = rows.map((r) => (r[0]! > 0.5 ? 1 : 0));

describe("the reranker's learner (bench/gbdt.ts)", () => {
  it("grows the shipped number of trees by default and the given number otherwise", () => {
    expect(boost(rows, labels).trees).toHaveLength(GBDT.trees);
    expect(boost(rows, labels, { ...GBDT, trees: 7 }).trees).toHaveLength(7);
  });

  it("separates the labels with a smaller shrinkage when scored with that shrinkage", () => {
    const params = { ...GBDT, trees: 200, learningRate: 0.05 };
    const m = boost(rows, labels, params);
    const p = scoreOf(m, rows, params.learningRate).map(sigmoid);
    expect(p.every((x, i) => (labels[i] ? x > 0.5 : x < 0.5))).toBe(true);
    // Weights carry their shrinkage, so the reranker scores them as they were fitted.
    const weights = model(m, { a: 1, b: 0 }, params.learningRate);
    expect(weights.learningRate).toBe(0.05);
    expect(new LocalFusionReranker(weights).weights.learningRate).toBe(0.05);
  });
});
