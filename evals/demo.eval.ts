import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { EvalResults } from "../src/evaluation/results.js";
import { evalDataset, ROOT, row } from "./run-dataset.js";

let r: EvalResults;

describe("demo corpus + evals/demo/questions.jsonl", () => {
  beforeAll(async () => {
    r = await evalDataset(join(ROOT, "evals/demo/questions.jsonl"));
  });

  it("routes, gates and cites within thresholds", () => {
    expect(r.graph.routing!.accuracy).toBeGreaterThanOrEqual(0.85);
    expect(r.graph.gate.accuracy).toBeGreaterThanOrEqual(0.7);
    expect(r.graph.gate.abstainRecall).toBeGreaterThanOrEqual(0.75);
    expect(r.graph.citations.validity).toBeGreaterThanOrEqual(0.9);
  });

  it("finds the answering file in the top 10 for most questions", () => {
    expect(row(r, "graph").metrics.recall10).toBeGreaterThanOrEqual(0.8);
  });
});
