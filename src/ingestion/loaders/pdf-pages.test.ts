import { beforeAll, describe, expect, it } from "vitest";
import { makeManualPdf } from "../../../test/fixtures/make-pdf.js";
import { chunkDocument } from "../chunker.js";
import type { LoadedDocument, PreparedChunk } from "../types.js";
import { pdfLoader } from "./pdf.js";

let doc: LoadedDocument;
let chunks: PreparedChunk[];

beforeAll(async () => {
  [doc] = (await pdfLoader.load({ path: "manual.pdf", bytes: await makeManualPdf() })) as [LoadedDocument];
  chunks = chunkDocument(doc, { maxTokens: 200, overlapTokens: 20 }).filter((c) => c.searchable);
});

const text = () => doc.sections.map((s) => s.content).join("\n");
const holding = (needle: string) => chunks.filter((c) => c.content.includes(needle));

describe("a long PDF's running heads and page numbers", () => {
  it("are stripped from the text", () => {
    expect(doc.metadata?.pageCount).toBe(22);
    expect(text()).not.toContain("Widget Tool Manual - Reference");
    expect(
      text()
        .split("\n")
        .filter((l) => /^\s*[0-9]+\s*$/.test(l)),
    ).toEqual([]);
  });

  it("while a sentence ending several full pages at body spacing stays", () => {
    expect(text().match(/Hash some more data\./g)).toHaveLength(3);
    expect(holding("Hash some more data.").map((c) => [c.pageStart, c.pageEnd])).toEqual([
      [5, 5],
      [9, 9],
      [13, 13],
    ]);
  });
});

describe("headings found by size", () => {
  it("include one whose text opens with a lower-case name", () => {
    expect(doc.sections.filter((s) => s.title).map((s) => [s.title, s.pageStart])).toEqual([
      ["1 Introduction", 1],
      ["1.1 Usage", 1],
      ["2 Options", 2],
    ]);
    expect(doc.sections.find((s) => s.title === "1.1 Usage")!.content).toBe(
      "widgettool reads its options from the command line, then from its configuration file.",
    );
  });
});

describe("chunks of a section running over 21 pages", () => {
  it("record the pages their own text is on", () => {
    const options = doc.sections.find((s) => s.title === "2 Options")!;
    expect([options.pageStart, options.pageEnd]).toEqual([2, 22]);
    for (const c of chunks) expect((c.pageEnd ?? 0) - (c.pageStart ?? 0)).toBeLessThanOrEqual(1);
    for (const n of [2, 7, 15, 22]) {
      const [entry] = holding(`--opt-${n}=<n> [default: ${n}]`);
      expect([entry?.pageStart, entry?.pageEnd]).toEqual([n, n]);
      expect(entry!.content).toContain(`Option${n} line 1 `);
    }
  });

  it("keep a table's rows together, on the page that holds them", () => {
    const rows = holding("-1 1200k");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.content).toContain("Flag Compress Decompress Corpus");
    expect(rows[0]!.content).toContain("-9 7600k 3700k 819000");
    expect([rows[0]!.pageStart, rows[0]!.pageEnd]).toEqual([8, 8]);
    // No paragraph break inside the table (a split would fall there first), though the heads stand apart.
    expect(rows[0]!.content).toMatch(/Flag Compress Decompress Corpus\n-1 1200k 500k 891000\n-2 /);
  });
});
