import { basename, extname } from "node:path";
import { getDocumentProxy, getMeta } from "unpdf";
import { IngestError } from "../../errors.js";
import type { LoadedDocument, LoadedSection, Loader, LoaderInput } from "../types.js";
import { detectHeadings } from "./pdf-headings.js";
import { locateOutline, readOutline } from "./pdf-outline.js";
import { assignRoles, buildSections, isContentsTitle, looksLikeTitle, pageSections, type HeadingSource } from "./pdf-sections.js";
import { readPages, type PdfDocument, type PdfPage } from "./pdf-text.js";

/**
 * Loads a PDF as one document whose sections follow the PDF's logical structure: bookmarks
 * when the file has them, else headings found by font size, else one section per page.
 * Every section carries its page range and `metadata.headingSource` / `metadata.pageRole`.
 *
 * @example
 * const [doc] = await pdfLoader.load({ path: "spec.pdf", bytes: await readFile("spec.pdf") });
 * doc.sections.map((s) => [s.path.join(" > "), s.pageStart, s.pageEnd]);
 */
export const pdfLoader: Loader = {
  name: "pdf",
  accepts: (path) => extname(path).toLowerCase() === ".pdf",
  load: async ({ path, bytes }: LoaderInput): Promise<LoadedDocument[]> => {
    const pdf = await open(path, bytes);
    try {
      const pages = await readPages(pdf);
      if (pages.every((p) => p.lines.length === 0)) {
        throw new IngestError({
          path,
          reason: "PDF has no extractable text (scanned image?)",
          hint: "Run OCR on it first (e.g. `ocrmypdf in.pdf out.pdf`), then ingest the result.",
        });
      }
      const { sections, source } = await sectionize(pdf, pages);
      assignRoles(sections, pages);
      const info = await getMeta(pdf)
        .then((m) => m.info as Record<string, unknown>)
        .catch(() => ({}) as Record<string, unknown>);
      return [
        {
          uri: path,
          title: documentTitle(info.Title, sections, pages, path),
          format: "pdf",
          sections,
          metadata: {
            pageCount: pdf.numPages,
            headingSource: source,
            ...(typeof info.Author === "string" && info.Author.trim() ? { author: info.Author.trim() } : {}),
          },
        },
      ];
    } finally {
      await pdf.destroy().catch(() => undefined);
    }
  },
};

async function open(path: string, bytes: Uint8Array): Promise<PdfDocument> {
  try {
    // pdf.js may detach the buffer it is given; hand it a copy so the caller's bytes survive.
    return await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (cause) {
    const name = (cause as { name?: string } | null)?.name ?? "";
    if (name === "PasswordException") {
      throw new IngestError({
        path,
        reason: "PDF is encrypted (password required)",
        hint: "Decrypt it (e.g. `qpdf --decrypt`) and ingest the copy.",
        cause,
      });
    }
    throw new IngestError({
      path,
      reason: "not a valid PDF (corrupt or truncated)",
      hint: "Check that the file opens in a PDF viewer; download it again if it was cut short.",
      cause,
    });
  }
}

/** Bookmarks first (the author's own structure), then font sizes, then pages. */
async function sectionize(pdf: PdfDocument, pages: PdfPage[]): Promise<{ sections: LoadedSection[]; source: HeadingSource }> {
  const outline = await readOutline(pdf);
  const headings = detectHeadings(pages);
  // A lone bookmark (often just the document title) says less than the headings in the text.
  const useOutline = outline.length > 1 || (outline.length === 1 && headings.length <= 1);
  if (useOutline) return { sections: buildSections(pages, locateOutline(outline, pages), "outline"), source: "outline" };
  if (headings.length > 0) return { sections: buildSections(pages, headings, "font"), source: "font" };
  return { sections: pageSections(pages.flatMap((p) => p.lines.filter((l) => !l.furniture))), source: "none" };
}

/** Metadata titles that name a file or a tool rather than the document. */
const JUNK_TITLE = /^(untitled|title|document|microsoft (word|powerpoint) - .*|slide \d+|\s*)$|\.(pdf|docx?|pptx?|tex|dvi|ps|indd|qxd)$/i;

function documentTitle(metaTitle: unknown, sections: LoadedSection[], pages: PdfPage[], path: string): string {
  if (typeof metaTitle === "string") {
    const t = metaTitle.replace(/\s+/g, " ").trim();
    if (t.length >= 3 && /\p{L}/u.test(t) && !JUNK_TITLE.test(t)) return t;
  }
  const first = pages.find((p) => p.lines.some((l) => !l.furniture));
  const lines = first?.lines.filter((l) => !l.furniture && !l.rotated) ?? [];
  // A heading that opens the first page, at its top, titles the document even when it is not
  // the largest text (a bold title above larger section headings).
  const opening = lines[0];
  if (
    opening &&
    lines.every((l) => l.y <= opening.y) &&
    sections.some((s) => s.pageStart === first?.number && s.title === opening.text && s.metadata?.headingSource !== "none")
  ) {
    return opening.text;
  }
  // Otherwise the largest line of the first page is the title on covers and papers alike.
  const big = lines.filter((l) => looksLikeTitle(l.text) && !isContentsTitle(l.text)).sort((a, b) => b.size - a.size)[0];
  if (big) {
    // Titles wrap: take the following lines set in the same size too.
    const parts = [big.text];
    for (let i = lines.indexOf(big) + 1; i < lines.length && parts.length < 3; i++) {
      const l = lines[i]!;
      if (Math.abs(l.size - big.size) > 0.3 || l.y >= big.y) break;
      parts.push(l.text);
    }
    return parts.join(" ");
  }
  const heading = sections.find((s) => s.title && !isContentsTitle(s.title))?.title;
  if (heading) return heading;
  return basename(path, extname(path));
}
