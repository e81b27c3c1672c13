import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localEmbeddings, planFor, stateWith } from "../../test/helpers/retrieval.js";
import { doc, memoryStore } from "../../test/helpers/store.js";
import { chunkDocument, countTokens } from "../ingestion/chunker.js";
import type { LoadedSection } from "../ingestion/types.js";
import { SourceProfileSchema } from "../sources/profile.js";
import type { ContextBlock, Plan, RankedChunk } from "../state/types.js";
import type { SqlStore } from "../storage/store.js";
import type { ChunkHit } from "../storage/types.js";
import { buildRunContext } from "../context/build-context.js";
import type { RunContext } from "../context/run-context.js";
import { expand, overlap } from "./expand.js";

let store: SqlStore;
let ctx: RunContext;

const sentences = (topic: string, n: number) =>
  Array.from({ length: n }, (_, i) => `Step ${i + 1} of the ${topic} procedure adjusts one more setting carefully.`).join(" ");

const guide: LoadedSection[] = [
  { title: "Intro", path: ["Intro"], content: "This guide explains the scanner controls.", pageStart: 1, pageEnd: 1 },
  { title: "Gradients", path: ["Gradients"], content: sentences("gradient", 40), pageStart: 2, pageEnd: 4 },
  { title: "RF pulses", path: ["RF pulses"], content: "RF pulses excite the spins with a shaped waveform.", pageStart: 5, pageEnd: 5 },
  { title: "ADC", path: ["ADC"], content: "The ADC samples the signal at the dwell time.", pageStart: 6, pageEnd: 6 },
  { title: "Timing", path: ["Timing"], content: "Timing checks verify every block duration.", pageStart: 7, pageEnd: 7 },
  { title: "Appendix", path: ["Appendix"], content: "The appendix lists all error codes.", pageStart: 8, pageEnd: 8 },
];
const script = `% demo script\n${Array.from({ length: 30 }, (_, i) => `seq.addBlock(mr.makeDelay(${i + 1}e-3)); % block ${i + 1} of the demo sequence`).join("\n")}`;

const docRows: Record<string, ChunkHit[]> = {};

async function write(uri: string, sections: LoadedSection[], { source = "docs", tenant = "default" } = {}) {
  const chunks = chunkDocument(
    { uri, title: uri.replace(/\..*$/, ""), format: "markdown", sections },
    { maxTokens: 120, overlapTokens: 20 },
  );
  const [written] = await store.writeDocuments([
    doc(
      uri,
      chunks.map((c) => ({ ...c, embedding: null })),
      { source, tenant, title: uri.replace(/\..*$/, "") },
    ),
  ]);
  docRows[uri] = await store.getDocumentChunks(tenant, written!.id);
}

/** Rows as the reranker would hand them on, best first. */
function ranked(rows: ChunkHit[], relevance: number[] = rows.map((_, i) => 0.9 - i * 0.05)): RankedChunk[] {
  return rows.map((r, i) => ({
    ...r,
    score: relevance[i]!,
    attempt: 0,
    scope: "global",
    source_rank: i + 1,
    rerank_score: relevance[i]!,
    relevance: relevance[i]!,
  }));
}

const row = (uri: string, title: string, kind: "section" | "chunk" = "section", k = 0) =>
  docRows[uri]!.filter((r) => r.sectionTitle === title && r.kind === kind)[k]!;

async function run(seeds: RankedChunk[], plan: Partial<Plan> = {}, over: { tenant?: string } = {}): Promise<ContextBlock[]> {
  const state = stateWith({ question: "q", ranked: seeds, plan: planFor("q", { top_k: 10, token_budget: 4000, ...plan }) });
  const update = await expand(state, { context: { ...ctx, tenant: over.tenant ?? ctx.tenant } });
  return update.context ?? [];
}

beforeAll(async () => {
  store = await memoryStore();
  ctx = buildRunContext({
    store,
    embeddings: await localEmbeddings(),
    profiles: [
      SourceProfileSchema.parse({ name: "docs", summary: "guides", chunks: { neighbours: 1 } }),
      SourceProfileSchema.parse({ name: "examples", summary: "demo scripts", formatter: "example", chunks: { whole_multipart: true } }),
    ],
  });
  await write("guide.md", guide);
  await write("other.md", [{ title: "Other", path: ["Other"], content: "Another document about spoilers." }]);
  await write("demo.m", [{ title: "demo", path: ["demo"], content: script, metadata: { language: "matlab" } }], { source: "examples" });
  await write("secret.md", [{ title: "Secret", path: ["Secret"], content: "Tenant acme only." }], { tenant: "acme" });
});
afterAll(async () => {
  await store.close();
});

