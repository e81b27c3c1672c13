import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraph } from "../src/graph/graph.js";
import { ingest } from "../src/ingestion/ingest.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import type { EmbeddingProvider } from "../src/models/embeddings/types.js";
import { tenantSynonyms } from "../src/retrieval/mined-synonyms.js";
import { expandQuery } from "../src/retrieval/synonyms.js";
import type { RankedChunk } from "../src/state/types.js";
import type { SqlStore } from "../src/storage/store.js";
import { ROOT } from "./helpers/demo-corpus.js";
import { memoryStore } from "./helpers/store.js";

// Demo programs that say what they are in their file names and header comments, a distractor
// named *_example, and a glossary that spells an abbreviation out (test/fixtures/examples-corpus).
// No configured synonyms: what is expanded here is what the corpus itself spells out.
const FIXTURE = join(ROOT, "test/fixtures/examples-corpus");
const settings = { retrieval: { synonyms: {} } };
let store: SqlStore;
let embeddings: EmbeddingProvider;

beforeAll(async () => {
  store = await memoryStore();
  embeddings = await createEmbeddings("local/use-lite", { workers: 1 });
  await ingest({ store, embeddings, paths: [join(FIXTURE, "demos")], source: "examples" });
  await ingest({ store, embeddings, paths: [join(FIXTURE, "docs")], source: "docs" });
}, 120_000);
afterAll(async () => {
  await embeddings.close();
  await store.close();
});

const base = (uri: string) => uri.split("/").at(-1);

async function ask(question: string) {
  const graph = createGraph({ store, embeddings, settings, streamScratch: true });
  let ranked: RankedChunk[] = [];
  let answer = "";
  let citations: { n: number; uri: string }[] = [];
  for await (const u of await graph.stream({ question }, { streamMode: "updates" })) {
    const update = u as Record<string, { ranked?: RankedChunk[]; answer?: string; citations?: { n: number; uri: string }[] }>;
    if (update.rerank?.ranked) ranked = update.rerank.ranked;
    for (const node of ["generate", "clarify"]) {
      if (update[node]?.answer) answer = update[node]!.answer!;
      if (update[node]?.citations) citations = update[node]!.citations!;
    }
  }
  return { files: [...new Set(ranked.map((r) => base(r.uri)))], answer, citations, ranked };
}

describe("abbreviations mined at ingest", () => {
  it("stores what the corpus spells out, per tenant, and drops it with its document", async () => {
    const pairs = (await store.abbreviations("default")).map((a) => `${a.abbr} = ${a.expansion}`);
    expect(pairs).toEqual(expect.arrayContaining(["EPI = Echo planar imaging", "True-FISP = bSSFP"]));
    expect(await store.abbreviations("other")).toEqual([]);
    const [glossary] = await store.listDocuments({ source: "docs" });
    await store.deleteDocuments("default", [glossary!.id]);
    expect((await store.abbreviations("default")).map((a) => a.abbr)).not.toContain("EPI");
    await ingest({ store, embeddings, paths: [join(FIXTURE, "docs")], source: "docs" });
    expect((await store.abbreviations("default")).map((a) => a.abbr)).toContain("EPI");
  });

  it("expands a query both ways: the short form to the long one and back", async () => {
    const index = await tenantSynonyms(store, "default", {});
    expect(expandQuery("Show me an EPI demo", index).added).toContain("echo planar imaging");
    expect(expandQuery("Show me an echo planar imaging demo", index).added).toContain("epi");
    expect(expandQuery("a TrueFISP demo", index).added).toContain("bssfp");
    expect(expandQuery("a bSSFP demo", index).added).toEqual(expect.arrayContaining(["true-fisp", "truefisp"]));
  });
});

describe("examples found by what they are", () => {
  it("finds the demo by a name the corpus spells out elsewhere (the glossary's EPI) and by its a.k.a.", async () => {
    expect((await ask("Show me an echo planar imaging example")).files[0]).toBe("writeEpi.m");
    expect((await ask("Show me a bSSFP example sequence")).files[0]).toBe("writeTrufi.m");
    expect((await ask("Is there a TrueFISP example?")).files[0]).toBe("writeTrufi.m");
  });

  it("prefers the file named for exactly what is asked over longer names and files named *_example", async () => {
    const { files } = await ask("Show me an example of a gradient echo sequence");
    expect(files[0]).toBe("writeGradientEcho.m");
    expect(files.indexOf("writeGradientEcho_label.m")).toBeGreaterThan(0);
    expect(files.indexOf("soft_delay_example.py")).not.toBe(0);
  });

  it("takes the program whose whole name a long request says as named for it, whatever else the request says", async () => {
    // Of its key words only "EPI" is in a name: too little of the request for the title match, all
    // of `writeEpi`'s own name (`write` is what every demo's name has).
    const q = "I need each gradient amplitude, the ADC duration and the sequence of an EPI; can you give me the code?";
    const { ranked, answer } = await ask(q);
    const programs = ranked.filter((r) => r.source === "examples" && typeof r.metadata.language === "string");
    expect(base(programs[0]!.uri)).toBe("writeEpi.m");
    expect(programs[0]!.relevance).toBeGreaterThanOrEqual(0.85 * 0.5);
    expect(answer).toContain("```matlab\n% a demo single-shot EPI readout with blipped phase encoding");
  });
});

describe("examples whole", () => {
  it("returns a multi-part demo as one fenced block with its header comment, every part in order, cited", async () => {
    const { answer, citations } = await ask("Show me an example of a gradient echo sequence");
    const cited = citations.filter((c) => base(c.uri) === "writeGradientEcho.m");
    // The header line is cited to the part that holds it (a marker per part would cite text those parts do not hold).
    expect(cited).toHaveLength(1);
    const n = cited[0]!.n;
    expect(answer).toMatch(
      new RegExp(
        `^% a basic gradient echo demo: one slice, Cartesian readout, spoiled \\[${n}\\] \\(all 6 parts of writeGradientEcho\\.m, in order\\)$`,
        "m",
      ),
    );
    const fence = /```matlab\n([\s\S]*?)```/.exec(answer)?.[1] ?? "";
    const steps = [...fence.matchAll(/^% step (\d+):/gm)].map((m) => Number(m[1]));
    expect(steps).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(fence.trim().split("\n").at(-1)).toBe("seq.write('gre.seq');");
  });

  it("answers a request named only by a mined a.k.a. with that example's whole code, not the request words' files", async () => {
    const { answer } = await ask("Give me the TrueFISP demo code");
    expect(answer).toContain("```matlab\n% a crude True-FISP a.k.a. bSSFP demo");
    expect(answer).toContain("seq.write('trufi.seq');\n```");
  });
});
