import { describe, expect, it } from "vitest";
import { SourceProfileSchema } from "../sources/profile.js";
import type { ContextBlock } from "../state/types.js";
import { citationHeader, fileLabel, formatApiEntry, formatContext, pageLabel, relevanceMarker } from "./format.js";
import { defaultRunSettings } from "../config/run-settings.js";

const settings = defaultRunSettings().generation;

function block(over: Partial<ContextBlock> = {}): ContextBlock {
  return {
    n: 1,
    source: "docs",
    uri: "/data/manuals/guide.pdf",
    document_id: "d1",
    title: "Guide",
    section: "Gradients",
    section_path: ["Gradients"],
    page_start: 4,
    page_end: 5,
    chunk_index: 3,
    granularity: "section",
    part: null,
    text: "Gradients ramp up.",
    tokens: 4,
    score: 1,
    rerank_score: 0.92,
    relevance: 0.92,
    chunk_ids: ["c1"],
    metadata: {},
    ...over,
  };
}

describe("relevance markers", () => {
  it("are *** from 0.80, + from 0.65, - below", () => {
    const m = settings.markers;
    expect([0.8, 0.7999, 0.65, 0.6499, 0].map((r) => relevanceMarker(r, m))).toEqual(["***", "+", "+", "-", "-"]);
    expect(relevanceMarker(0.7, { high: 0.7, medium: 0.5 })).toBe("***");
  });
});

describe("citation headers", () => {
  it("name file, section, chunk, pages and relevance", () => {
    expect(citationHeader(block(), "file_section", settings)).toBe(
      '*** [1] guide.pdf, Section: "Gradients", chunk 3, pages 4–5 (92% relevance)',
    );
  });

  it("show one page as 'page p' and leave unknown pages out", () => {
    expect(citationHeader(block({ page_start: 7, page_end: 7, relevance: 0.65 }), "file_section", settings)).toBe(
      '+ [1] guide.pdf, Section: "Gradients", chunk 3, page 7 (65% relevance)',
    );
    expect(citationHeader(block({ page_start: null, page_end: null, relevance: 0.64 }), "file_section", settings)).toBe(
      '- [1] guide.pdf, Section: "Gradients", chunk 3 (64% relevance)',
    );
  });

  it("follow the profile's citation style and mark parts", () => {
    expect(citationHeader(block({ n: 2 }), "page", settings)).toBe('*** [2] guide.pdf, pages 4–5, Section: "Gradients" (92% relevance)');
    expect(citationHeader(block({ part: { i: 2, n: 3 }, section: null }), "file", settings)).toBe(
      "*** [1] guide.pdf [Part 2/3], chunk 3 (92% relevance)",
    );
    expect(citationHeader(block({ granularity: "document", section: null }), "file_section", settings)).toBe(
      "*** [1] guide.pdf, whole document, pages 4–5 (92% relevance)",
    );
  });
});

describe("labels", () => {
  it("print pages only when known", () => {
    expect([pageLabel(3, 3), pageLabel(3, 5), pageLabel(null, null), pageLabel(2, null)]).toEqual(["page 3", "pages 3–5", null, "page 2"]);
  });

  it("name files by base name, record suffix kept, or relative to the working directory", () => {
    expect(fileLabel("/data/manuals/guide.pdf", "basename")).toBe("guide.pdf");
    expect(fileLabel("corpus.jsonl#doc-17", "basename")).toBe("corpus.jsonl#doc-17");
    expect(fileLabel("/work/proj/docs/a.md", "relative", "/work/proj")).toBe("docs/a.md");
    expect(fileLabel("/elsewhere/a.md", "relative", "/work/proj")).toBe("a.md");
    expect(fileLabel("https://example.com/docs/page.html?x=1", "basename")).toBe("page.html");
  });
});

describe("API formatter", () => {
  const metadata = {
    kind: "function",
    language: "matlab",
    signature: "grad = makeTrapezoid(channel, varargin)",
    description: "Create a trapezoid gradient event.",
    params: [
      { name: "channel", description: "Gradient axis, 'x', 'y' or 'z'." },
      { name: "system", description: "System limits.", default: "mr.opts()" },
    ],
    returns: "grad: the gradient event.",
    examples: ["g = mr.makeTrapezoid('x', 'Area', 1000);"],
  };

  it("lays an entry out as description, calling pattern, parameters, returns, examples, source", () => {
    const text = formatApiEntry(
      "MAKETRAPEZOID Create a trapezoid gradient event.\nfunction grad = makeTrapezoid(channel, varargin)",
      metadata,
    );
    const order = [
      "Create a trapezoid",
      "Calling pattern: `grad = makeTrapezoid(channel, varargin)`",
      "Parameters:",
      "- `channel` (required): Gradient axis",
      "- `system` (optional, default `mr.opts()`): System limits.",
      "Returns: grad",
      "Examples:",
      "g = mr.makeTrapezoid",
      "Source:",
      "MAKETRAPEZOID",
    ].map((s) => text.indexOf(s));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("keeps plain text for entries without code metadata", () => {
    expect(formatApiEntry("Just prose.", {})).toBe("Just prose.");
  });

  it("formats per source profile, each block under its header", () => {
    const profiles = [
      SourceProfileSchema.parse({ name: "api", summary: "api", formatter: "api" }),
      SourceProfileSchema.parse({ name: "examples", summary: "ex", formatter: "example", citation_style: "file" }),
    ];
    const blocks = [
      block({
        source: "api",
        uri: "src/makeTrapezoid.m",
        page_start: null,
        page_end: null,
        metadata,
        text: "function grad = makeTrapezoid(channel, varargin)",
      }),
      block({ n: 2, source: "examples", uri: "demo.m", relevance: 0.5, metadata: { language: "matlab" }, text: "seq.write('out.seq');" }),
    ];
    const { text, blocks: formatted } = formatContext(blocks, profiles, settings);
    expect(formatted[0]!.header).toBe('*** [1] makeTrapezoid.m, Section: "Gradients", chunk 3 (92% relevance)');
    expect(formatted[0]!.body.startsWith("Create a trapezoid gradient event.\nCalling pattern:")).toBe(true);
    expect(formatted[1]!.text).toBe("- [2] demo.m, chunk 3 (50% relevance)\n```matlab\nseq.write('out.seq');\n```");
    expect(text).toBe(`${formatted[0]!.text}\n\n${formatted[1]!.text}`);
  });
});
