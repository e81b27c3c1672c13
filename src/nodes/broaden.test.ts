import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planFor, retrievalContext, stateWith } from "../../test/helpers/retrieval.js";
import type { RouteDecision } from "../state/types.js";
import { broaden, broadenPlan, BROADENED_MARK, isBroadenedPlan } from "./broaden.js";
import type { GraphContext } from "./context.js";

const route: RouteDecision = { sources: ["api", "docs", "examples"], primary: ["api"], scores: { api: 0.9, docs: 0.4, examples: 0.2 }, reason: "api first" };

describe("broadenPlan", () => {
  it("adds the route's secondary sources after the plan's own, in route order", () => {
    const plan = planFor("how does makeTrapezoid work", { sources: ["api"] });
    expect(broadenPlan(plan, route).sources).toEqual(["api", "docs", "examples"]);
  });

  it("relaxes key terms with identifier words and synonyms, and says what changed", () => {
    const plan = planFor("set the TE of mr.makeTrapezoid", { sources: ["api"] });
    const broad = broadenPlan(plan, route, { te: ["echo time"] });
    expect(broad.key_terms).toEqual(expect.arrayContaining([...plan.key_terms, "make", "trapezoid", "echo time"]));
    expect(isBroadenedPlan(broad)).toBe(true);
    expect(isBroadenedPlan(plan)).toBe(false);
    expect(broad.reason).toContain(BROADENED_MARK);
    expect(broad.reason).toMatch(/\+sources docs, examples; \+terms .*make.*; lower thresholds/);
  });

  it("is idempotent", () => {
    const once = broadenPlan(planFor("trapezoid", { sources: ["api"] }), route);
    expect(broadenPlan(once, route)).toBe(once);
  });
});

describe("broaden node", () => {
  let ctx: GraphContext;
  beforeAll(async () => {
    ctx = await retrievalContext([{ uri: "a.md", sections: [{ content: "unused" }] }]);
  });
  afterAll(async () => ctx.store.close());

  it("counts the retry and writes the broadened plan for the next round", async () => {
    const plan = planFor("trapezoid ramps", { sources: ["api"] });
    const update = await broaden(stateWith({ question: "trapezoid ramps", plan, route, retries: 0 }), { context: ctx });
    expect(update.retries).toBe(1);
    expect(update.metadata?.retries).toBe(1);
    expect(update.plan?.sources).toEqual(["api", "docs", "examples"]);
    expect(isBroadenedPlan(update.plan)).toBe(true);
  });

  it("still counts the retry without a plan", async () => {
    const update = await broaden(stateWith({ question: "x", retries: 1 }), { context: ctx });
    expect(update.retries).toBe(2);
    expect(update.plan).toBeUndefined();
  });
});
