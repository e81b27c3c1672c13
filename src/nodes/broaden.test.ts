import { describe, expect, it } from "vitest";
import { planFor, stateWith } from "../../test/helpers/retrieval.js";
import { buildRunContext } from "../context/build-context.js";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import type { SqlStore } from "../storage/store.js";
import { defaultRunSettings } from "../config/run-settings.js";
import type { RunContext } from "../context/run-context.js";
import { SourceProfileSchema } from "../sources/profile.js";
import type { RouteDecision } from "../state/types.js";
import { broaden, broadenPlan } from "./broaden.js";

const route: RouteDecision = {
  sources: ["api", "docs", "examples"],
  primary: ["api"],
  scores: { api: 0.9, docs: 0.4, examples: 0.2 },
  reason: "api first",
};
const profiles = ["api", "docs", "examples"].map((name) =>
  SourceProfileSchema.parse({ name, summary: name, retrieval: { similarity_threshold: 0.4 } }),
);
const settings = defaultRunSettings().retrieval;

describe("broadenPlan", () => {
  it("adds the route's secondary sources after the plan's own, in route order", () => {
    const plan = planFor("how does makeTrapezoid work", { sources: ["api"] }, profiles);
    expect(broadenPlan(plan, route, settings, profiles).sources).toEqual(["api", "docs", "examples"]);
  });

  it("relaxes key terms with identifier words and synonyms, lowers thresholds, and says what changed", () => {
    const plan = planFor("set the TE of mr.makeTrapezoid", { sources: ["api"] }, profiles);
    const broad = broadenPlan(plan, route, { ...settings, synonyms: { te: ["echo time"] } }, profiles);
    expect(broad.key_terms).toEqual(expect.arrayContaining([...plan.key_terms, "make", "trapezoid", "echo time"]));
    expect(plan.thresholds).toEqual({ api: 0.4, docs: 0.4, examples: 0.4 });
    expect(broad.thresholds).toEqual({ api: 0.2, docs: 0.2, examples: 0.2 });
    expect(broad.reason).toMatch(/^test plan; broadened: \+sources docs, examples; \+terms .*make.*; thresholds ×0\.5$/);
  });

  it("is idempotent", () => {
    const once = broadenPlan(planFor("trapezoid", { sources: ["api"] }, profiles), route, settings, profiles);
    expect(broadenPlan(once, route, settings, profiles)).toBe(once);
  });
});

describe("broaden node", () => {
  // broaden reads only the profiles and settings of its context: no store or model is opened.
  const ctx: RunContext = buildRunContext({
    store: {} as SqlStore,
    embeddings: {} as EmbeddingProvider,
    profiles: ["api", "docs", "examples"].map((name) => SourceProfileSchema.parse({ name, summary: name })),
  });

  it("starts the next round and writes the broadened plan for it", async () => {
    const plan = planFor("trapezoid ramps", { sources: ["api"] }, ctx.profiles);
    const update = await broaden(stateWith({ question: "trapezoid ramps", plan, route, attempt: 0 }), { context: ctx });
    expect(update.attempt).toBe(1);
    expect(update.plan?.sources).toEqual(["api", "docs", "examples"]);
    expect(update.plan?.thresholds).toEqual({ api: 0.1, docs: 0.1, examples: 0.1 });
  });

  it("counts rounds past the first, and refuses to run without a plan", async () => {
    const plan = planFor("x", { sources: ["api"] }, ctx.profiles);
    expect((await broaden(stateWith({ question: "x", plan, attempt: 1 }), { context: ctx })).attempt).toBe(2);
    await expect(broaden(stateWith({ question: "x", attempt: 1 }), { context: ctx })).rejects.toMatchObject({ code: "missing_plan" });
  });
});
