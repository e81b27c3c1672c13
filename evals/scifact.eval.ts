import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { EvalResults } from "../src/evaluation/results.js";
import { DATA, evalDataset, has, row } from "./run-dataset.js";

const dir = join(DATA, "scifact");
let r: EvalResults;

// SciFact train: the offline default graph must beat BM25 (0.679 in the issue) and every baseline.
describe.skipIf(!has(dir))("SciFact (BEIR, train split)", () => {
  beforeAll(async () => {
    r = await evalDataset(dir, { graphLimit: 200 });
  });

  it("reaches nDCG@10 >= 0.70 with the full graph", () => {
    expect(row(r, "graph").metrics.ndcg10).toBeGreaterThanOrEqual(0.7);
  });

  it("ranks above every baseline on the same questions", () => {
    const graph = row(r, "graph").metrics.ndcg10;
    for (const m of r.methods.filter((x) => x.id !== "graph")) expect.soft(graph, m.id).toBeGreaterThan(m.metrics.ndcg10);
  });

  it("keeps BM25 near its known score (a sanity check on the index and the metrics)", () => {
    expect(row(r, "bm25").metrics.ndcg10).toBeGreaterThan(0.62);
  });
});
