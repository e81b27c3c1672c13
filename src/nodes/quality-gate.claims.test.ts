import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgedOver, retrievalContext } from "../../test/helpers/retrieval.js";
import { buildRunContext } from "../context/build-context.js";
import type { RunContext } from "../context/run-context.js";

// A real store of abstracts: a claim is checked against the passage that states it, so a gene
// symbol the abstracts write another way does not make the corpus "not cover" the claim; a drug
// name no abstract mentions, or the same symbol in a question, still does.
let ctx: RunContext;

beforeAll(async () => {
  ctx = await retrievalContext(
    [
      {
        uri: "hsc.md",
        title: "Homeobox B4 expands haematopoietic stem cells",
        sections: [
          {
            title: "Abstract",
            content:
              "Overexpression of homeobox B4 facilitates the expansion of haematopoietic stem cells co-cultured with stromal cells, which keep their capacity to repopulate irradiated mice.",
          },
        ],
      },
      {
        uri: "vitd.md",
        title: "Vitamin D and fractures",
        sections: [{ title: "Abstract", content: "Vitamin D supplementation did not reduce the risk of hip fractures in older adults." }],
      },
    ],
    [{ name: "docs", summary: "Biomedical abstracts" }],
  );
});
afterAll(async () => {
  await ctx.store.close();
});

const judged = (question: string) => judgedOver(ctx, question);

describe("gate: a claim naming a symbol the corpus writes another way", () => {
  it("is covered when its strongest passage is a strong hit holding the rest of the claim", async () => {
    const state = await judged("HOXB4 facilitates the expansion of haematopoietic stem cells co-cultured with stromal cells.");
    expect(state.ranked[0]!.relevance).toBeGreaterThanOrEqual(0.65);
    expect(state.gate!.missing).toBeUndefined();
    expect(state.gate!.decision).not.toBe("clarify");
  });

  it("needs its strongest passage relevant at gate.claimHit, not strong", async () => {
    const claim = "HOXB4 facilitates expansion of stem cells.";
    const state = await judged(claim);
    expect(state.ranked[0]!.relevance).toBeLessThan(0.75);
    expect(state.gate!.missing).toBeUndefined();
    const strict = await judgedOver(buildRunContext({ ...ctx, settings: { gate: { claimHit: 0.75 } } }), claim);
    expect(strict.gate).toMatchObject({ decision: "clarify", missing: ["HOXB4"] });
  });

  it("is not covered when it names a drug no document mentions", async () => {
    const state = await judged("Aducanumab facilitates the expansion of haematopoietic stem cells co-cultured with stromal cells.");
    expect(state.gate).toMatchObject({ decision: "clarify", missing: ["Aducanumab"] });
  });

  it("keeps the symbol required in a question", async () => {
    const state = await judged("Does HOXB4 facilitate the expansion of haematopoietic stem cells co-cultured with stromal cells?");
    expect(state.gate).toMatchObject({ decision: "clarify", missing: ["HOXB4"] });
  });
});
