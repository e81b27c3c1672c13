import { describe, expect, it } from "vitest";
import { abbreviationSynonyms, shortFormSpellings } from "../ingestion/abbreviations.js";
import { asWrittenIn, combinedIndex } from "./mined-synonyms.js";
import { expansions } from "./synonyms.js";

const pairs = [
  { abbr: "SAC", expansion: "spindle assembly checkpoint" },
  { abbr: "CSF", expansion: "cerebrospinal fluid" },
  { abbr: "GRE", expansion: "gradient echo" },
  { abbr: "CPT", expansion: "cold pressor test" },
  { abbr: "AMPK", expansion: "AMP-activated protein kinase" },
  { abbr: "SIRT1", expansion: "sirtuin 1" },
];
const map = abbreviationSynonyms(pairs);
const short = shortFormSpellings(pairs);
const expand = (q: string) => expansions(q, combinedIndex({}, asWrittenIn(q, map, short)));

describe("asWrittenIn", () => {
  it("expands a short form the question writes as one", () => {
    expect(expand("How do I write a GRE sequence?")).toEqual(["gradient echo"]);
    expect(expand("Is the SAC silenced at anaphase?")).toEqual(["spindle assembly checkpoint"]);
    expect(expand("Sirt1 deacetylates p53.")).toEqual(["sirtuin 1"]);
    expect(expand("LKB1-AMPK signalling")).toEqual([
      "amp-activated protein kinase",
      "ampactivated protein kinase",
      "amp activated protein kinase",
    ]);
  });

  it("does not expand a plain word, a part of a hyphenated name, or a short form the question spells out itself", () => {
    expect(expand("Macrophages stem from the embryonal yolk sac.")).toEqual([]);
    expect(expand("Deleting Raptor increases G-CSF levels.")).toEqual([]);
    expect(expand("Container port throughput (CPT) relates to dengue diffusion.")).toEqual([]);
  });

  it("still expands a long form to its short form", () => {
    expect(expand("gradient echo timing")).toEqual(["gre"]);
  });
});
