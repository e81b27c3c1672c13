import { describe, expect, it } from "vitest";
import { ConfigError } from "../../errors.js";
import { FEATURE_NAMES, rerankFeatures, type RerankHit } from "./features.js";
import { FUSION_WEIGHTS } from "./fusion-weights.js";
import { LocalFusionReranker } from "./local.js";
import { stem } from "./text.js";

const hit = (content: string, over: Partial<RerankHit> = {}): RerankHit => ({
  docTitle: "",
  sectionTitle: null,
  content,
  lexicalScore: 1,
  vectorScore: 0.3,
  exactScore: 0,
  lexicalRank: 1,
  vectorRank: 1,
  ...over,
});
const col = (name: (typeof FEATURE_NAMES)[number]) => FEATURE_NAMES.indexOf(name);

describe("rerank features", () => {
  it("measure coverage, title matches, phrase order and proximity of the query terms", () => {
    const [near, far, none] = rerankFeatures({ text: "vitamin D deficiency increases fracture risk" }, [
      hit("Vitamin D deficiency increases fracture risk in older women.", { docTitle: "Vitamin D and fractures" }),
      hit("Fracture rates were studied. Many years later, risk of deficiency in vitamin intake was measured."),
      hit("Unrelated text about cell membranes."),
    ]);
    expect(near![col("coverage")]).toBe(1);
    expect(near![col("phrase")]).toBe(1);
    expect(near![col("title_coverage")]).toBeGreaterThan(0);
    expect(near![col("proximity")]).toBeGreaterThan(far![col("proximity")]!);
    expect(far![col("coverage")]).toBeGreaterThan(0.5);
    expect(none![col("coverage")]).toBe(0);
    expect(none![col("proximity")]).toBe(0);
  });

  it("match numbers of the query", () => {
    const [yes, no] = rerankFeatures({ text: "32% of programs required it in 2001" }, [
      hit("In 2001, 32% of the programs..."),
      hit("Most programs required it."),
    ]);
    expect(yes![col("numbers")]).toBe(1);
    expect(no![col("numbers")]).toBe(0);
  });

  it("stem related forms together", () => {
    expect(stem("mutations")).toBe(stem("mutation"));
    expect(stem("regulates")).toBe(stem("regulated"));
    expect(stem("studies")).toBe(stem("study"));
  });
});

describe("LocalFusionReranker", () => {
  it("puts the passage that answers first, with calibrated relevance in [0, 1]", () => {
    const reranker = new LocalFusionReranker();
    const hits = [
      hit("Fracture rates in athletes.", { lexicalScore: 6, lexicalRank: 1, vectorScore: 0.35, vectorRank: 2 }),
      hit("Vitamin D deficiency increases fracture risk in older women.", {
        lexicalScore: 5.5,
        lexicalRank: 2,
        vectorScore: 0.5,
        vectorRank: 1,
      }),
    ];
    const ranked = reranker.rerank({ text: "vitamin D deficiency increases fracture risk" }, hits);
    expect(ranked.map((r) => r.index)).toEqual([1, 0]);
    for (const r of ranked) {
      expect(r.relevance).toBeGreaterThanOrEqual(0);
      expect(r.relevance).toBeLessThanOrEqual(1);
    }
    expect(reranker.relevance(-1e6)).toBe(0);
    expect(reranker.relevance(1e6)).toBe(1);
  });

  it("refuses weights fitted on other features", () => {
    expect(() => new LocalFusionReranker({ ...FUSION_WEIGHTS, features: ["bm25"] })).toThrow(ConfigError);
  });
});
