import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { doc, memoryStore, section } from "../../test/helpers/store.js";
import type { SqlStore } from "../storage/store.js";
import type { FusionParams } from "../storage/types.js";
import { fuseCandidates } from "./fusion.js";

let store: SqlStore;
beforeAll(async () => {
  store = await memoryStore();
  await store.useEmbedding("test/fixed", 3);
  const texts: [string, string, number[] | null][] = [
    ["api.m", "makeTrapezoid creates a trapezoid gradient with ramps", [1, 0, 0]],
    ["guide.md", "a guide to trapezoid gradient shapes and their ramps", [0.9, 0.1, 0]],
    ["rf.md", "rf pulses and trapezoid timing", [0, 1, 0]],
    ["adc.md", "the ADC samples while the readout gradient is flat", [0.2, 0.8, 0.1]],
    ["delay.md", "makeDelay pads a block to its duration", [0.5, 0.5, 0.5]],
    ["twin-a.md", "gradient ramps", [0, 0, 1]],
    ["twin-b.md", "gradient ramps", [0, 0, 1]],
    ["plain.md", "a section nobody embedded about gradient spoilers", null],
  ];
  await store.writeDocuments(texts.map(([uri, text, embedding]) => doc(uri, [section(text, { embedding })])));
});
afterAll(async () => {
  await store?.close();
});

const cases: [string, string, number[] | null, FusionParams][] = [
  ["min-max", "trapezoid gradient ramps", [1, 0.2, 0], {}],
  ["min-max, the vector side boosted", "trapezoid gradient ramps", [1, 0.2, 0], { lexicalWeight: 0.75, vectorWeight: 0.6 }],
  [
    "min-max with exact identifiers",
    "makeTrapezoid gradient",
    [0.3, 0.3, 0.3],
    { exactWeight: 0.3, exactTerms: ["makeTrapezoid", "makeDelay"] },
  ],
  ["min-max without a query vector", "gradient ramps", null, { vectorWeight: 0.4 }],
  ["reciprocal rank fusion", "gradient readout", [0, 1, 0], { fusion: "rrf", exactWeight: 0.1, exactTerms: ["ADC"] }],
  ["ties, broken by id", "gradient ramps", [0, 0, 1], {}],
];

describe("fuseCandidates", () => {
  it.each(cases)("ranks and scores as sw_match_hybrid does: %s", async (_name, query, embedding, fusion) => {
    const filters = { sources: ["docs"] };
    const expected = await store.matchHybrid(query, embedding, { limit: 50, filters, fusion });
    const pool = await store.hybridCandidates(query, embedding, { filters, fusion });
    const fused = fuseCandidates(pool, fusion, embedding !== null);
    expect(fused.map((c) => [c.id, c.score, c.lexicalScore, c.vectorScore, c.exactScore, c.lexicalRank, c.vectorRank])).toEqual(
      expected.map((h) => [h.id, h.score, h.lexicalScore, h.vectorScore, h.exactScore, h.lexicalRank, h.vectorRank]),
    );
    expect(fused.length).toBeGreaterThan(2);
  });

  it("gives the candidates the hybrid search would, with the vector side's ids passed back", async () => {
    const filters = { sources: ["docs"] };
    const vectorIds = await store.vectorIds([1, 0.2, 0], { filters });
    const pool = await store.hybridCandidates("trapezoid", [1, 0.2, 0], { filters, vectorIds });
    expect(pool).toEqual(await store.hybridCandidates("trapezoid", [1, 0.2, 0], { filters }));
  });
});
