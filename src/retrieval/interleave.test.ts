import { describe, expect, it } from "vitest";
import type { ChunkHit } from "../storage/types.js";
import { interleaveScoped } from "./interleave.js";

const hit = (id: string, tokenCount = 100, parentId: string | null = null) => ({ id, parentId, tokenCount }) as ChunkHit;

describe("interleaveScoped", () => {
  it("takes local, local, global in turn", () => {
    const out = interleaveScoped([hit("l1"), hit("l2"), hit("l3"), hit("l4")], [hit("g1"), hit("g2")], { tokenBudget: 10_000 });
    expect(out.map((s) => s.hit.id)).toEqual(["l1", "l2", "g1", "l3", "l4", "g2"]);
    expect(out.map((s) => s.scope)).toEqual(["local", "local", "global", "local", "local", "global"]);
  });

  it("fills from the other list when one runs out", () => {
    const out = interleaveScoped([hit("l1")], [hit("g1"), hit("g2"), hit("g3")], { tokenBudget: 10_000 });
    expect(out.map((s) => s.hit.id)).toEqual(["l1", "g1", "g2", "g3"]);
  });

  it("counts a child as its parent's tokens and stops at the budget", () => {
    const parents = new Map([["p", 900]]);
    const out = interleaveScoped([hit("c1", 50, "p"), hit("l2", 100)], [hit("g1", 100), hit("g2", 100)], {
      tokenBudget: 1150,
      parentTokens: parents,
    });
    expect(out.map((s) => [s.hit.id, s.tokens])).toEqual([
      ["c1", 900],
      ["l2", 100],
      ["g1", 100],
    ]);
  });

  it("skips what does not fit and tries the next of the same list", () => {
    const out = interleaveScoped([hit("big", 5000), hit("l2", 100)], [hit("g1", 100)], { tokenBudget: 1000 });
    expect(out.map((s) => s.hit.id)).toEqual(["l2", "g1"]);
  });

  it("takes one result per parent section, across both lists", () => {
    const out = interleaveScoped([hit("c1", 50, "p"), hit("c2", 50, "p"), hit("l3")], [hit("c1", 50, "p"), hit("g2")], {
      tokenBudget: 10_000,
      parentTokens: new Map([["p", 300]]),
    });
    expect(out.map((s) => s.hit.id)).toEqual(["c1", "l3", "g2"]);
  });

  it("honours a custom pattern and a result cap", () => {
    const out = interleaveScoped([hit("l1"), hit("l2")], [hit("g1"), hit("g2")], {
      tokenBudget: 10_000,
      pattern: ["global"],
      maxResults: 3,
    });
    expect(out.map((s) => s.hit.id)).toEqual(["g1", "g2", "l1"]);
  });
});
