import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AIMessageChunk } from "@langchain/core/messages";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatAnswer } from "../src/cli/format.js";
import { checkCitations } from "../src/evaluation/judges.js";
import { createGraph } from "../src/graph/graph.js";
import type { RunSettingsInput } from "../src/config/run-settings.js";
import { ingest } from "../src/ingestion/ingest.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import type { EmbeddingProvider } from "../src/models/embeddings/types.js";
import { sourcePart } from "../src/server/ui-stream.js";
import type { Citation, ContextBlock } from "../src/state/types.js";
import type { SqlStore } from "../src/storage/store.js";
import { ROOT } from "./helpers/demo-corpus.js";
import { RecordingChatModel } from "./helpers/fake-models.js";
import { memoryStore } from "./helpers/store.js";

// A small corpus on the real store: the MATLAB API and demo of test/fixtures/api-corpus, an HTML
// page with an ADC field table, and a PDF (drawn here) whose [BLOCKS] section is a column table
// as the Pulseq specification lays it out.
const API = join(ROOT, "test/fixtures/api-corpus");
let store: SqlStore;
let embeddings: EmbeddingProvider;
let dir: string;

const BLOCK_ROWS = [
  ["<id>", "integer", "ID of the sequence block"],
  ["<duration>", "integer", "duration of the block in raster units"],
  ["<rf>", "integer", "ID of the RF event"],
  ["<gx>", "integer", "ID of the gradient event on the X channel"],
  ["<adc>", "integer", "ID of the ADC event"],
];

