/**
 * Page-precise retrieval in long PDFs (issue 12): page hit@5, page accuracy of the citations and
 * citation validity on `evals/longpdf` (the Valgrind, Nettle and bzip2 manuals, gunzipped from
 * /usr/share/doc into `.sourcewise/corpora/longpdf`, outside git) and on `evals/pdfs`.
 * Full graph with the offline defaults, BM25 beside it; databases under `.sourcewise/eval/<name>`
 * (a second run embeds nothing), reports under `eval-results/<name>`.
 * Usage: npm run eval:longpdf [-- --only longpdf] [--json out.json]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import type { EvalResults } from "../src/evaluation/results.js";
import { evalDatasetWithQuestions, ROOT } from "./run-dataset.js";

/** The long PDFs: Debian's documentation packages `valgrind`, `nettle-dev` and `bzip2`. */
export const LONG_PDFS: Record<string, string> = {
  "valgrind_manual.pdf": "/usr/share/doc/valgrind/valgrind_manual.pdf.gz",
  "nettle.pdf": "/usr/share/doc/nettle-dev/nettle.pdf.gz",
  "bzip2-manual.pdf": "/usr/share/doc/bzip2/manual.pdf.gz",
};

/** Gunzips the manuals into `.sourcewise/corpora/longpdf` (once); names the ones missing. */
export function setupLongPdfs(dir = join(ROOT, ".sourcewise", "corpora", "longpdf")): string[] {
  mkdirSync(dir, { recursive: true });
  const missing: string[] = [];
  for (const [name, gz] of Object.entries(LONG_PDFS)) {
    const out = join(dir, name);
    if (existsSync(out)) continue;
    if (!existsSync(gz)) missing.push(gz);
    else writeFileSync(out, gunzipSync(readFileSync(gz)));
  }
  return missing;
}

/** One set's summary line. */
export interface LongPdfRow {
  set: string;
  questions: number;
  pageHit5: string;
  pageHit5Precise: string;
  meanTop5Pages: number | null;
  meanCitedPages: number | null;
  pageAccuracy: string;
  citationValidity: string;
  hit5: string;
  ndcg10: number;
  bm25Ndcg10: number | undefined;
  misses: string[];
}

/** Runs one page-labelled set (`evals/<set>/questions.jsonl`) and summarises its page figures. */
export async function runSet(set: string): Promise<{ row: LongPdfRow; results: EvalResults }> {
  const file = join(ROOT, "evals", set, "questions.jsonl");
  const { results: r, dataset } = await evalDatasetWithQuestions(file, { baselines: ["bm25"], suite: "npm run eval:longpdf" });
  const frac = (
    x: { hits?: number; supported?: number; n?: number; markers?: number } | null | undefined,
    rate: number | null | undefined,
  ) => (x && rate !== null && rate !== undefined ? `${(rate * 100).toFixed(1)}% (${x.hits ?? x.supported}/${x.n ?? x.markers})` : "n/a");
  const g = r.graph;
  const row = {
    set,
    questions: r.dataset.questions,
    pageHit5: frac(g.pageHit5, g.pageHit5?.rate),
    pageHit5Precise: frac(g.pageHit5 && { hits: g.pageHit5.precise, n: g.pageHit5.n }, g.pageHit5?.preciseRate),
    meanTop5Pages: g.pageHit5?.meanPages ?? null,
    meanCitedPages: g.pages?.meanPages ?? null,
    pageAccuracy: frac(g.pages, g.pages?.accuracy),
    citationValidity: frac(g.citations, g.citations.validity),
    hit5: frac(g.hit5, g.hit5?.rate),
    ndcg10: r.methods.find((m) => m.id === "graph")!.metrics.ndcg10,
    bm25Ndcg10: r.methods.find((m) => m.id === "bm25")?.metrics.ndcg10,
    misses: r.perQuery.graph!.filter((q) => q.pageHit5 === false).map((q) => dataset.queries.find((x) => x.id === q.id)!.text),
  };
  return { row, results: r };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { only: { type: "string" }, json: { type: "string" } } });
  const missing = setupLongPdfs();
  if (missing.length) throw new Error(`missing ${missing.join(", ")}: apt-get install valgrind nettle-dev bzip2`);
  const sets = values.only ? values.only.split(",") : ["longpdf", "pdfs"];
  const rows: LongPdfRow[] = [];
  for (const set of sets) {
    const { row } = await runSet(set);
    rows.push(row);
    console.log(`\n${set}: ${row.questions} questions`);
    console.log(
      `  page hit@5 ${row.pageHit5} | by a chunk of <= 2 pages ${row.pageHit5Precise} | mean pages of a top-5 chunk ${row.meanTop5Pages?.toFixed(2)}`,
    );
    console.log(
      `  page accuracy (citations) ${row.pageAccuracy} | mean pages of a citation ${row.meanCitedPages?.toFixed(2)} | citation validity ${row.citationValidity}`,
    );
    console.log(`  hit@5 (document) ${row.hit5} | nDCG@10 graph ${row.ndcg10.toFixed(4)}, BM25 ${row.bm25Ndcg10?.toFixed(4) ?? "n/a"}`);
    for (const m of row.misses) console.log(`  page miss: ${m}`);
  }
  if (values.json) writeFileSync(values.json, JSON.stringify(rows, null, 2));
}

// Run as a script (npm run eval:longpdf), not when evals/longpdf.eval.ts imports the helpers.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
