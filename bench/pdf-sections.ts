/**
 * Measures the PDF loader on a folder of real PDFs: how many sections, how many carry a
 * title and a page range, and, where `X.outline.txt` (a `mutool show X.pdf outline` dump)
 * sits beside `X.pdf`, how many bookmarks land on a section with that title and start page.
 * A `groundtruth-docling/` subfolder (docling section_header items) checks the font fallback.
 *
 * Run: `npx tsx bench/pdf-sections.ts ../shared/data/pdfs`
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { pdfLoader } from "../src/ingestion/loaders/pdf.js";
import { normalizeText } from "../src/ingestion/loaders/pdf-text.js";
import type { LoadedSection } from "../src/ingestion/types.js";

interface Expected {
  title: string;
  page: number;
}

/** Parses `-\t"2.8 Events"\t#page=11&zoom=...` lines; the number of tabs gives the depth. */
function parseOutline(text: string): Expected[] {
  return text.split("\n").flatMap((line) => {
    const m = /^[-|+]\t+"(.*)"\t#page=(\d+)/.exec(line);
    return m ? [{ title: m[1]!, page: Number(m[2]) }] : [];
  });
}

/** Docling ground truth: section_header and title items with their page. */
function parseDocling(json: string): Expected[] {
  const doc = JSON.parse(json) as { texts: { label: string; text: string; prov?: { page_no: number }[] }[] };
  return doc.texts
    .filter((t) => (t.label === "section_header" || t.label === "title") && /\p{L}/u.test(t.text))
    .map((t) => ({ title: t.text, page: t.prov?.[0]?.page_no ?? 0 }));
}

/** Same heading text, ignoring case, spacing and punctuation, or a prefix like "Chapter 1." on one side. */
function sameTitle(a: string, b: string): boolean {
  const [x, y] = [normalizeText(a), normalizeText(b)].sort((p, q) => p.length - q.length) as [string, string];
  return x === y || (x.length >= 8 && y.endsWith(x) && y.length - x.length <= 10);
}

/** Pairs expected headings with sections in order, by title; counts page agreement. */
function compare(expected: Expected[], sections: LoadedSection[]) {
  const used = new Set<number>();
  let titled = 0;
  let paged = 0;
  const misses: string[] = [];
  for (const e of expected) {
    const i = sections.findIndex((s, k) => !used.has(k) && s.title !== null && sameTitle(s.title, e.title));
    if (i < 0) {
      misses.push(`  missing "${e.title}" (p${e.page})`);
      continue;
    }
    used.add(i);
    titled++;
    if (sections[i]!.pageStart === e.page) paged++;
    else misses.push(`  "${e.title}": page ${sections[i]!.pageStart}, expected ${e.page}`);
  }
  return { expected: expected.length, titled, paged, found: used.size, misses };
}

const pct = (n: number, d: number) => (d === 0 ? "   -  " : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

async function main(): Promise<void> {
  const dir = process.argv[2] ?? "../shared/data/pdfs";
  const files = (await readdir(dir)).filter((f) => pdfLoader.accepts(f)).sort();
  const total = { sections: 0, titled: 0, ranged: 0, expected: 0, matched: 0 };
  const loaded = new Map<string, LoadedSection[]>();
  console.log(
    `${"file".padEnd(40)} ${"pages".padStart(5)} ${"src".padEnd(7)} ${"sect".padStart(4)} ${"title".padStart(6)} ${"range".padStart(6)}  outline(title+page)`,
  );
  for (const file of files) {
    const started = Date.now();
    let sections: LoadedSection[];
    let meta: Record<string, unknown>;
    try {
      const [doc] = await pdfLoader.load({ path: join(dir, file), bytes: new Uint8Array(await readFile(join(dir, file))) });
      sections = doc?.sections ?? [];
      meta = { ...doc?.metadata, title: doc?.title };
    } catch (error) {
      console.log(`${file.padEnd(40)} FAILED: ${(error as Error).message.split("\n")[0]}`);
      continue;
    }
    loaded.set(file, sections);
    const titled = sections.filter((s) => s.title !== null && s.title.trim() !== "").length;
    const ranged = sections.filter(
      (s) => Number.isInteger(s.pageStart) && Number.isInteger(s.pageEnd) && s.pageStart! <= s.pageEnd!,
    ).length;
    Object.assign(total, { sections: total.sections + sections.length, titled: total.titled + titled, ranged: total.ranged + ranged });
    let outlineCol = "";
    const outlinePath = join(dir, file.replace(/\.pdf$/i, ".outline.txt"));
    let misses: string[] = [];
    if (existsSync(outlinePath)) {
      const r = compare(parseOutline(await readFile(outlinePath, "utf8")), sections);
      total.expected += r.expected;
      total.matched += r.paged;
      // Page agreement is close to given for bookmark sections; finding the heading text is not.
      const fromOutline = sections.filter((s) => s.metadata?.headingSource === "outline");
      const located = fromOutline.filter((s) => s.metadata?.headingLocated !== false).length;
      outlineCol = `${pct(r.paged, r.expected)} (${r.paged}/${r.expected}, titles ${r.titled}, heading text found ${located}/${fromOutline.length})`;
      misses = r.misses;
    }
    console.log(
      `${file.padEnd(40)} ${String(meta.pageCount ?? "?").padStart(5)} ${String(meta.headingSource).padEnd(7)} ${String(sections.length).padStart(4)} ${pct(titled, sections.length)} ${pct(ranged, sections.length)}  ${outlineCol}  [${Date.now() - started} ms] title: ${String(meta.title).slice(0, 60)}`,
    );
    for (const m of misses) console.log(m);
  }
  console.log(
    `${"TOTAL".padEnd(40)} ${"".padStart(5)} ${"".padEnd(7)} ${String(total.sections).padStart(4)} ${pct(total.titled, total.sections)} ${pct(total.ranged, total.sections)}  ${pct(total.matched, total.expected)} (${total.matched}/${total.expected})`,
  );

  const gtDir = join(dir, "groundtruth-docling");
  if (!existsSync(gtDir)) return;
  console.log("\ndocling heading ground truth (font-size fallback):");
  for (const gt of (await readdir(gtDir)).filter((f) => f.endsWith(".json") && !f.includes(".pages."))) {
    const name = basename(gt, ".json");
    const pdf = [...loaded.keys()].find((f) => [name, `docling-${name}`].includes(basename(f, ".pdf")));
    if (!pdf) continue;
    const sections = loaded.get(pdf)!;
    const r = compare(parseDocling(await readFile(join(gtDir, gt), "utf8")), sections);
    const headed = sections.filter((s) => s.metadata?.headingSource !== "none").length;
    console.log(
      `${pdf.padEnd(40)} recall ${pct(r.titled, r.expected)} (${r.titled}/${r.expected}), same page ${pct(r.paged, r.expected)}, precision ${pct(r.found, headed)} (${r.found}/${headed} heading sections)`,
    );
    for (const m of r.misses) console.log(m);
  }
}

await main();