/** Two pages: an overview, then the [BLOCKS] section with its column table. */
async function specPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle("Sequence file format");
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = (heading: string, lines: string[]) => {
    const p = doc.addPage([612, 792]);
    p.drawText(heading, { x: 72, y: 720, size: 16, font: bold });
    lines.forEach((text, i) => p.drawText(text, { x: 72, y: 690 - i * 16, size: 11, font }));
  };
  page("1 Overview", [
    "A sequence file is a plain text file made of sections, each opened by a keyword",
    "in square brackets. The sections hold events, shapes and the block table.",
  ]);
  page("2 Blocks", [
    "The section listing sequence blocks is declared with the [BLOCKS] keyword.",
    "Each line declares one block by its duration and the IDs of its events.",
    "<id > < duration > <rf > <gx > <adc >",
    "Tag Type Description",
    ...BLOCK_ROWS.map((r) => r.join(" ")),
    "Blocks are executed one after another in the order of their IDs.",
  ]);
  return doc.save();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sw-answer-text-"));
  writeFileSync(join(dir, "format.pdf"), await specPdf());
  store = await memoryStore();
  embeddings = await createEmbeddings("local/use-lite", { workers: 1 });
  await ingest({ store, embeddings, paths: [join(API, "matlab")], source: "api_reference" });
  await ingest({ store, embeddings, paths: [join(API, "examples")], source: "examples" });
  await ingest({ store, embeddings, paths: [join(ROOT, "test/fixtures/answer-text/docs"), dir], source: "docs" });
}, 180_000);
afterAll(async () => {
  await embeddings.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a question, keeping the final state and the context blocks as generate left them. */
async function ask(question: string, chatModel?: RecordingChatModel, settings?: RunSettingsInput) {
  const graph = createGraph({ store, embeddings, chatModel, settings, streamScratch: true });
  const out: Record<string, unknown> = {};
  let expanded: ContextBlock[] = [];
  let streamed = "";
  for await (const [mode, chunk] of (await graph.stream({ question }, { streamMode: ["updates", "messages"] })) as AsyncIterable<
    [string, unknown]
  >) {
    if (mode === "messages") {
      const [message, meta] = chunk as [AIMessageChunk, { langgraph_node?: string }];
      if (meta.langgraph_node === "generate" && typeof message.content === "string") streamed += message.content;
      continue;
    }
    const updates = chunk as Record<string, Record<string, unknown> | null>;
    if (updates.expand?.context) expanded = updates.expand.context as ContextBlock[];
    for (const update of Object.values(updates)) if (update) Object.assign(out, update);
  }
  return {
    answer: out.answer as string,
    citations: out.citations as Citation[],
    context: (out.context ?? []) as ContextBlock[],
    context_seen: out.context_seen as string,
    verdict: out.verdict as string,
    /** The blocks as expand numbered them, before the answer's numbering. */
    expanded,
    streamed,
  };
}

/** The human message of each generate call (the planner asks the same model for its plan first). */
const generatorPrompts = (model: RecordingChatModel) => model.calls.map((c) => c.at(-1)!.text).filter((t) => t.includes("\n\nContext:\n"));

/** The numbers an answer cites, in order of first appearance. */
const citedOrder = (answer: string) => [...new Set([...answer.matchAll(/(?<![\w])\[(\d+)\]/g)].map((m) => Number(m[1])))];

describe("dense citation numbers", () => {
  it("numbers the extractive answer's citations 1..n in order of appearance; sources, context and headers match", async () => {
    let renumbered = 0;
    let bonused = 0;
    // A question naming a `[TAG]` gets the section headed by it first, so its answer cites expand's
    // first block; without that lift (namedRelevance 0) the table block cited first is expand's second.
    const unlifted: RunSettingsInput = { retrieval: { rerank: { namedRelevance: 0 } } };
    for (const [question, settings] of [
      ["What are the inputs of mr.makeRamp?"],
      ["What does the [BLOCKS] section of a sequence file contain?"],
      ["What does the [BLOCKS] section of a sequence file contain?", unlifted],
      ["What fields does each line of the [ADC] section hold?"],
      ["Show me an example of a ramp echo sequence"],
    ] as [string, RunSettingsInput?][]) {
      const r = await ask(question, undefined, settings);
      const order = citedOrder(r.answer);
      expect(order.length).toBeGreaterThan(0);
      expect(order).toEqual(order.map((_, i) => i + 1));
      expect(r.citations.map((c) => c.n)).toEqual(order);
      for (const c of r.citations) {
        const block = r.context.find((b) => b.n === c.n)!;
        expect([block.uri, block.chunk_index]).toEqual([c.uri, c.chunk_index]);
        expect(r.context_seen.split("\n").find((l) => l.includes(`[${c.n}] `) && /relevance\)$/.test(l))).toContain(c.uri.split("/").pop());
      }
      const check = checkCitations(r);
      expect(check.resolved).toBe(check.markers);
      // Where expand numbered the cited blocks otherwise, the answer's numbers are not expand's.
      const before = r.citations.map(
        (c) => r.expanded.find((b) => b.chunk_ids.join() === r.context.find((x) => x.n === c.n)!.chunk_ids.join())!.n,
      );
      if (before.some((n, i) => n !== i + 1)) renumbered++;
      // The CLI's sources list and the AI SDK's source parts carry the same numbers, in the same order.
      const sources = formatAnswer({ ...r, strategy: "", clarifying_questions: [] })
        .split("\n")
        .filter((l) => /^ {2}\[\d+\]/.test(l));
      expect(sources.map((l) => Number(/\[(\d+)\]/.exec(l)![1]))).toEqual(order);
      expect(r.citations.map((c) => sourcePart(c).sourceId)).toEqual(order.map((n) => `citation-${n}`));
      // Each shows the block's calibrated relevance, never the reranker's ordering score (which bonuses take over 1).
      const relevance = r.citations.map((c) => r.context.find((b) => b.n === c.n)!.relevance);
      expect(r.citations.map((c) => c.relevance)).toEqual(relevance);
      expect(sources.map((l) => Number(/\((?:\w+), (\d+)% relevance\)$/.exec(l)![1]))).toEqual(relevance.map((x) => Math.round(x * 100)));
      expect(r.citations.map((c) => sourcePart(c).providerMetadata.sourcewise.relevance)).toEqual(
        relevance.map((x) => Number(x.toFixed(4))),
      );
      bonused += r.citations.filter((c) => c.rerank_score > 1).length;
    }
    expect(renumbered).toBeGreaterThan(0);
    expect(bonused).toBeGreaterThan(0);
  });

  it("renumbers a chat model's answer, its streamed tokens and the context to match, each [n] on the block the model meant", async () => {
    // The model cites the last block first: its answer is written after seeing the blocks of the prompt.
    const probe = new RecordingChatModel(["probe [1]."]);
    await ask("What does the [BLOCKS] section of a sequence file contain?", probe);
    const prompt = generatorPrompts(probe)[0]!;
    const headers = [...prompt.matchAll(/^\S+ \[(\d+)\] (\S+?),/gm)].map((m) => ({ n: Number(m[1]), file: m[2]! }));
    expect(headers.length).toBeGreaterThanOrEqual(2);
    const last = headers.at(-1)!;
    const first = headers[0]!;
    const model = new RecordingChatModel(
      Array<string>(2).fill(`Blocks are listed in a table [${last.n}]. Each line is one block [${first.n}, ${last.n}]. Not a source [99].`),
    );
    const r = await ask("What does the [BLOCKS] section of a sequence file contain?", model);
    expect(r.answer).toBe("Blocks are listed in a table [1]. Each line is one block [2, 1]. Not a source.");
    expect(r.streamed).toBe(r.answer);
    expect(r.citations.map((c) => [c.n, c.uri.split("/").pop()])).toEqual([
      [1, last.file],
      [2, first.file],
    ]);
    expect(r.context.slice(0, 2).map((b) => b.uri.split("/").pop())).toEqual([last.file, first.file]);
    expect(r.context_seen.split("\n").find((l) => /^\S+ \[1\] /.test(l))).toContain(last.file);
  });
});

describe("tables kept", () => {
  it("answers with the PDF's column table as Markdown, every row cited on its page", async () => {
    const r = await ask("What does the [BLOCKS] section of a sequence file contain?");
    const pdf = r.citations.find((c) => c.uri.endsWith("format.pdf"))!;
    expect(pdf).toMatchObject({ page_start: 2 });
    expect(r.answer).toContain(`The section listing sequence blocks is declared with the [BLOCKS] keyword. [${pdf.n}]`);
    expect(r.answer).toContain(`\`<id> <duration> <rf> <gx> <adc>\` [${pdf.n}]`);
    expect(r.answer).toContain("| Tag | Type | Description |\n|---|---|---|\n");
    for (const [tag, type, description] of BLOCK_ROWS) expect(r.answer).toContain(`| \`${tag}\` | ${type} | ${description} [${pdf.n}] |`);
    const check = checkCitations(r);
    expect(check.supported).toBe(check.markers);
  });

  it("answers with an HTML table's rows", async () => {
    const r = await ask("What fields does each line of the [ADC] section hold?");
    const html = r.citations.find((c) => c.uri.endsWith("adc-events.html"))!;
    expect(r.answer).toContain("| Field | Type | Meaning |");
    expect(r.answer).toContain(`| dwell | float | dwell time between samples in nanoseconds [${html.n}] |`);
    expect(r.answer).toContain(`| freq | float | frequency offset in hertz [${html.n}] |`);
  });
});

describe("clarify on an off-topic question", () => {
  it("says what the corpus covers, from its documents, and that it has nothing on the question; no near-miss guess", async () => {
    const r = await ask("What is the boiling point of tungsten?");
    expect(r.verdict).toBe("clarify");
    expect(r.answer).toMatch(
      /^This corpus covers API reference \(2 documents, such as makeRamp, Sequence\); Documentation \(2 documents, such as adc-events, format\); Examples \(1 document, such as writeRampEcho\); it has nothing on .*tungsten/,
    );
    expect(r.answer).not.toMatch(/Are you asking about/);
  });
});

describe("the chat model reads the same structured blocks", () => {
  it("gets an API entry laid out (calling pattern, every parameter, returns), the example whole, and tables as Markdown", async () => {
    const model = new RecordingChatModel(["See [1]."]);
    await ask("What are the inputs of mr.makeRamp?", model);
    const api = generatorPrompts(model)[0]!;
    expect(api).toContain("Calling pattern: `function grad=makeRamp(channel, varargin)`");
    for (const name of ["channel", "system", "Duration", "Amplitude", "delay"]) expect(api).toMatch(new RegExp(`^- \`${name}\` \\(`, "m"));
    expect(api).toMatch(/\.amplitude\s+double, final amplitude, Hz\/m/);

    await ask("Show me an example of a ramp echo sequence", model);
    const example = generatorPrompts(model)[1]!;
    expect(example).toContain(
      "```matlab\n% A ramp echo demo: ramps the read gradient up and down around one ADC.\n% It calls mr.makeRamp several times",
    );
    expect(example).toContain("seq.write('ramp_echo.seq');\n```");

    await ask("What does the [BLOCKS] section of a sequence file contain?", model);
    const spec = generatorPrompts(model)[2]!;
    expect(spec).toContain("`<id> <duration> <rf> <gx> <adc>`");
    expect(spec).toContain("| Tag | Type | Description |\n|---|---|---|\n| `<id>` | integer | ID of the sequence block |");
  });
});