describe("expand", () => {
  it("turns a child chunk into its parent section, with the section's pages and rows", async () => {
    const child = row("guide.md", "Gradients", "chunk", 1);
    const parent = row("guide.md", "Gradients");
    expect(child.parentId).toBe(parent.id);
    const [block, ...rest] = await run(ranked([child], [0.91]));
    expect(rest).toEqual([]);
    expect(block).toMatchObject({
      n: 1,
      granularity: "section",
      section: "Gradients",
      text: parent.content,
      chunk_index: parent.chunkIndex,
      page_start: 2,
      page_end: 4,
      relevance: 0.91,
      rerank_score: 0.91,
      title: "guide",
      part: null,
    });
    const children = docRows["guide.md"]!.filter((r) => r.parentId === parent.id).map((r) => r.id);
    expect(block!.chunk_ids.sort()).toEqual([parent.id, ...children].sort());
  });

  it("includes a section once even when several of its chunks match", async () => {
    const seeds = ranked([row("guide.md", "Gradients", "chunk", 0), row("guide.md", "Gradients", "chunk", 2), row("other.md", "Other")]);
    const blocks = await run(seeds);
    expect(blocks.map((b) => [b.n, b.section])).toEqual([
      [1, "Gradients"],
      [2, "Other"],
    ]);
  });

  it("keeps sections of one document apart, most relevant first, below the threshold", async () => {
    const seeds = ranked([row("guide.md", "ADC"), row("other.md", "Other"), row("guide.md", "RF pulses")]);
    const blocks = await run(seeds, { multi_section_threshold: 3 });
    expect(blocks.map((b) => b.section)).toEqual(["ADC", "Other", "RF pulses"]);
    expect(blocks.every((b) => b.granularity === "section")).toBe(true);
  });

  it("returns the whole document, in order and once, when the threshold of its sections match", async () => {
    const seeds = ranked([
      row("guide.md", "ADC"),
      row("other.md", "Other"),
      row("guide.md", "RF pulses"),
      row("guide.md", "Gradients", "chunk", 0),
    ]);
    const blocks = await run(seeds, { multi_section_threshold: 3 });
    expect(blocks.map((b) => b.granularity)).toEqual(["document", "section"]);
    const whole = blocks[0]!;
    expect(whole).toMatchObject({ n: 1, section: null, page_start: 1, page_end: 8, relevance: 0.9 });
    const order = guide.map((s) => whole.text.indexOf(s.content.slice(0, 30)));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(new Set(whole.chunk_ids).size).toBe(docRows["guide.md"]!.length);
    expect(whole.tokens).toBe(countTokens(whole.text));
  });

  it("returns the whole document for any match when the plan asks for full documents", async () => {
    const blocks = await run(ranked([row("guide.md", "Timing")]), { return_full_documents: true });
    expect(blocks.map((b) => b.granularity)).toEqual(["document"]);
  });

  it("falls back to matched sections plus neighbours when the whole document is over budget", async () => {
    const seeds = ranked([row("guide.md", "ADC"), row("guide.md", "Intro"), row("guide.md", "Appendix")]);
    const blocks = await run(seeds, { multi_section_threshold: 3, token_budget: 120 });
    // Intro±1 adds Gradients (too big for the rest of the budget), ADC±1 adds RF pulses and Timing.
    expect(blocks.map((b) => [b.section, b.metadata.via])).toEqual([
      ["Intro", "match"],
      ["RF pulses", "neighbour"],
      ["ADC", "match"],
      ["Timing", "neighbour"],
      ["Appendix", "match"],
    ]);
    expect(blocks.reduce((n, b) => n + b.tokens, 0)).toBeLessThanOrEqual(120);
  });

  it("never goes over the token budget, keeping the matched chunk when its section is too big", async () => {
    const child = row("guide.md", "Gradients", "chunk", 1);
    const seeds = ranked([row("guide.md", "ADC"), child, row("other.md", "Other")]);
    const budget = countTokens(row("guide.md", "ADC").content) + child.tokenCount + 2;
    const blocks = await run(seeds, { token_budget: budget });
    expect(blocks.map((b) => [b.section, b.granularity])).toEqual([
      ["ADC", "section"],
      ["Gradients", "chunk"],
    ]);
    expect(blocks[1]!.text).toBe(child.content);
    expect(blocks.reduce((n, b) => n + b.tokens, 0)).toBeLessThanOrEqual(budget);
  });

  it("returns a multi-part document complete, in order, marked part i of n, with no text twice", async () => {
    const parts = docRows["demo.m"]!.filter((r) => r.kind === "chunk");
    expect(parts.length).toBeGreaterThanOrEqual(3);
    const seeds = ranked([parts[2]!, parts[0]!, row("other.md", "Other")]);
    const blocks = await run(seeds, { token_budget: 8000 });
    const n = parts.length;
    expect(blocks.map((b) => b.part)).toEqual([...parts.map((_, i) => ({ i: i + 1, n })), null]);
    expect(blocks.map((b) => b.n)).toEqual(Array.from({ length: n + 1 }, (_, i) => i + 1));
    const ids = blocks.flatMap((b) => b.chunk_ids);
    expect(new Set(ids).size).toBe(ids.length);
    const joined = blocks
      .slice(0, n)
      .map((b) => b.text)
      .join("\n")
      .replace(/\s+/g, " ");
    expect(joined).toBe(script.replace(/\s+/g, " "));
  });

  it("reads only the run's tenant", async () => {
    const foreign = (await store.listDocuments({ tenant: "acme" }))[0]!;
    const acmeRows = await store.getDocumentChunks("acme", foreign.id);
    expect(await run(ranked(acmeRows))).toEqual([]);
    expect((await run(ranked(acmeRows), {}, { tenant: "acme" })).map((b) => b.section)).toEqual(["Secret"]);
  });

  it("takes only the plan's top_k results as seeds", async () => {
    const seeds = ranked([row("guide.md", "ADC"), row("other.md", "Other"), row("guide.md", "Timing")]);
    expect((await run(seeds, { top_k: 2 })).map((b) => b.section)).toEqual(["ADC", "Other"]);
  });

  it("skips results under their source's threshold, unless none passes", async () => {
    const [adc, other, timing] = ranked([row("guide.md", "ADC"), row("other.md", "Other"), row("guide.md", "Timing")]);
    const below = (r: RankedChunk) => ({ ...r, below_threshold: true });
    expect((await run([below(adc!), other!, below(timing!)])).map((b) => b.section)).toEqual(["Other"]);
    expect((await run([below(adc!), below(other!)])).map((b) => b.section)).toEqual(["ADC", "Other"]);
  });
});

