import { describe, expect, it } from "vitest";
import { IngestError } from "../../errors.js";
import type { LoadedDocument, LoadedSection } from "../types.js";
import { makeFontHeadingsPdf, makeOutlinedPdf, makeTextlessPdf } from "../../../test/fixtures/make-pdf.js";
import { pdfLoader } from "./pdf.js";
import { locateOutline } from "./pdf-outline.js";
import type { PdfLine, PdfPage } from "./pdf-text.js";

async function load(path: string, bytes: Uint8Array): Promise<LoadedDocument> {
  const docs = await pdfLoader.load({ path, bytes });
  expect(docs).toHaveLength(1);
  return docs[0]!;
}

const byTitle = (doc: LoadedDocument, title: string): LoadedSection => {
  const section = doc.sections.find((s) => s.title === title);
  if (!section) throw new Error(`no section "${title}" in ${doc.sections.map((s) => s.title).join(" | ")}`);
  return section;
};

describe("pdfLoader", () => {
  it("accepts .pdf files only", () => {
    expect(pdfLoader.accepts("docs/Spec.PDF")).toBe(true);
    expect(pdfLoader.accepts("notes.md")).toBe(false);
  });

  describe("with bookmarks", () => {
    it("makes one section per bookmark, in reading order, with heading paths", async () => {
      const doc = await load("guide.pdf", await makeOutlinedPdf());
      expect(doc.format).toBe("pdf");
      expect(doc.uri).toBe("guide.pdf");
      expect(doc.title).toBe("Widget Protocol Guide");
      const outlined = doc.sections.filter((s) => s.metadata?.headingSource === "outline");
      expect(outlined.map((s) => s.path)).toEqual([
        ["1 Overview"],
        ["1 Overview", "1.1 Goals"],
        ["Message Format"],
        ["Message Format", "2.1 Header fields"],
        ["3 References"],
      ]);
      expect(outlined.map((s) => [s.pageStart, s.pageEnd])).toEqual([
        [3, 3],
        [3, 3],
        [4, 5],
        [5, 5],
        [5, 5],
      ]);
    });

    it("splits a page shared by two sections at the second heading", async () => {
      const doc = await load("guide.pdf", await makeOutlinedPdf());
      const overview = byTitle(doc, "1 Overview");
      const goals = byTitle(doc, "1.1 Goals");
      expect(overview.content.startsWith("Overview line 1 ")).toBe(true);
      expect(overview.content).toContain("Overview line 6 ");
      expect(overview.content).not.toContain("Goals");
      expect(goals.content.startsWith("Goals line 1 ")).toBe(true);
      expect(goals.content).toContain("Goals line 5 ");
    });

    it("keeps text above a page's first heading with the section running on from the page before", async () => {
      const doc = await load("guide.pdf", await makeOutlinedPdf());
      const format = byTitle(doc, "Message Format");
      expect(format.content.startsWith("Format line 1 ")).toBe(true);
      expect(format.content).toContain("Format line 40 ");
      expect(format.content.trimEnd().endsWith("Carryover line 4 carries ordinary running text about widgets and their frames,")).toBe(
        true,
      );
      // The printed heading reads "2.1  HEADER FIELDS"; it is found despite case and spacing, and left out.
      const header = byTitle(doc, "2.1 Header fields");
      expect(header.content.startsWith("Header line 1 ")).toBe(true);
      expect(header.content).not.toMatch(/HEADER FIELDS|Carryover|References/);
    });

    it("leaves running headers and page numbers out of the text", async () => {
      const doc = await load("guide.pdf", await makeOutlinedPdf());
      for (const s of doc.sections) {
        expect(s.content).not.toContain("draft");
        expect(s.content.split("\n")).not.toContain(String(s.pageStart));
      }
    });

    it("puts cover and contents pages in sections of their own, with their role", async () => {
      const doc = await load("guide.pdf", await makeOutlinedPdf());
      const [cover, contents] = doc.sections;
      expect(cover).toMatchObject({ title: "Widget Protocol Guide", pageStart: 1, pageEnd: 1, metadata: { pageRole: "cover" } });
      expect(cover!.content).toContain("Example Corp");
      expect(contents).toMatchObject({ title: "Contents", pageStart: 2, pageEnd: 2, metadata: { pageRole: "toc" } });
      expect(contents!.content).toContain("2.1 Header Fields");
      expect(byTitle(doc, "3 References").metadata?.pageRole).toBe("references");
      expect(byTitle(doc, "1.1 Goals").metadata?.pageRole).toBe("body");
    });
  });

  describe("without bookmarks", () => {
    it("finds headings by font size and nests smaller ones under larger ones", async () => {
      const doc = await load("rivers.pdf", await makeFontHeadingsPdf());
      expect(doc.title).toBe("Field Notes on Rivers");
      const headed = doc.sections.filter((s) => s.metadata?.headingSource === "font");
      expect(headed.map((s) => s.path)).toEqual([
        ["Field Notes on Rivers"],
        ["Introduction"],
        ["Methods"],
        ["Methods", "Sampling"],
        ["Results"],
        ["Results", "Water Quality"],
        ["Discussion"],
        ["References"],
      ]);
      expect(headed.map((s) => [s.pageStart, s.pageEnd])).toEqual([
        [1, 1],
        [1, 1],
        [1, 1],
        [1, 2],
        [2, 2],
        [2, 2],
        [3, 3],
        [3, 3],
      ]);
    });

    it("cuts the text at each heading and leaves the heading line out", async () => {
      const doc = await load("rivers.pdf", await makeFontHeadingsPdf());
      const sampling = byTitle(doc, "Sampling");
      expect(sampling.content.startsWith("Sampling line 1 ")).toBe(true);
      expect(sampling.content).toContain("SamplingMore line 6 ");
      expect(sampling.content).not.toContain("Results");
      expect(byTitle(doc, "Methods").content.split("\n")).toHaveLength(4);
      expect(byTitle(doc, "References").metadata?.pageRole).toBe("references");
      expect(byTitle(doc, "Discussion").content).not.toContain("[1]");
    });
  });

  it("gives every section a page range", async () => {
    for (const bytes of [await makeOutlinedPdf(), await makeFontHeadingsPdf()]) {
      const doc = await load("x.pdf", bytes);
      for (const s of doc.sections) {
        expect(s.pageStart).toBeGreaterThanOrEqual(1);
        expect(s.pageEnd).toBeGreaterThanOrEqual(s.pageStart!);
      }
    }
  });

  it("rejects bytes that are not a PDF", async () => {
    const bytes = new TextEncoder().encode("this is plain text, not a PDF at all");
    const error = await pdfLoader.load({ path: "fake.pdf", bytes }).catch((e: unknown) => e);
    expect(IngestError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ path: "fake.pdf", reason: "not a valid PDF (corrupt or truncated)" });
  });

  it("rejects a truncated PDF", async () => {
    const bytes = (await makeOutlinedPdf()).slice(0, 400);
    const error = await pdfLoader.load({ path: "cut.pdf", bytes }).catch((e: unknown) => e);
    expect(IngestError.isInstance(error)).toBe(true);
    expect((error as IngestError).path).toBe("cut.pdf");
  });

  it("rejects a PDF without extractable text and says how to fix it", async () => {
    const error = await pdfLoader.load({ path: "scan.pdf", bytes: await makeTextlessPdf() }).catch((e: unknown) => e);
    expect(IngestError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ reason: "PDF has no extractable text (scanned image?)" });
    expect((error as IngestError).hint).toMatch(/OCR/);
  });

  it("leaves the caller's bytes usable", async () => {
    const bytes = await makeFontHeadingsPdf();
    await load("a.pdf", bytes);
    expect((await load("a.pdf", bytes)).sections.length).toBeGreaterThan(0);
  });

  describe("locating bookmarks on their page", () => {
    const line = (index: number, text: string, x: number, y: number, size = 10): PdfLine => ({
      page: 1,
      index,
      text,
      x,
      y,
      size,
      font: "f1",
      fontShare: 1,
      monospace: false,
      rotated: false,
      furniture: false,
    });
    // Two columns in stream order: the left column top to bottom, then the right one.
    const page: PdfPage = {
      number: 1,
      width: 612,
      height: 792,
      bottom: 0,
      lines: [
        line(0, "A. Results", 72, 700, 12),
        line(1, "left text one", 72, 680),
        line(2, "left text two", 72, 300),
        line(3, "right text one", 320, 700),
        line(4, "right text two", 320, 500),
        line(5, "right text three", 320, 480),
      ],
    };

    it("matches the heading text without its numbering", () => {
      const [start] = locateOutline([{ title: "III-A Results", path: ["III-A Results"], page: 1, x: 72, y: 712 }], [page]);
      expect(start).toMatchObject({ line: 0, headingLines: 1, headingFound: true });
    });

    it("falls back to the destination point, column included, when the text is not on the page", () => {
      const [start] = locateOutline([{ title: "Discussion", path: ["Discussion"], page: 1, x: 320, y: 505 }], [page]);
      // "left text two" (y 300) is below the point too, but in the other column.
      expect(start).toMatchObject({ line: 4, headingLines: 0, headingFound: false });
    });
  });
});
