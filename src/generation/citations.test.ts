import { describe, expect, it } from "vitest";
import type { ContextBlock } from "../state/types.js";
import { bestSnippet, buildCitations, citedNumbers } from "./citations.js";
import { formatContext } from "./format.js";
import { defaultRunSettings } from "../config/run-settings.js";

const settings = defaultRunSettings().generation;

function block(n: number, text: string): ContextBlock {
  return {
    n,
    source: "docs",
    uri: `/d/doc${n}.md`,
    document_id: `d${n}`,
    title: `Doc ${n}`,
    section: `S${n}`,
    section_path: [],
    page_start: n,
    page_end: n,
    chunk_index: n,
    granularity: "section",
    part: null,
    text,
    tokens: 0,
    score: 0.5,
    // Route and title bonuses take the ordering score over 1; the relevance stays calibrated.
    rerank_score: 1.45,
    relevance: 0.7,
    chunk_ids: [],
    metadata: {},
  };
}

const { blocks } = formatContext(
  [block(1, "Trapezoids have a ramp and a flat top. The flat top holds the amplitude."), block(2, "The ADC samples at the dwell time.")],
  [],
  settings,
);

describe("citation markers", () => {
  it("are read in order of first mention, lists included, code indices not", () => {
    expect(citedNumbers("A [2]. B [1, 2]. Code x[0] and arr[3].")).toEqual([2, 1]);
  });

  it("are not read inside code, inline or fenced", () => {
    expect(citedNumbers("Use `a = [3]` here [2].\n```matlab\nb = [1];\n```\nDone [1].")).toEqual([2, 1]);
  });
});

describe("citations", () => {
  it("list only cited blocks, with the block's sentence closest to the citing one", () => {
    const citations = buildCitations("The ADC samples at the dwell time [2]. Its flat top keeps the amplitude [1].", blocks, {
      snippetChars: 240,
    });
    expect(citations.map((c) => [c.n, c.snippet])).toEqual([
      [2, "The ADC samples at the dwell time."],
      [1, "The flat top holds the amplitude."],
    ]);
    expect(citations[0]).toMatchObject({
      uri: "/d/doc2.md",
      section: "S2",
      page_start: 2,
      chunk_index: 2,
      rerank_score: 1.45,
      relevance: 0.7,
    });
  });

  it("take the quoted sentence when given, and skip numbers with no block", () => {
    const citations = buildCitations("X [1]. Y [5].", blocks, {
      snippets: new Map([[1, "Trapezoids have a ramp and a flat top."]]),
      snippetChars: 20,
    });
    expect(citations.map((c) => [c.n, c.snippet])).toEqual([[1, "Trapezoids have a…"]]);
  });

  it("fall back to the block's opening when nothing is shared", () => {
    expect(bestSnippet(blocks[0]!, "unrelated words", 240)).toBe("Trapezoids have a ramp and a flat top.");
  });
});
