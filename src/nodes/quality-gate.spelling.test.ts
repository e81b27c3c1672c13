import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgedOver, retrievalContext } from "../../test/helpers/retrieval.js";
import type { RunContext } from "../context/run-context.js";

// A real store holding abstracts that spell codes their own way (IL-6, PPARγ, eIF3, Rad53) and a
// command reference: a code the question spells differently is in the corpus, one in no document is not,
// and the page a question names verbatim is strong evidence.
let ctx: RunContext;

beforeAll(async () => {
  ctx = await retrievalContext([
    {
      uri: "abstract-1.txt",
      title: "Interleukin signalling in sepsis",
      sections: [{ content: "Serum IL-6 levels rose within hours of sepsis onset and predicted mortality in adult patients." }],
    },
    {
      uri: "abstract-2.txt",
      title: "Prostaglandin metabolism and nuclear receptors",
      sections: [
        { content: "15-keto-PGE2 is a ligand of PPARγ, and its conversion from PGE2 controls receptor activation in macrophages." },
      ],
    },
    {
      uri: "abstract-3.txt",
      title: "Translation initiation in flies",
      sections: [{ content: "Deltex binds the translation initiation factor eIF3 in Drosophila wing discs." }],
    },
    {
      uri: "abstract-4.txt",
      title: "Checkpoint kinases and histone turnover",
      sections: [{ content: "Excess free histones are degraded by a pathway that requires the checkpoint kinase Rad53 in yeast." }],
    },
    {
      uri: "abstract-5.txt",
      title: "Dengue serotypes in shipping hubs",
      sections: [{ content: "DENV-2 spread along container shipping routes between port cities during the outbreak." }],
    },
    {
      uri: "sql-vacuum.html",
      title: "VACUUM",
      sections: [
        {
          title: "Description",
          content:
            "VACUUM reclaims storage occupied by dead tuples and can also analyze a database, and PostgreSQL runs up to 17 of them at once.",
        },
        {
          title: "Parameters",
          content: "FULL selects a full vacuum, which can reclaim more space but takes much longer and locks the table.",
        },
      ],
    },
  ]);
});
afterAll(async () => {
  await ctx.store.close();
});

const judged = (question: string) => judgedOver(ctx, question);

describe("gate: codes the corpus spells another way", () => {
  it.each([
    ["IL6, written IL-6 in the corpus", "Do serum IL6 levels predict mortality in sepsis?"],
    ["PPARy, written PPARγ", "Is 15-keto-PGE2 a ligand of PPARy in macrophages?"],
    ["elF3 (l for I), written eIF3", "Does Deltex bind elF3 in Drosophila?"],
    ["Rad53-dependent, the corpus naming Rad53", "Are free histones degraded by a Rad53-dependent pathway?"],
  ])("does not ask about %s", async (_, question) => {
    const gate = (await judged(question)).gate!;
    expect(gate.missing).toBeUndefined();
    expect(gate.decision).not.toBe("clarify");
  });

  it("asks, naming it, about a gene no document mentions in any spelling", async () => {
    const gate = (await judged("Does HOXB4 expand haematopoietic stem cells?")).gate!;
    expect(gate).toMatchObject({ decision: "clarify", missing: ["HOXB4"] });
    expect(gate.reason).toBe("No indexed document mentions HOXB4.");
  });

  it("keeps the number of a code: DENV-3 is not DENV-2", async () => {
    expect((await judged("Did DENV-3 spread along container shipping routes?")).gate).toMatchObject({
      decision: "clarify",
      missing: ["DENV-3"],
    });
  });
});

describe("gate: the entry a question names", () => {
  it("is strong evidence when the question names the page verbatim", async () => {
    const state = await judged("Which parameters does VACUUM take?");
    expect(state.ranked[0]).toMatchObject({ docTitle: "VACUUM", named: true });
    expect(state.ranked[0]!.relevance).toBeGreaterThanOrEqual(ctx.settings.retrieval.rerank.namedRelevance);
    expect(state.gate!.decision).toBe("strong");
  });

  it("still asks about a version no document mentions, though each of its words occurs somewhere", async () => {
    expect((await judged("Which parameters does VACUUM take in PostgreSQL 17?")).gate).toMatchObject({
      decision: "clarify",
      missing: ["PostgreSQL 17"],
    });
  });

  it("marks nothing when the question names no page", async () => {
    const state = await judged("How is storage reclaimed from dead tuples?");
    expect(state.ranked.some((r) => r.named)).toBe(false);
  });
});