describe("overlap", () => {
  it("finds the repeated start of the next chunk", () => {
    expect(overlap("alpha beta gamma delta epsilon zeta", "gamma delta epsilon zeta eta theta")).toBe("gamma delta epsilon zeta".length);
    expect(overlap("short", "unrelated text here, long enough")).toBe(0);
  });
});

describe("expand on a long PDF section", () => {
  // A section over four pages, as the PDF loader hands it on: a form feed between pages.
  const page = (n: number) => sentences(`page-${n} option`, 12);
  beforeAll(async () => {
    const manual: LoadedSection[] = [
      { title: "Options", path: ["Options"], content: [10, 11, 12, 13].map(page).join("\f"), pageStart: 10, pageEnd: 13 },
    ];
    const chunks = chunkDocument(
      { uri: "manual.pdf", title: "manual", format: "pdf", sections: manual },
      { maxTokens: 120, overlapTokens: 20 },
    );
    const [written] = await store.writeDocuments([
      doc(
        "manual.pdf",
        chunks.map((c) => ({ ...c, embedding: null })),
        { source: "docs", title: "manual" },
      ),
    ]);
    docRows["manual.pdf"] = await store.getDocumentChunks("default", written!.id);
  });

  it("returns the matched page, not the whole section, so the block cites the page holding the match", async () => {
    const onPage12 = docRows["manual.pdf"]!.filter((r) => r.kind === "chunk" && r.pageStart === 12 && r.pageEnd === 12);
    expect(onPage12.length).toBeGreaterThan(0);
    const [block, ...rest] = await run(ranked([onPage12[0]!], [0.9]));
    expect(rest).toEqual([]);
    expect(block).toMatchObject({ granularity: "section", section: "Options", page_start: 12, page_end: 12 });
    expect(block!.text).toContain("Step 12 of the page-12 option procedure");
    expect(block!.text).not.toContain("page-11 option");
    expect(block!.text).not.toContain("page-13 option");
    // The page's chunks, their overlaps cut: every sentence of the page once.
    expect(block!.text.match(/Step 5 of the page-12 option/g)).toHaveLength(1);
  });

  it("gives matches on several pages one block per page, each citing its own page", async () => {
    const seeds = [13, 11].map((p) => docRows["manual.pdf"]!.find((r) => r.kind === "chunk" && r.pageStart === p && r.pageEnd === p)!);
    const blocks = await run(ranked(seeds));
    expect(blocks.map((b) => [b.n, b.page_start, b.page_end])).toEqual([
      [1, 13, 13],
      [2, 11, 11],
    ]);
    expect(blocks[1]!.text).toContain("page-11 option");
    expect(blocks[1]!.text).not.toContain("page-13 option");
  });
});

