import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { EvalResults } from "../src/evaluation/results.js";
import { DATA, evalDataset, has, row } from "./run-dataset.js";

const dir = join(DATA, "emanual-s10");
let r: EvalResults;

// E-Manual S10: 50 questions, each answered by one of 451 sections.
describe.skipIf(!has(dir))("E-Manual S10 (sectioned manual QA)", () => {
  beforeAll(async () => {
    r = await evalDataset(dir);
  });

  it("maps every question to its answering section", () => {
    expect(row(r, "graph").n).toBe(50);
  });

  // 448 of 451: sections 8-10 hold only their title (device images) and are reported, not indexed.
  it("indexes every section that has text", () => {
    expect(r.ingest.added + r.ingest.replaced + r.ingest.unchanged).toBe(448);
    expect(r.dataset.description).toContain("3 title-only, not indexed");
  });

  // Floors at the measured level (graph nDCG@10 0.332, Recall@10 0.40 on 2026-11-22): the graph
  // is below plain RRF (0.439) here, a known gap; raise these when it closes.
  it("does not fall below its measured retrieval quality", () => {
    expect(row(r, "graph").metrics.recall10).toBeGreaterThanOrEqual(0.36);
    expect(row(r, "graph").metrics.ndcg10).toBeGreaterThanOrEqual(0.3);
  });

  it("cites blocks that hold the citing sentences", () => {
    expect(r.graph.citations.validity ?? 1).toBeGreaterThanOrEqual(0.9);
  });
});
