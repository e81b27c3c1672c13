import { describe, expect, it } from "vitest";
import { hitAtK, newTally, reliability, tallyRun } from "./judgement.js";

describe("judgement measures", () => {
  it("bins predicted relevance and compares it with the observed share (ECE)", () => {
    const r = reliability([
      { predicted: 0.95, relevant: true },
      { predicted: 0.91, relevant: false },
      { predicted: 0.05, relevant: false },
    ]);
    expect(r.bins).toHaveLength(10);
    expect(r.bins[9]).toMatchObject({ n: 2, observed: 0.5 });
    expect(r.bins[9]!.predicted).toBeCloseTo(0.93);
    expect(r.bins[0]).toMatchObject({ n: 1, observed: 0 });
    expect(r.bins[5]).toMatchObject({ n: 0, predicted: null });
    expect(r.ece).toBeCloseTo((2 * 0.43 + 0.05) / 3);
  });

  it("counts hit@5 over distinct documents (five chunks of one file are one)", () => {
    const q = new Map([["good", 1]]);
    expect(hitAtK(["a", "a", "a", "b", "c", "d", "e", "good"], q)).toBe(false);
    expect(hitAtK(["a", "a", "a", "b", "c", "d", "good"], q)).toBe(true);
  });

  it("tallies strong verdicts only for API questions whose top document is relevant", () => {
    const t = newTally();
    const qrels = new Map([["makeTrapezoid.m", 1]]);
    tallyRun(t, {
      ranked: [{ key: "makeTrapezoid.m", relevance: 0.3 }],
      verdict: "weak",
      qrels,
      answerable: true,
      expectedSource: "api_reference",
    });
    tallyRun(t, {
      ranked: [
        { key: "other.m", relevance: 0.9 },
        { key: "makeTrapezoid.m", relevance: 0.2 },
      ],
      verdict: "strong",
      qrels,
      answerable: true,
      expectedSource: "api_reference",
    });
    tallyRun(t, { ranked: [{ key: "other.m", relevance: 0.4 }], verdict: "clarify", qrels: new Map(), answerable: false });
    expect(t.apiTopHit).toEqual({ n: 1, strong: 0 });
    expect(t.hit5).toEqual({ n: 2, hits: 2 });
    expect(t.verdicts).toMatchObject({ strong: 1, weak: 1, clarify: 1 });
    expect(t.pairs).toHaveLength(4);
  });
});