describe("expand for an example request", () => {
  const demo = (header: string, call: string) =>
    `${header}\n${Array.from({ length: 30 }, (_, i) => `seq.addBlock(${call}(${i + 1}e-3)); % block ${i + 1} of this demo sequence`).join("\n")}`;
  const files = {
    mprage: "demoSeq/writeMPRAGE_grappa.m",
    gre: "demoSeq/writeGradientEcho_grappa.m",
    live: "demoSeq/writeGRE_live_demo.m",
    shim: "demoSeq/writeGRE_rfShim.m",
    epiPy: "scripts/write_epi_label.py",
    epiM: "demoSeq/writeEpi_label.m",
  };
  let oneFile = 0;

  beforeAll(async () => {
    const code = (uri: string, header: string, language: string) =>
      write(
        uri,
        [
          {
            title: uri,
            path: [uri],
            content: demo(header, language === "python" ? "pp.make_delay" : "mr.makeDelay"),
            metadata: { language },
          },
        ],
        {
          source: "examples",
        },
      );
    await code(files.mprage, "% an MPRAGE with GRAPPA undersampling", "matlab");
    await code(files.gre, "% a GRE with GRAPPA undersampling", "matlab");
    await code(files.live, "% a GRE built step by step", "matlab");
    await code(files.shim, "% a GRE with RF shimming", "matlab");
    await code(files.epiPy, "# an EPI with labels", "python");
    await code(files.epiM, "% an EPI with labels", "matlab");
    oneFile = countTokens(demo("% an MPRAGE with GRAPPA undersampling", "mr.makeDelay"));
  });

  /** The files of the context, in order, for an example request ranking these files with these relevances. */
  async function contextFiles(question: string, ranking: [string, number][]): Promise<string[]> {
    const seeds = ranking.flatMap(([uri, relevance]) =>
      ranked(docRows[uri]!.filter((r) => r.kind === "chunk").slice(0, 2), [relevance, relevance - 0.01]),
    );
    // Room for one whole file: the first one taken fills the budget.
    const plan = planFor(question, { intent: "example", top_k: 4, token_budget: Math.round(oneFile * 1.5) });
    const update = await expand(stateWith({ question, ranked: seeds, plan }), { context: ctx });
    return [...new Set((update.context ?? []).map((b) => b.uri))];
  }

  it("takes the better-named near-twin whole first, before the better-ranked one fills the budget", async () => {
    const question = "How would I write a multi-slice 2D gradient-echo with GRAPPA undersampling?";
    const got = await contextFiles(question, [
      [files.mprage, 0.65],
      [files.gre, 0.17],
    ]);
    expect(got[0]).toBe(files.gre);
  });

  it("takes the file in the language the question names", async () => {
    const got = await contextFiles("Show me MATLAB code for a simple EPI with labels", [
      [files.epiPy, 0.77],
      [files.epiM, 0.15],
    ]);
    expect(got[0]).toBe(files.epiM);
  });

  it("keeps the best-ranked file when a far less relevant one is only a little better named", async () => {
    const got = await contextFiles("Is there a teaching demo that builds a spoiled GRE step by step with RF spoiling?", [
      [files.live, 0.82],
      [files.shim, 0.03],
    ]);
    expect(got[0]).toBe(files.live);
  });

  it("keeps the rank order for a request that is not for an example", async () => {
    const question = "How would I write a multi-slice 2D gradient-echo with GRAPPA undersampling?";
    const seeds = [...ranked(docRows[files.mprage]!.slice(0, 1), [0.65]), ...ranked(docRows[files.gre]!.slice(0, 1), [0.17])];
    const plan = planFor(question, { intent: "tutorial", top_k: 4, token_budget: Math.round(oneFile * 1.5) });
    const update = await expand(stateWith({ question, ranked: seeds, plan }), { context: ctx });
    expect(update.context?.[0]?.uri).toBe(files.mprage);
  });
});
