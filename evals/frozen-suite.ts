/**
 * The frozen multi-corpus suite (evals/frozen/<corpus>/questions.jsonl): for each corpus, the full
 * graph on every frozen question (offline defaults) with BM25 beside it, reports under
 * eval-results/frozen-<corpus>, and one summary row: the abstain confusion matrix, abstain recall,
 * false abstains, hit@5, strong verdicts on API questions whose file is the top hit, calibration error.
 * Databases persist under .sourcewise/eval/<corpus>, so a second run embeds nothing.
 * Usage: npm run eval:frozen [-- --only pulseq,pdfs] [--json out.json] [--set frozen2]
 * `--set frozen2` … `--set frozen10` measure the later sets (E-Manual and PostgreSQL, each written by a
 * helper before any run, after the gate's rules were designed on the earlier ones), `--set frozen11` …
 * `--set frozen15` the Git manual, `--set frozen16` … `--set frozen19` PostgreSQL questions naming the
 * user's own objects; on the same databases; `npm run eval:frozen2`.
 * Leave-one-corpus-out: `--loco eval-results/loco` measures each corpus with the reranker weights
 * fitted without it (`without-<corpus>.json`, written by bench/fit-loco.ts); `npm run eval:loco` runs both.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { EvalResults } from "../src/evaluation/results.js";
import { evalDataset, ROOT } from "./run-dataset.js";

/** The frozen corpora, in report order. */
export const FROZEN = ["pulseq", "postgres", "emanual", "pdfs", "scifact"] as const;

/**
 * Corpora with frozen questions and no training part (the Git manual, `evals/frozen11/git`): no
 * weights or threshold was ever fitted on them, so the shipped weights are their leave-one-out weights.
 */
export const UNSEEN = ["git"] as const;

/** A frozen set's questions for one corpus (`evals/<set>/<corpus>/questions.jsonl`). */
export const frozenFile = (set: string, corpus: string) => join(ROOT, "evals", set, corpus, "questions.jsonl");

/** One corpus's summary row. */
export interface FrozenRow {
  corpus: string;
  questions: number;
  confusion: EvalResults["graph"]["gate"]["confusion"];
  abstainRecall: number | null;
  falseAbstainRate: number | null;
  hit5: number | null;
  apiTopHitStrong: string;
  ece: number | null;
  ndcg10: number;
  bm25Ndcg10: number | undefined;
}

/** Runs one frozen corpus and summarises it. */
export async function runFrozen(
  corpus: string,
  { limit, weightsPath, out, set = "frozen" }: { limit?: number; weightsPath?: string; out?: string; set?: string } = {},
): Promise<{ row: FrozenRow; results: EvalResults }> {
  const file = frozenFile(set, corpus);
  const results = await evalDataset(file, {
    limit,
    weightsPath,
    baselines: ["bm25"],
    suite: set === "frozen" ? "npm run eval:frozen" : `npm run eval:frozen -- --set ${set}`,
    out: out ?? `${set}-${corpus}`,
  });
  const g = results.graph;
  const c = g.gate.confusion;
  const answerable = c.answerableAnswered + c.answerableAbstained;
  return {
    results,
    row: {
      corpus,
      questions: results.dataset.graphQuestions,
      confusion: c,
      abstainRecall: g.gate.abstainRecall,
      falseAbstainRate: answerable ? c.answerableAbstained / answerable : null,
      hit5: g.hit5?.rate ?? null,
      apiTopHitStrong: g.apiTopHitStrong ? `${g.apiTopHitStrong.strong}/${g.apiTopHitStrong.n}` : "n/a",
      ece: g.reliability?.ece ?? null,
      ndcg10: results.methods.find((m) => m.id === "graph")!.metrics.ndcg10,
      bm25Ndcg10: results.methods.find((m) => m.id === "bm25")?.metrics.ndcg10,
    },
  };
}

const pct = (x: number | null | undefined) => (x === null || x === undefined ? "n/a" : `${(100 * x).toFixed(1)}%`);

/** The README table. */
export function frozenTable(rows: FrozenRow[]): string {
  return [
    "| corpus | N | answerable answered / abstained | unanswerable answered / abstained | abstain recall | false abstains | hit@5 | strong on API top hits | ECE | nDCG@10 graph / BM25 |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.corpus} | ${r.questions} | ${r.confusion.answerableAnswered} / ${r.confusion.answerableAbstained} | ${r.confusion.unanswerableAnswered} / ${r.confusion.unanswerableAbstained} | ${pct(r.abstainRecall)} | ${pct(r.falseAbstainRate)} | ${pct(r.hit5)} | ${r.apiTopHitStrong} | ${r.ece?.toFixed(3) ?? "n/a"} | ${r.ndcg10.toFixed(3)} / ${r.bm25Ndcg10?.toFixed(3) ?? "n/a"} |`,
    ),
  ].join("\n");
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").at(-1)!)) {
  const { values } = parseArgs({
    options: {
      only: { type: "string" },
      json: { type: "string" },
      limit: { type: "string" },
      loco: { type: "string" },
      set: { type: "string", default: "frozen" },
    },
  });
  const set = values.set!;
  // A later set holds some of the corpora (frozen2: E-Manual and PostgreSQL).
  const corpora = values.only ? values.only.split(",") : [...FROZEN, ...UNSEEN].filter((c) => existsSync(frozenFile(set, c)));
  if (corpora.length === 0) throw new Error(`no questions under evals/${set}/<corpus>/questions.jsonl`);
  const rows: FrozenRow[] = [];
  for (const corpus of corpora) {
    const started = performance.now();
    const { row } = await runFrozen(corpus, {
      set,
      limit: values.limit ? Number(values.limit) : undefined,
      ...(values.loco && !(UNSEEN as readonly string[]).includes(corpus)
        ? { weightsPath: join(values.loco, `without-${corpus}.json`), out: `loco-${set === "frozen" ? "" : `${set}-`}${corpus}` }
        : {}),
    });
    rows.push(row);
    console.error(`${corpus}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
    console.log(frozenTable([row]).split("\n").at(-1));
  }
  console.log(`\n${frozenTable(rows)}`);
  if (values.json) writeFileSync(values.json, JSON.stringify(rows, null, 2));
}
