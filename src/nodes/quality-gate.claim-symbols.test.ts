import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgedOver, retrievalContext } from "../../test/helpers/retrieval.js";
import { buildRunContext } from "../context/build-context.js";
import type { RunContext } from "../context/run-context.js";

// A real store of abstracts that write a claim's gene, protein or compound name another way: the
// claim is checked against the passage that states it; a name in a question, a capitalised name
// or a symbol whose best passage holds little of the claim stays required.
let ctx: RunContext;

beforeAll(async () => {
  ctx = await retrievalContext(
    [
      {
        uri: "blm.md",
        title: "Bloom syndrome helicase",
        sections: [
          {
            title: "Abstract",
            content:
              "The Bloom syndrome gene product BLM belongs to the RecQ family: a class of DNA helicases that unwind G-quadruplex DNA and suppress sister chromatid exchange.",
          },
        ],
      },
      {
        uri: "ibp.md",
        title: "Small heat shock proteins in bacteria",
        sections: [
          {
            title: "Abstract",
            content:
              "In Escherichia coli, ethanol stress and heat shock increase the expression of the small heat shock proteins ibpA and ibpB, which bind denatured proteins in inclusion bodies.",
          },
        ],
      },
      {
        uri: "mir.md",
        title: "MicroRNAs in the testis",
        sections: [
          {
            title: "Abstract",
            content:
              "Germ cell microRNA miR-7 is expressed at low levels in mouse testis, where it represses few target genes and has no detectable biological function.",
          },
        ],
      },
      {
        uri: "ltp.md",
        title: "Protein kinase G and pain",
        sections: [
          {
            title: "Abstract",
            content:
              "Mice lacking cGMP-dependent protein kinase type I alpha in nociceptors show reduced spinal long-term potentiation and reduced inflammatory hyperalgesia.",
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

describe("gate: a claim's hyphenated several-word name", () => {
  it("is covered when the corpus holds its words, hyphen or not, and a strong passage states the claim", async () => {
    // `RecQ-class` is indexed as one more lexeme, which no abstract holds: its words are what count.
    const state = await judged("BLM gene encodes RecQ-class DNA helicase.");
    expect(state.plan!.constraints).toContain("RecQ-class DNA");
    expect(state.gate!.missing).toBeUndefined();
    expect(state.gate!.decision).not.toBe("clarify");
  });

  it("stays required in a question", async () => {
    const state = await judged("Does the BLM gene encode a RecQ-class DNA helicase?");
    expect(state.gate).toMatchObject({ decision: "clarify", missing: ["RecQ-class DNA"] });
  });
});

describe("gate: gene symbols written with a short prefix or an isoform letter", () => {
  it("excuses miR7a and PKG-la as symbols of a claim its passage states", async () => {
    for (const claim of [
      "Low expression of miR7a does not repress target genes or exert a biological function in testis.",
      "PKG-la has no effect on spinal long-term potentiation in mice lacking it.",
    ]) {
      const state = await judged(claim);
      expect(state.gate!.missing, claim).toBeUndefined();
      expect(state.gate!.decision, claim).not.toBe("clarify");
    }
  });

  it("keeps a capitalised name in the same claim required", async () => {
    const state = await judged("Low expression of Mirtalin does not repress target genes or exert a biological function in testis.");
    expect(state.gate).toMatchObject({ decision: "clarify", missing: ["Mirtalin"] });
  });
});

describe("gate.claimHit: a symbol's passage under the relevant floor", () => {
  it("excuses the symbol at 0.15 when the passage holds half the claim, not at 0.25", async () => {
    const claim = "IBP is expressed in bacteria under stress.";
    const state = await judged(claim);
    expect(state.ranked[0]!.uri).toBe("ibp.md");
    expect(state.ranked[0]!.relevance).toBeGreaterThanOrEqual(0.15);
    expect(state.ranked[0]!.relevance).toBeLessThan(0.25);
    expect(state.gate!.missing).toBeUndefined();
    expect(state.gate!.decision).not.toBe("clarify");
    const strict = await judgedOver(buildRunContext({ ...ctx, settings: { gate: { claimHit: 0.25 } } }), claim);
    expect(strict.gate).toMatchObject({ decision: "clarify", missing: ["IBP"] });
  });

  it("keeps an absent symbol required when the best passage holds little of the claim", async () => {
    const state = await judged("H5N1 avian influenza hemagglutinin mutations increase binding to human sialic acid receptors.");
    expect(state.gate!.decision).toBe("clarify");
    expect(state.gate!.missing).toContain("H5N1");
  });
});
