import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { SourcewiseError } from "../../errors.js";
import { SourceProfileSchema } from "../../sources/profile.js";
import type { EvalDataset } from "./types.js";

interface ManualSection {
  id: string;
  title: string;
  text: string[];
  section_url?: string;
  /** The section's ids from the top down, `>`-separated (`section_97>section_107>section_133`). */
  section_hierarchy?: string;
}

/**
 * A sectioned manual with QA pairs whose answer is one section (E-Manual S10 layout:
 * `*_manual_corpus.json` + `*_questions.csv` with `question` and `section_link`). Each section is
 * written once as a Markdown file under `workDir` so the ordinary ingestion (and its cache) applies.
 * A question's answering section is the one its `section_path` names (titles from the top down,
 * `Apps>Samsung apps>Camera>Camera settings`) on the linked page; without one, the linked URL's
 * section. A link without a `#fragment` names a whole HTML page, whose first section is only its
 * introduction: 28 of E-Manual S10's 50 links are such pages with the answer in a later section.
 * @example
 * const ds = await manualDataset("../shared/data/emanual-s10", ".sourcewise/eval/emanual-s10");
 */
export async function manualDataset(dir: string, workDir: string, name = "emanual-s10"): Promise<EvalDataset> {
  const root = resolve(dir);
  const files = await readdir(root);
  const corpusFile = files.find((f) => f.endsWith("_manual_corpus.json"));
  const qaFile = files.find((f) => f.endsWith("_questions.csv"));
  if (!corpusFile || !qaFile) {
    throw new SourcewiseError("dataset_missing", `no *_manual_corpus.json and *_questions.csv in ${root}`, {
      hint: "A manual dataset folder holds the sections JSON and the questions CSV.",
      data: { path: root },
    });
  }
  const raw = JSON.parse(await readFile(join(root, corpusFile), "utf8")) as Record<string, ManualSection>;
  const sections = Object.entries(raw).map(([id, s]) => ({ ...s, id: s.id ?? id }));
  // A section whose only content is its title (E-Manual S10: the three device-layout images) has
  // nothing to embed; ingestion would skip it as "no text found", so it is counted here instead.
  const titleOnly = sections.filter((s) => sectionBody(s).length === 0).map((s) => s.id);
  const indexed = sections.filter((s) => !titleOnly.includes(s.id));
  const docsDir = join(resolve(workDir), "corpus");
  await mkdir(docsDir, { recursive: true });
  const texts = indexed.map((s) => ({ key: s.id, text: sectionMarkdown(s) }));
  for (const t of texts) {
    const path = join(docsDir, `${t.key}.md`);
    // Rewriting an unchanged file is harmless (ingestion hashes content) but skipping it keeps runs quiet.
    if (!existsSync(path) || (await readFile(path, "utf8")) !== t.text) await writeFile(path, t.text);
  }
  // The folder is ours: a file left by an earlier corpus (or an earlier version of this adapter) goes.
  const keep = new Set(texts.map((t) => `${t.key}.md`));
  for (const f of await readdir(docsDir)) if (f.endsWith(".md") && !keep.has(f)) await rm(join(docsDir, f));
  const byUrl = new Map(sections.map((s) => [normUrl(s.section_url ?? ""), s.id]));
  const byPage = new Map<string, string>();
  for (const s of sections)
    if (!byPage.has(normUrl(s.section_url ?? "").split("#")[0]!)) byPage.set(normUrl(s.section_url ?? "").split("#")[0]!, s.id);
  const byPath = sectionsByPath(sections);
  const rows = parseCsv(await readFile(join(root, qaFile), "utf8"));
  const header = rows.shift() ?? [];
  const col = (n: string) => header.indexOf(n);
  const queries = rows
    .filter((r) => r.length >= header.length)
    .map((r, i) => {
      const link = normUrl(r[col("section_link")] ?? "");
      const page = link.split("#")[0]!;
      const named = (byPath.get(normPath(r[col("section_path")] ?? "")) ?? []).filter(
        (s) => !link || normUrl(s.section_url ?? "").split("#")[0] === page,
      );
      const target = named.length === 1 ? named[0]!.id : (byUrl.get(link) ?? byPage.get(page));
      return {
        id: r[col("question_id")] ?? String(i),
        text: r[col("question")] ?? "",
        qrels: new Map(target ? [[target, 1]] : []),
        answerable: true,
      };
    });
  const onTitleOnly = queries.filter((q) => [...q.qrels.keys()].some((k) => titleOnly.includes(k))).length;
  return {
    name,
    kind: "manual",
    description: [
      `${corpusFile}: ${sections.length} sections`,
      titleOnly.length ? ` (${indexed.length} indexed; ${titleOnly.length} title-only, not indexed: ${titleOnly.join(", ")})` : "",
      `, ${queries.length} questions (${queries.filter((q) => q.qrels.size > 0).length} mapped to their answering section`,
      onTitleOnly ? `, ${onTitleOnly} of them to a title-only one` : "",
      ")",
    ].join(""),
    omitted: titleOnly.map((key) => ({ key, reason: "title only: no text to index" })),
    corpus: [{ source: "manual", paths: [docsDir] }],
    profiles: [SourceProfileSchema.parse({ name: "manual", summary: "The device's user manual, one document per section" })],
    queries,
    docKey: (uri) => basename(uri.split("#")[0]!).replace(/\.md$/, ""),
    rawDocuments: async () => texts,
  };
}

/** The section's text lines without the title: the first line repeats it; "See ." lines are dangling cross-references. */
function sectionBody(s: ManualSection): string[] {
  return (s.text ?? []).slice(s.text?.[0] === s.title ? 1 : 0).filter((l) => l.trim() && l.trim() !== "See .");
}

function sectionMarkdown(s: ManualSection): string {
  return `# ${s.title}\n\n${sectionBody(s).join("\n\n")}\n`;
}

const normUrl = (u: string) => u.trim().replace(/^https?:\/\//, "");
const normPath = (p: string) =>
  p
    .split(">")
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
    .join(">");

/** Sections by their title path (`apps>samsung apps>camera>camera settings`), from `section_hierarchy`. */
function sectionsByPath(sections: readonly ManualSection[]): Map<string, ManualSection[]> {
  const byId = new Map(sections.map((s) => [s.id, s]));
  const out = new Map<string, ManualSection[]>();
  for (const s of sections) {
    if (!s.section_hierarchy) continue;
    const titles = s.section_hierarchy.split(">").map((id) => byId.get(id.trim())?.title);
    if (titles.some((t) => t === undefined)) continue;
    const key = normPath(titles.join(">"));
    out.set(key, [...(out.get(key) ?? []), s]);
  }
  return out;
}

/** RFC 4180 CSV: quoted fields may hold commas, newlines and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [],
    field = "",
    quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim()));
}
