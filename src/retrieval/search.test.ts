import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retrievalContext } from "../../test/helpers/retrieval.js";
import { extractIdentifiers } from "../planner/terms.js";
import type { RunContext } from "../context/run-context.js";
import { SourceProfileSchema } from "../sources/profile.js";
import { identifierWords, searchSource } from "./search.js";
import { defaultRunSettings, RetrievalSettingsSchema } from "../config/run-settings.js";

let ctx: RunContext;
const settings = defaultRunSettings().retrieval;

beforeAll(async () => {
  ctx = await retrievalContext([
    {
      uri: "grad.md",
      title: "Gradients",
      sections: [
        {
          title: "Trapezoids",
          content: "A trapezoid gradient ramps up, stays flat and ramps down. Trapezoid timing depends on the slew rate.",
        },
        { title: "Helper", content: "Call makeTrapezoid with the channel and area to build a trapezoid gradient." },
      ],
    },
    {
      uri: "coils.md",
      title: "Coils",
      sections: [
        { title: "Connectors", content: "Plug the coil cable into port J14 on the scanner front panel." },
        { title: "Ports", content: "The coil ports and cables of the scanner front panel: which coil goes where." },
      ],
    },
    {
      uri: "rf.md",
      title: "Pulses",
      sections: [{ title: "Excitation", content: "A radiofrequency pulse tips the magnetisation; its flip angle sets how far." }],
    },
    {
      uri: "epi.m",
      title: "writeEpi.m",
      sections: [
        { title: "matlab", content: "seq = mr.Sequence(); % build an EPI readout", metadata: { language: "matlab" } },
        { title: "python", content: "seq = pp.Sequence()  # build an EPI readout", metadata: { language: "python" } },
      ],
    },
  ]);
});
afterAll(async () => ctx.store.close());

const profile = (retrieval: Record<string, unknown> = {}) => SourceProfileSchema.parse({ name: "docs", summary: "docs", retrieval });
const search = async (question: string, over: Partial<Parameters<typeof searchSource>[0]> = {}) => {
  const embedding = await ctx.embeddings.embedQuery(question);
  return searchSource({
    store: ctx.store,
    profile: profile(),
    question,
    embedding,
    identifiers: extractIdentifiers(question),
    settings,
    ...over,
  });
};

describe("searchSource", () => {
  it("ranks the chunk holding an identifier first, matched exactly", async () => {
    const { hits, fusion } = await search("which coil cable goes to J14 on the scanner panel?");
    expect(fusion.exactTerms).toEqual(["J14"]);
    expect(hits[0]!.content).toContain("port J14");
    expect(hits[0]!.exactScore).toBe(1);
  });

  it("boosts the exact identifier over a chunk that only shares its words", async () => {
    const { hits } = await search("how do I use makeTrapezoid for a trapezoid gradient?");
    expect(hits[0]!.content).toContain("makeTrapezoid");
  });

  it("expands the query with synonyms and finds a chunk that only uses the synonym", async () => {
    const withMap = await search("rf", {
      embedding: null,
      settings: RetrievalSettingsSchema.parse({ synonyms: { rf: ["radiofrequency"] } }),
    });
    expect(withMap.added).toEqual(["radiofrequency"]);
    expect(withMap.query).toBe("rf radiofrequency");
    expect(withMap.hits.map((h) => h.uri)).toEqual(["rf.md"]);
    const without = await search("rf", { embedding: null, settings: RetrievalSettingsSchema.parse({ synonyms: {} }) });
    expect(without.hits).toEqual([]);
  });

  it("keeps only chunks in the profile's language", async () => {
    const { hits } = await search("build an EPI readout sequence", { profile: profile({ language: "matlab" }) });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.metadata.language === "matlab")).toBe(true);
  });

  it("returns at most the profile's max_results, twice that on a broadened round", async () => {
    const q = "trapezoid gradient scanner coil pulse";
    expect((await search(q, { profile: profile({ max_results: 2 }) })).hits).toHaveLength(2);
    expect((await search(q, { profile: profile({ max_results: 2 }), broadened: true })).hits).toHaveLength(4);
  });
});

describe("identifierWords", () => {
  it("splits identifiers into the words they are made of", () => {
    expect(identifierWords(["mr.makeTrapezoid", "[BLOCKS]", "E-1234", "pp.make_trapezoid"])).toEqual([
      "mr",
      "make",
      "trapezoid",
      "blocks",
      "1234",
      "pp",
    ]);
  });
});
