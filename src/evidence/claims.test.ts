import { describe, expect, it } from "vitest";
import { excusedConstraint, isClaim, isSymbol, type ClaimContext } from "./claims.js";

const passage = {
  relevance: 0.8,
  substantive: true,
  text: "Homeobox B4 overexpression facilitates expansion of haematopoietic stem cells (HSC) in co-culture.",
};
const ctx = (question: string, over: Partial<ClaimContext> = {}): ClaimContext => ({
  question,
  keyTerms: ["hoxb4", "facilitates", "hsc", "expansion", "co-culture"],
  evidence: [passage],
  claimHit: 0.25,
  claimCoverage: 0.5,
  ...over,
});

describe("claims and symbols", () => {
  it("tells a claim from a question or a request", () => {
    expect(isClaim("HOXB4 facilitates HSC expansion.")).toBe(true);
    expect(isClaim("Does the S10 support 5G?")).toBe(false);
    expect(isClaim("Explain how VACUUM works")).toBe(false);
  });

  it("counts codes and all-capital names as symbols, not names, products or identifiers", () => {
    for (const s of ["HOXB4", "KDM5A", "H5N1", "RUNX", "MUC1-C", "cRCT", "miR7a", "BlaER1", "ssDNA", "PKG-la", "NF-kB"])
      expect(isSymbol(s)).toBe(true);
    for (const s of [
      "Initech",
      "Aducanumab",
      "TimescaleDB",
      "Oracle RAC",
      "mr.makeArbitraryRf",
      "pg_stat_io",
      "makeB0map",
      "OmpF",
      "Wi-Fi",
      "B-tree",
      "Rho-GDI",
    ])
      expect(isSymbol(s)).toBe(false);
  });
});

describe("excusedConstraint", () => {
  it("excuses a symbol of a claim whose other key terms a relevant passage holds", () => {
    expect(excusedConstraint("HOXB4", ctx("HOXB4 facilitates HSC expansion in co-culture."))).toBe(true);
    // Relevant, if not strong: an abstract states a claim in its own words.
    expect(
      excusedConstraint("HOXB4", ctx("HOXB4 facilitates HSC expansion in co-culture.", { evidence: [{ ...passage, relevance: 0.4 }] })),
    ).toBe(true);
  });

  it("keeps it required when the passage is under the relevant floor or holds too little of the claim", () => {
    expect(
      excusedConstraint("HOXB4", ctx("HOXB4 facilitates HSC expansion in co-culture.", { evidence: [{ ...passage, relevance: 0.2 }] })),
    ).toBe(false);
    expect(
      excusedConstraint(
        "HOXB4",
        ctx("HOXB4 facilitates HSC expansion in co-culture.", { keyTerms: ["hoxb4", "represses", "t", "cell", "exhaustion", "melanoma"] }),
      ),
    ).toBe(false);
  });

  it("excuses a claim's symbol when the strongest passage is strong, whatever share of the claim it holds", () => {
    const unrelated = { keyTerms: ["hoxb4", "represses", "t", "cell", "exhaustion", "melanoma"], strongHit: 0.65 };
    expect(excusedConstraint("HOXB4", ctx("HOXB4 represses T cell exhaustion in melanoma.", unrelated))).toBe(true);
    // Relevant but not strong: the share is still required; a name or a question's symbol never.
    expect(
      excusedConstraint(
        "HOXB4",
        ctx("HOXB4 represses T cell exhaustion in melanoma.", { ...unrelated, evidence: [{ ...passage, relevance: 0.5 }] }),
      ),
    ).toBe(false);
    expect(excusedConstraint("Aducanumab", ctx("Aducanumab represses T cell exhaustion in melanoma.", unrelated))).toBe(false);
    expect(excusedConstraint("HOXB4", ctx("Does HOXB4 repress T cell exhaustion in melanoma?", unrelated))).toBe(false);
  });

  it("keeps a drug or company name, and any symbol of a question, required", () => {
    expect(excusedConstraint("Aducanumab", ctx("Aducanumab facilitates HSC expansion in co-culture."))).toBe(false);
    expect(excusedConstraint("HOXB4", ctx("Does HOXB4 facilitate HSC expansion in co-culture?"))).toBe(false);
  });

  it("excuses a name the question spells out itself", () => {
    expect(excusedConstraint("ComYMV", ctx("Commelina yellow mottle virus (ComYMV) has three ORFs.", { evidence: [] }))).toBe(true);
  });

  it("excuses a claim's several-word name whose words are all indexed, apart, when a relevant passage states the claim", () => {
    const claim = "HOXB4 Expansion Factor facilitates HSC expansion in co-culture.";
    const apart = (t: string) => t === "HOXB4 Expansion Factor";
    expect(excusedConstraint("HOXB4 Expansion Factor", ctx(claim, { wordsIndexed: apart }))).toBe(true);
    // Not when a word is in no document, nor in a question, nor without a relevant passage.
    expect(excusedConstraint("HOXB4 Expansion Factor", ctx(claim, { wordsIndexed: () => false }))).toBe(false);
    expect(excusedConstraint("HOXB4 Expansion Factor", ctx(`Does ${claim.slice(0, -1)}?`, { wordsIndexed: apart }))).toBe(false);
    expect(
      excusedConstraint("HOXB4 Expansion Factor", ctx(claim, { wordsIndexed: apart, evidence: [{ ...passage, relevance: 0.2 }] })),
    ).toBe(false);
  });
});
