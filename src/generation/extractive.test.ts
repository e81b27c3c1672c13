import { describe, expect, it } from "vitest";
import { extractIdentifiers, extractKeyTerms } from "../planner/terms.js";
import { SourceProfileSchema } from "../sources/profile.js";
import type { ContextBlock, Intent } from "../state/types.js";
import { extractiveAnswer, THIN_EVIDENCE, WORKING_THEORY } from "./extractive.js";
import { formatContext, type FormattedBlock } from "./format.js";
import { defaultRunSettings } from "../config/run-settings.js";
import { normalizeSpace } from "./text.js";

const settings = defaultRunSettings().generation;
const profiles = [
  SourceProfileSchema.parse({ name: "docs", summary: "d" }),
  SourceProfileSchema.parse({ name: "api", summary: "a", formatter: "api" }),
];

function block(n: number, text: string, over: Partial<ContextBlock> = {}): ContextBlock {
  return {
    n,
    source: "docs",
    uri: `doc${n}.md`,
    document_id: `d${n}`,
    title: `Doc ${n}`,
    section: null,
    section_path: [],
    page_start: null,
    page_end: null,
    chunk_index: 0,
    granularity: "section",
    part: null,
    text,
    tokens: 0,
    score: 1,
    rerank_score: 0.8,
    relevance: 0.8,
    chunk_ids: [`c${n}`],
    metadata: {},
    ...over,
  };
}

const physics = [
  block(
    1,
    "Gradient waveforms are built from trapezoids. The slew rate limits how fast a gradient can ramp.\nUse a higher amplitude to\nshorten the flat top. The weather was fine that day.",
    { relevance: 0.9 },
  ),
  block(
    2,
    "RF pulses excite spins. The slew rate of the scanner is set in the system limits [12]. Gradient ramp time equals amplitude divided by slew rate.",
    { relevance: 0.7 },
  ),
];

function answer(question: string, blocks: ContextBlock[], mode: "strong" | "weak" = "strong", intent?: Intent) {
  const formatted = formatContext(blocks, profiles, settings).blocks;
  const result = extractiveAnswer({
    blocks: formatted,
    keyTerms: extractKeyTerms(question),
    identifiers: extractIdentifiers(question),
    intent,
    mode,
    settings: settings.extractive,
  });
  return { ...result, formatted };
}

/** Every cited sentence of an answer, read back from its text: what precedes each `[n]`. */
function citedSentences(text: string): Array<{ n: number; sentence: string }> {
  const body = text.replace(WORKING_THEORY, "").replace(THIN_EVIDENCE, "");
  return [...body.matchAll(/\s*(.+?) \[(\d+)\]([.!?]["')\]]*)?(?=\s|$)/g)].map((m) => ({
    n: Number(m[2]),
    sentence: `${m[1]}${m[3] ?? ""}`.trim(),
  }));
}

function expectExact(text: string, formatted: FormattedBlock[]) {
  const cited = citedSentences(text);
  expect(cited.length).toBeGreaterThan(0);
  for (const { n, sentence } of cited) {
    const source = formatted.find((f) => f.block.n === n);
    expect(source, `[${n}] points at a block`).toBeDefined();
    expect(normalizeSpace(source!.body)).toContain(sentence);
  }
}

describe("extractive answerer", () => {
  it("quotes the sentences that answer the question, each cited to the block that holds it", () => {
    const { answer: text, quotes, formatted } = answer("How does the slew rate limit the gradient ramp time?", physics);
    expect(quotes.map((q) => [q.n, q.text])).toEqual([
      [1, "The slew rate limits how fast a gradient can ramp."],
      [2, "Gradient ramp time equals amplitude divided by slew rate."],
    ]);
    expect(text).toBe(
      "The slew rate limits how fast a gradient can ramp [1]. Gradient ramp time equals amplitude divided by slew rate [2].",
    );
    expectExact(text, formatted);
  });

  it("leaves out sentences carrying the source's own reference numbers", () => {
    const { answer: text } = answer("Where is the scanner slew rate set?", physics);
    expect(text).not.toContain("[12]");
    expect(text).not.toContain("system limits");
  });

  it("joins prose across wrapped lines and keeps within the sentence and length budget", () => {
    const long = block(
      3,
      Array.from({ length: 12 }, (_, i) => `Gradient rule ${i + 1} says the slew rate must stay under the limit.`).join(" "),
    );
    const { quotes } = answer("gradient slew rate limit", [long]);
    expect(quotes.length).toBeLessThanOrEqual(settings.extractive.maxSentences);
    expect(quotes.reduce((n, q) => n + q.text.length, 0)).toBeLessThanOrEqual(settings.extractive.maxChars);
    const { quotes: wrapped } = answer("How do I shorten the flat top?", physics);
    expect(wrapped[0]!.text).toBe("Use a higher amplitude to shorten the flat top.");
  });

  it("prefers the calling pattern and parameters for API questions", () => {
    const api = block(
      1,
      "MAKETRAPEZOID Create a trapezoid gradient event.\nThe trapezoid is defined by its area.\nfunction grad = makeTrapezoid(channel, varargin)",
      {
        source: "api",
        metadata: {
          signature: "grad = makeTrapezoid(channel, varargin)",
          description: "Create a trapezoid gradient event.",
          params: [
            { name: "channel", description: "The gradient axis." },
            { name: "Area", description: "Total area of the trapezoid." },
          ],
        },
      },
    );
    const { answer: text, quotes, formatted } = answer("What parameters does makeTrapezoid take?", [api], "strong", "api");
    expect(quotes.map((q) => q.text)).toEqual(
      expect.arrayContaining(["Calling pattern: `grad = makeTrapezoid(channel, varargin)`", "- `channel` (required): The gradient axis."]),
    );
    expect(text.indexOf("Calling pattern")).toBeLessThan(text.indexOf("- `channel`"));
    expectExact(text, formatted);
  });

  it("labels a weak answer as a working theory and says the evidence is thin", () => {
    const { answer: text, formatted } = answer("How does the slew rate limit the gradient ramp time?", physics, "weak");
    expect(text.startsWith(`${WORKING_THEORY} The slew rate`)).toBe(true);
    expect(text.endsWith(THIN_EVIDENCE)).toBe(true);
    expectExact(text, formatted);
  });

  it("adds nothing but quotes, citation markers and labels", () => {
    for (const mode of ["strong", "weak"] as const) {
      const { answer: text, quotes } = answer("How does the slew rate limit the gradient ramp time?", physics, mode);
      let rest = text.replace(WORKING_THEORY, "").replace(THIN_EVIDENCE, "");
      for (const q of quotes) rest = rest.replace(q.text.replace(/[.!?]$/, ""), "");
      expect(rest.replace(/\[\d+\]|[.\s]/g, "")).toBe("");
    }
  });

  it("offers the most relevant passage, labelled, when no sentence matches the question", () => {
    const { answer: text, quotes } = answer("zebra migration patterns", physics);
    expect(quotes).toHaveLength(1);
    expect(text).toBe("The closest passage says: Gradient waveforms are built from trapezoids [1].");
  });
});

describe("extractive answer over a table", () => {
  it("quotes a table row with its citation inside the last cell, so the row stays a row", () => {
    const spec = block(
      1,
      "The shape specifiers are\nTag Type Description\n<id> integer ID of the shape\n<num> integer Number of samples of the shape",
    );
    const { answer: text } = answer("What is the number of samples of the shape?", [spec]);
    expect(text).toContain("| `<num>` | integer | Number of samples of the shape [1] |");
  });
});
