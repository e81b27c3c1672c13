import { describe, expect, it } from "vitest";
import { chunkDocument, countTokens } from "./chunker.js";
import type { LoadedDocument, LoadedSection, PreparedChunk } from "./types.js";

const doc = (sections: LoadedSection[]): LoadedDocument => ({ uri: "doc.md", title: "Doc", format: "markdown", sections });

/** Distinct, countable sentences so tests can tell exactly which text a chunk holds. */
const sentence = (i: number) => `Sentence number ${i} explains how gradient ramp ${i} is rounded to the raster.`;
const paragraph = (from: number, count: number) => Array.from({ length: count }, (_, k) => sentence(from + k)).join(" ");
const sentencesIn = (text: string) => [...text.matchAll(/Sentence number (\d+) /g)].map((m) => Number(m[1]));

describe("countTokens", () => {
  it("counts cl100k_base tokens", () => {
    expect(countTokens("")).toBe(0);
    expect(countTokens("Hello world")).toBe(2);
    expect(countTokens("hello hello hello")).toBe(3);
  });

  it("counts special-token markers as text instead of throwing", () => {
    expect(countTokens("end <|endoftext|> here")).toBeGreaterThan(3);
  });
});

describe("chunkDocument", () => {
  it("makes one searchable section chunk per short section, in reading order", () => {
    const chunks = chunkDocument(
      doc([
        { title: null, path: [], content: "Preamble." },
        {
          title: "Install",
          path: ["Guide", "Install"],
          content: "Run the installer.",
          pageStart: 2,
          pageEnd: 3,
          metadata: { kind: "x", n: 1 },
        },
      ]),
    );
    expect(chunks).toEqual<PreparedChunk[]>([
      {
        chunkIndex: 0,
        kind: "section",
        parentIndex: null,
        searchable: true,
        sectionTitle: null,
        sectionPath: [],
        pageStart: null,
        pageEnd: null,
        tokenCount: countTokens("Preamble."),
        content: "Preamble.",
        metadata: {},
      },
      {
        chunkIndex: 1,
        kind: "section",
        parentIndex: null,
        searchable: true,
        sectionTitle: "Install",
        sectionPath: ["Guide", "Install"],
        pageStart: 2,
        pageEnd: 3,
        tokenCount: countTokens("Run the installer."),
        content: "Run the installer.",
        metadata: { kind: "x", n: 1 },
      },
    ]);
  });

  it("drops empty sections without leaving gaps in chunkIndex", () => {
    const chunks = chunkDocument(
      doc([
        { title: "A", path: ["A"], content: "Alpha." },
        { title: "Empty", path: ["Empty"], content: "  \n\n " },
        { title: "B", path: ["B"], content: "Beta." },
      ]),
    );
    expect(chunks.map((c) => [c.chunkIndex, c.sectionTitle])).toEqual([
      [0, "A"],
      [1, "B"],
    ]);
  });

  it("splits a long section into a non-searchable parent and searchable children that point to it", () => {
    const long = [paragraph(0, 12), paragraph(12, 12), paragraph(24, 12), paragraph(36, 12)].join("\n\n");
    const chunks = chunkDocument(
      doc([
        { title: "Intro", path: ["Intro"], content: "Short intro." },
        { title: "Ramps", path: ["Guide", "Ramps"], content: long, pageStart: 4, pageEnd: 6, metadata: { language: "en" } },
        { title: "After", path: ["After"], content: "Short ending." },
      ]),
      { maxTokens: 200, overlapTokens: 20 },
    );
    const parent = chunks[1]!;
    expect(parent).toMatchObject({
      chunkIndex: 1,
      kind: "section",
      parentIndex: null,
      searchable: false,
      content: long,
      sectionTitle: "Ramps",
    });
    expect(parent.tokenCount).toBe(countTokens(long));

    const children = chunks.filter((c) => c.parentIndex === 1);
    expect(children.length).toBeGreaterThanOrEqual(4);
    for (const child of children) {
      expect(child).toMatchObject({
        kind: "chunk",
        searchable: true,
        sectionTitle: "Ramps",
        sectionPath: ["Guide", "Ramps"],
        pageStart: 4,
        pageEnd: 6,
        metadata: { language: "en" },
      });
      expect(child.tokenCount).toBe(countTokens(child.content));
      expect(child.tokenCount).toBeLessThanOrEqual(200);
    }
    expect(chunks.map((c) => c.chunkIndex)).toEqual(chunks.map((_, i) => i));
    expect(chunks[chunks.length - 1]).toMatchObject({ sectionTitle: "After", parentIndex: null, searchable: true });
    // Children own their metadata: changing one does not change the others.
    children[0]!.metadata.language = "changed";
    expect(children[1]!.metadata.language).toBe("en");
  });

  it("covers every sentence of the section, cutting between sentences and overlapping a little", () => {
    const long = [paragraph(0, 10), paragraph(10, 10), paragraph(20, 10), paragraph(30, 10)].join("\n\n");
    const children = chunkDocument(doc([{ title: "S", path: ["S"], content: long }]), { maxTokens: 150, overlapTokens: 30 }).slice(1);

    const seen = new Set(children.flatMap((c) => sentencesIn(c.content)));
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    for (const child of children.slice(0, -1)) expect(child.content).toMatch(/raster\.$/);
    for (let k = 1; k < children.length; k++) {
      const previous = children[k - 1]!.content;
      const head = children[k]!.content.slice(0, 30);
      // The overlap is the end of the previous chunk, not more than overlapTokens of it.
      expect(previous).toContain(head);
      const overlap = children[k]!.content.slice(0, children[k]!.content.indexOf(head) + head.length);
      expect(countTokens(overlap)).toBeLessThanOrEqual(30);
    }
  });

  it("prefers paragraph boundaries when paragraphs fit", () => {
    const paragraphs = Array.from({ length: 8 }, (_, i) => paragraph(i * 4, 4));
    const children = chunkDocument(doc([{ title: "P", path: ["P"], content: paragraphs.join("\n\n") }]), {
      maxTokens: 160,
      overlapTokens: 0,
    }).slice(1);
    for (const child of children) {
      const pieces = child.content.split("\n\n");
      for (const piece of pieces) expect(paragraphs).toContain(piece);
    }
    expect(children.map((c) => c.content).join("\n\n")).toBe(paragraphs.join("\n\n"));
  });

  it("falls back to lines, then tokens, for text without sentence or paragraph breaks", () => {
    const code = Array.from({ length: 120 }, (_, i) => `x${i} = computeRamp(${i}, raster, limits) + offset_${i}`).join("\n");
    const words = Array.from({ length: 1500 }, (_, i) => `w${i}`).join(" ");
    const chunks = chunkDocument(
      doc([
        { title: "Code", path: ["Code"], content: code },
        { title: "Words", path: ["Words"], content: words },
      ]),
      {
        maxTokens: 100,
        overlapTokens: 10,
      },
    );
    const codeChildren = chunks.filter((c) => c.kind === "chunk" && c.sectionTitle === "Code");
    const wordChildren = chunks.filter((c) => c.kind === "chunk" && c.sectionTitle === "Words");
    for (const c of [...codeChildren, ...wordChildren]) expect(c.tokenCount).toBeLessThanOrEqual(100);
    for (const c of codeChildren) expect(c.content).toMatch(/^x\d+ = .*offset_\d+$/s);
    expect(codeChildren.at(-1)!.content.endsWith("offset_119")).toBe(true);
    // Word-level cuts never split a word.
    for (const c of wordChildren) expect(c.content).toMatch(/^w\d+( w\d+)*$/);
    expect(wordChildren.at(-1)!.content.endsWith("w1499")).toBe(true);
  });

  it("gives children the pages their text is on when the section marks page breaks with form feeds", () => {
    const pages = [paragraph(0, 8), paragraph(8, 8), paragraph(16, 8)];
    const chunks = chunkDocument(doc([{ title: "Spec", path: ["Spec"], content: pages.join("\n\f"), pageStart: 10, pageEnd: 12 }]), {
      maxTokens: 160,
      overlapTokens: 0,
    });
    expect(chunks[0]).toMatchObject({ searchable: false, pageStart: 10, pageEnd: 12 });
    expect(chunks[0]!.content).not.toContain("\f");
    const children = chunks.slice(1);
    for (const child of children) {
      expect(child.content).not.toContain("\f");
      const ids = sentencesIn(child.content);
      expect(child.pageStart).toBe(10 + Math.floor(ids[0]! / 8));
      expect(child.pageEnd).toBe(10 + Math.floor(ids[ids.length - 1]! / 8));
    }
    expect(new Set(children.map((c) => c.pageStart))).toEqual(new Set([10, 11, 12]));
  });

  it("splits a section page by page: no chunk crosses a page break, but a short run-over joins the chunk before", () => {
    // Pages 20-23; page 21 holds only the one-sentence end of page 20's paragraph; page 23 is long.
    const pages = [paragraph(0, 7), sentence(7), paragraph(8, 7), paragraph(15, 12)];
    const chunks = chunkDocument(doc([{ title: "Options", path: ["Options"], content: pages.join("\f"), pageStart: 20, pageEnd: 23 }]), {
      maxTokens: 160,
      overlapTokens: 20,
    });
    const pageOf = (id: number) => (id < 7 ? 20 : id < 8 ? 21 : id < 15 ? 22 : 23);
    const children = chunks.filter((c) => c.kind === "chunk");
    for (const child of children) {
      const ids = sentencesIn(child.content);
      expect([child.pageStart, child.pageEnd]).toEqual([pageOf(ids[0]!), pageOf(ids.at(-1)!)]);
    }
    expect(children.filter((c) => c.pageStart !== c.pageEnd).map((c) => [c.pageStart, c.pageEnd, sentencesIn(c.content).at(-1)])).toEqual([
      [20, 21, 7],
    ]);
    expect(new Set(children.flatMap((c) => sentencesIn(c.content))).size).toBe(27);
    expect(children.filter((c) => c.pageStart === 23).length).toBeGreaterThanOrEqual(2);
  });

  it("leaves tiny sections alone by default, and with minTokens merges them into what follows", () => {
    const sections: LoadedSection[] = [
      { title: "Install", path: ["Install"], content: "Pick one." },
      { title: "Linux", path: ["Install", "Linux"], content: "Use the package manager to install the toolbox." },
      { title: "makeRamp", path: ["makeRamp"], content: "Tiny.", metadata: { kind: "function" } },
      { title: "Usage", path: ["Usage"], content: "Call makeRamp with a channel." },
    ];
    expect(chunkDocument(doc(sections))).toHaveLength(4);
    const merged = chunkDocument(doc(sections), { minTokens: 5 });
    expect(merged.map((c) => [c.sectionTitle, c.content])).toEqual([
      ["Linux", "Install\n\nPick one.\n\nUse the package manager to install the toolbox."],
      ["makeRamp", "Tiny."],
      ["Usage", "Call makeRamp with a channel."],
    ]);
  });
});
