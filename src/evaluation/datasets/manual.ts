import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { SourcewiseError } from "../../errors.js";
import { SourceProfileSchema } from "../../sources/profile.js";
import type { EvalDataset } from "./types.js";

interface ManualSection { id: string; title: string; text: string[]; section_url?: string }

/**
 * A sectioned manual with QA pairs whose answer is one section (E-Manual S10 layout:
 * `*_manual_corpus.json` + `*_questions.csv` with `question` and `section_link`). Each section is
 * written once as a Markdown file under `workDir` so the ordinary ingestion (and its cache) applies.
 * @example
 * const ds = await manualDataset("../shared/data/emanual-s10", ".sourcewise/eval/emanual-s10");
 */
export async function manualDataset(dir: string, workDir: string, name = "emanual-s10"): Promise<EvalDataset> {
  const root = resolve(dir);
  const { readdirSync } = await import("node:fs");
  const files = readdirSync(root);
  const corpusFile = files.find((f) => f.endsWith("_manual_corpus.json"));
  const qaFile = files.find((f) => f.endsWith("_questions.csv"));
  if (!corpusFile || !qaFile) {
    throw new SourcewiseError("dataset_missing", `no *_manual_corpus.json and *_questions.csv in ${root}`, {
      hint: "A manual dataset folder holds the sections JSON and the questions CSV.", data: { path: root },
    });
  }
  const raw = JSON.parse(await readFile(join(root, corpusFile), "utf8")) as Record<string, ManualSection>;
  const sections = Object.entries(raw).map(([id, s]) => ({ ...s, id: s.id ?? id }));
  const docsDir = join(resolve(workDir), "corpus");
  await mkdir(docsDir, { recursive: true });
  const texts = sections.map((s) => ({ key: s.id, text: sectionMarkdown(s) }));
  for (const t of texts) {
    const path = join(docsDir, `${t.key}.md`);
    // Rewriting an unchanged file is harmless (ingestion hashes content) but skipping it keeps runs quiet.
    if (!existsSync(path) || (await readFile(path, "utf8")) !== t.text) await writeFile(path, t.text);
  }
  const byUrl = new Map(sections.map((s) => [normUrl(s.section_url ?? ""), s.id]));
  const byPage = new Map<string, string>();
  for (const s of sections) if (!byPage.has(normUrl(s.section_url ?? "").split("#")[0]!)) byPage.set(normUrl(s.section_url ?? "").split("#")[0]!, s.id);
  const rows = parseCsv(await readFile(join(root, qaFile), "utf8"));
  const header = rows.shift() ?? [];
  const col = (n: string) => header.indexOf(n);
  const queries = rows.filter((r) => r.length >= header.length).map((r, i) => {
    const link = normUrl(r[col("section_link")] ?? "");
    const target = byUrl.get(link) ?? byPage.get(link.split("#")[0]!);
    return {
      id: r[col("question_id")] ?? String(i), text: r[col("question")] ?? "",
      qrels: new Map(target ? [[target, 1]] : []), answerable: true,
    };
  });
  return {
    name, kind: "manual",
    description: `${corpusFile}: ${sections.length} sections, ${queries.length} questions (${queries.filter((q) => q.qrels.size > 0).length} mapped to their answering section)`,
    corpus: [{ source: "manual", paths: [docsDir] }],
    profiles: [SourceProfileSchema.parse({ name: "manual", summary: "The device's user manual, one document per section" })],
    queries,
    docKey: (uri) => basename(uri.split("#")[0]!).replace(/\.md$/, ""),
    rawDocuments: async () => texts,
  };
}

function sectionMarkdown(s: ManualSection): string {
  // The first text line repeats the title; "See ." lines are dangling cross-references.
  const body = s.text.slice(s.text[0] === s.title ? 1 : 0).filter((l) => l.trim() && l.trim() !== "See .");
  return `# ${s.title}\n\n${body.join("\n\n")}\n`;
}

const normUrl = (u: string) => u.trim().replace(/^https?:\/\//, "");

/** RFC 4180 CSV: quoted fields may hold commas, newlines and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], field = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"', i++);
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") (row.push(field), (field = ""));
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field), rows.push(row), (row = []), (field = "");
    } else field += c;
  }
  if (field || row.length) (row.push(field), rows.push(row));
  return rows.filter((r) => r.some((f) => f.trim()));
}
