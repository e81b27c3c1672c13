import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planFor, retrievalContext } from "../../test/helpers/retrieval.js";
import type { Candidate } from "../state/types.js";
import type { RunContext } from "../context/run-context.js";
import { retrieve, type RetrieveTask } from "./retrieve.js";

const filler = (topic: string, n: number) => Array.from({ length: n }, (_, i) => `${topic} detail ${i} explained at length.`).join(" ");

let ctx: RunContext;
beforeAll(async () => {
  ctx = await retrievalContext(
    [
      {
        uri: "long.md",
        title: "Gradient timing",
        topics: ["gradients"],
        sections: [
          {
            title: "Ramps",
            content: "",
            children: [
              `The trapezoid gradient ramp time follows from the slew rate. ${filler("ramp", 12)}`,
              `A trapezoid gradient flat top holds the amplitude. ${filler("flat top", 12)}`,
            ],
          },
        ],
      },
      {
        uri: "area.md",
        title: "Gradient area",
        topics: ["gradients"],
        sections: [{ content: "The trapezoid gradient area is amplitude times flat time plus ramps." }],
      },
      {
        uri: "moments.md",
        title: "Gradient moments",
        topics: ["gradients"],
        sections: [{ content: "Trapezoid gradient moments null the phase of moving spins." }],
      },
      {
        uri: "spoil.md",
        title: "Spoiling",
        topics: ["rf"],
        sections: [{ content: "A trapezoid gradient after the readout spoils the remaining transverse magnetisation." }],
      },
      {
        uri: "faq.md",
        title: "FAQ",
        sections: [{ content: "Why is my trapezoid gradient rejected? The trapezoid gradient exceeds the slew rate limit." }],
      },
      {
        uri: "api.m",
        title: "makeTrapezoid",
        source: "api",
        sections: [{ content: "makeTrapezoid(channel, 'Area', area) returns a trapezoid gradient event." }],
      },
    ],
    [
      { name: "docs", summary: "guides" },
      { name: "api", summary: "reference" },
    ],
  );
});
afterAll(async () => ctx.store.close());

const task = (question: string, over: Partial<RetrieveTask> = {}): RetrieveTask => ({
  question,
  source: "docs",
  attempt: 0,
  plan: planFor(question),
  ...over,
});

describe("retrieve", () => {
  it("writes ranked candidates of its source under attempt:source:scope, with metadata", async () => {
    const update = await retrieve(task("trapezoid gradient slew rate"), { context: ctx });
    const list = update.candidates?.["0:docs:global"] ?? [];
    expect(list.length).toBeGreaterThan(2);
    expect(list.every((c) => c.source === "docs" && c.attempt === 0 && c.scope === "global")).toBe(true);
    expect(list.map((c) => c.source_rank)).toEqual(list.map((_, i) => i + 1));
    expect(update.metadata?.candidates_per_source).toEqual({ docs: list.length });
    expect(update.metadata?.timings_ms?.["retrieve:docs"]).toBeGreaterThanOrEqual(0);
    expect(update.metadata?.fusion_weights?.docs).toMatchObject({ fusion: "minmax", lexical: 0.75, vector: 0.25 });
  });

  it("searches one source per branch, and the branches run in parallel", async () => {
    const [docs, api] = await Promise.all([
      retrieve(task("makeTrapezoid area"), { context: ctx }),
      retrieve(task("makeTrapezoid area", { source: "api" }), { context: ctx }),
    ]);
    expect(api.candidates?.["0:api:global"]?.[0]?.uri).toBe("api.m");
    expect(docs.candidates?.["0:docs:global"]?.some((c) => c.source === "api")).toBe(false);
  });

  it("interleaves topic results L, L, G under the token budget, children counted as their parent, one per parent", async () => {
    const question = "trapezoid gradient ramp time and flat top";
    const [parent] = (await ctx.store.matchBm25("ramp", { limit: 1 })).map((h) => h.parentId);
    const [parentRow] = await ctx.store.getChunks("default", [parent!]);
    const budget = parentRow!.tokenCount + 45;
    const update = await retrieve(task(question, { topic: "gradients", plan: planFor(question, { token_budget: budget }) }), {
      context: ctx,
    });
    const all = [...(update.candidates?.["0:docs:local"] ?? []), ...(update.candidates?.["0:docs:global"] ?? [])].sort(
      (a, b) => a.source_rank - b.source_rank,
    );
    expect(all.slice(0, 3).map((c) => c.scope)).toEqual(["local", "local", "global"]);
    expect(all.filter((c) => c.scope === "local").every((c) => c.topics.includes("gradients"))).toBe(true);
    const parents = all.map((c) => c.parentId ?? c.id);
    expect(new Set(parents).size).toBe(parents.length);
    const counted = (c: Candidate) => (c.parentId === parent ? parentRow!.tokenCount : c.tokenCount);
    expect(all.reduce((n, c) => n + counted(c), 0)).toBeLessThanOrEqual(budget);
    expect(all[0]!.parentId).toBe(parent);
    // Counted at its own size the child would leave room for every other gradient/FAQ section (5 in all).
    expect(all.length).toBeLessThan(5);
  });

  it("asks for more on a broadened round", async () => {
    const profiles = ctx.profiles.map((p) => ({ ...p, retrieval: { ...p.retrieval, max_results: 2 } }));
    const narrow = await retrieve(task("trapezoid gradient"), { context: { ...ctx, profiles } });
    const broad = await retrieve(task("trapezoid gradient", { attempt: 1 }), { context: { ...ctx, profiles } });
    expect(narrow.candidates?.["0:docs:global"]).toHaveLength(2);
    expect(broad.candidates?.["1:docs:global"]).toHaveLength(4);
    expect(broad.metadata?.candidates_per_source).toEqual({ "docs:1": 4 });
  });

  it("searches lexically when the query embedding fails, and says so", async () => {
    const embeddings = {
      ...ctx.embeddings,
      id: "local/use-lite",
      embedQuery: async () => {
        throw new Error("model crashed");
      },
    };
    const update = await retrieve(task("trapezoid spoils magnetisation"), { context: { ...ctx, embeddings } });
    expect(update.candidates?.["0:docs:global"]?.[0]?.uri).toBe("spoil.md");
    expect(update.metadata?.fallbacks?.[0]).toMatch(/query embedding .* failed \(model crashed\); lexical search only/);
  });

  it("returns nothing for an unknown source, with a note", async () => {
    const update = await retrieve(task("trapezoid", { source: "nope" }), { context: ctx });
    expect(update.candidates).toEqual({ "0:nope:global": [] });
    expect(update.metadata?.fallbacks?.[0]).toMatch(/unknown source "nope"/);
  });
});
