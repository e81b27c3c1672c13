/**
 * The frozen Pulseq set (evals/pulseq-frozen, issue 12): hit@5 of the full graph plus answer
 * checks: for `params` questions, the share of the entry's parsed parameters (the code loader's
 * own parse of the labelled file) that the answer names; for `code` questions, a fenced code block
 * holding lines of a labelled file that the answer cites; for `spec` questions, a citation of the
 * specification covering a labelled page. Figures print at the end (and as JSON with --json).
 * The blind set (evals/pulseq-blind, written before any run on it) goes through the same runner.
 * Usage: npm run bench:pulseq -- ../shared/data --set frozen|blind [--verbose] [--json]
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { codeLoader } from "../src/ingestion/loaders/code.js";
import { checkCitations } from "../src/evaluation/judges.js";
import type { Citation, ContextBlock, RankedChunk } from "../src/state/types.js";
import type { createGraph } from "../src/graph/graph.js";

interface Question {
  query: string;
  expected_source: string;
  relevant: string[];
  kind: "api" | "example" | "spec";
  check: "params" | "returns" | "describe" | "code" | "text";
  entry?: string;
  lang?: string;
  pages?: number[];
}

export const FROZEN_SOURCES = {
  api_reference: ["pulseq/matlab/+mr", "pypulseq/src/pypulseq"],
  docs: ["pulseq/doc", "pulseq-website"],
  examples: ["pulseq/matlab/demoSeq", "pypulseq/examples/scripts"],
};

/** The question files the frozen runner reads, by `--set` name. */
export const FROZEN_SETS = {
  frozen: "evals/pulseq-frozen/questions.jsonl",
  blind: "evals/pulseq-blind/questions.jsonl",
  blind2: "evals/pulseq-blind2/questions.jsonl",
  blind3: "evals/pulseq-blind3/questions.jsonl",
  blind4: "evals/pulseq-blind4/questions.jsonl",
  blind5: "evals/pulseq-blind5/questions.jsonl",
  blind6: "evals/pulseq-blind6/questions.jsonl",
  blind7: "evals/pulseq-blind7/questions.jsonl",
  blind8: "evals/pulseq-blind8/questions.jsonl",
  blind9: "evals/pulseq-blind9/questions.jsonl",
  blind10: "evals/pulseq-blind10/questions.jsonl",
  blind11: "evals/pulseq-blind11/questions.jsonl",
  blind12: "evals/pulseq-blind12/questions.jsonl",
  blind13: "evals/pulseq-blind13/questions.jsonl",
  blind14: "evals/pulseq-blind14/questions.jsonl",
  blind15: "evals/pulseq-blind15/questions.jsonl",
  blind16: "evals/pulseq-blind16/questions.jsonl",
  blind17: "evals/pulseq-blind17/questions.jsonl",
  blind18: "evals/pulseq-blind18/questions.jsonl",
  blind19: "evals/pulseq-blind19/questions.jsonl",
  blind20: "evals/pulseq-blind20/questions.jsonl",
  blind21: "evals/pulseq-blind21/questions.jsonl",
  blind22: "evals/pulseq-blind22/questions.jsonl",
  blind23: "evals/pulseq-blind23/questions.jsonl",
  blind24: "evals/pulseq-blind24/questions.jsonl",
  blind25: "evals/pulseq-blind25/questions.jsonl",
} as const;

export function frozenQuestions(file: string = FROZEN_SETS.frozen): Question[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Question);
}

/** The parameter names the code loader parses for `entry` in `file`. */
async function parsedParams(file: string, entry: string): Promise<string[]> {
  const [doc] = await codeLoader.load({ path: file, bytes: new Uint8Array(readFileSync(file)) });
  const section = doc?.sections.find((s) => s.metadata?.name === entry) ?? doc?.sections.find((s) => s.path.at(-1) === entry);
  const params = (section?.metadata?.params ?? []) as { name: string }[];
  return params
    .map((p) => p.name.replace(/^(\*+|\.\.\.)/, ""))
    .filter((n) => n && n !== "varargin" && n !== "self" && n !== "kwargs" && n !== "args");
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether a fenced block of the answer is code of one of the files: at least three of its
 * non-trivial lines are lines of that file, and they are most of its non-trivial lines (demos share
 * boilerplate such as `seq=mr.Sequence(sys);`, so three shared lines alone do not say which file a
 * block comes from).
 */
export function fencedFrom(answer: string, files: string[], read: (file: string) => string = (f) => readFileSync(f, "utf8")): boolean {
  const fences = [...answer.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].map((m) => m[1]!);
  if (fences.length === 0) return false;
  const nonTrivial = (text: string) =>
    text
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l.length > 12);
  for (const f of files) {
    const lines = new Set(nonTrivial(read(f)));
    for (const fence of fences) {
      const own = nonTrivial(fence);
      const shared = own.filter((l) => lines.has(l)).length;
      if (shared >= 3 && shared >= own.length / 2) return true;
    }
  }
  return false;
}

export async function runFrozen(
  graph: ReturnType<typeof createGraph>,
  data: string,
  { verbose, json, questions }: { verbose: boolean; json: boolean; questions?: string },
) {
  const qs = frozenQuestions(questions);
  const rows: Record<string, unknown>[] = [];
  let hits = 0;
  let routed = 0;
  const paramShares: number[] = [];
  let codeOk = 0;
  let codeN = 0;
  let pageOk = 0;
  let pageN = 0;
  let citeOk = 0;
  const markers = { markers: 0, resolved: 0, supported: 0, gaps: 0, answers: 0 };
  const verdicts: Record<string, number> = {};
  for (const q of qs) {
    let ranked: RankedChunk[] = [];
    let first: string | undefined;
    let answer = "";
    let citations: Citation[] = [];
    let context: ContextBlock[] = [];
    let verdict: string | undefined;
    for await (const update of await graph.stream({ question: q.query }, { streamMode: "updates" })) {
      const u = update as Record<
        string,
        {
          ranked?: RankedChunk[];
          route?: { sources: string[] };
          answer?: string;
          citations?: Citation[];
          context?: ContextBlock[];
          verdict?: string;
        }
      >;
      for (const node of ["expand", "generate"]) if (u[node]?.context) context = u[node]!.context!;
      if (u.rerank?.ranked) ranked = u.rerank.ranked;
      if (u.router?.route && first === undefined) first = u.router.route.sources[0];
      for (const node of ["generate", "clarify"]) {
        if (u[node]?.answer) answer = u[node]!.answer!;
        if (u[node]?.citations) citations = u[node]!.citations!;
        if (u[node]?.verdict) verdict = u[node]!.verdict;
      }
    }
    // Citation validity (the eval judge's check) and dense numbering: cited numbers are 1..n.
    const check = checkCitations({ answer, citations, context });
    markers.markers += check.markers;
    markers.resolved += check.resolved;
    markers.supported += check.supported;
    if (citations.length) {
      markers.answers++;
      if (citations.some((c, i) => c.n !== i + 1)) markers.gaps++;
    }
    const relevant = q.relevant.map((r) => join(data, r));
    const isRelevant = (uri: string) => relevant.includes(uri.split("#")[0]!);
    const top5 = [...new Set(ranked.map((r) => r.uri))].slice(0, 5);
    const hit = top5.some(isRelevant);
    hits += hit ? 1 : 0;
    routed += first === q.expected_source ? 1 : 0;
    const cited = citations.some((c) => isRelevant(c.uri));
    citeOk += cited ? 1 : 0;
    verdicts[verdict ?? "none"] = (verdicts[verdict ?? "none"] ?? 0) + 1;
    const row: Record<string, unknown> = {
      query: q.query,
      hit,
      route: first,
      cited,
      verdict,
      supported: `${check.supported}/${check.markers}`,
    };
    if (q.check === "params" && q.entry) {
      const names = await parsedParams(relevant[0]!, q.entry);
      if (names.length > 0) {
        const named = names.filter((n) => new RegExp(`(?<![\\w])${escape(n)}(?![\\w])`).test(answer));
        paramShares.push(named.length / names.length);
        row.params = `${named.length}/${names.length}`;
        row.missing = names.filter((n) => !named.includes(n));
      }
    }
    if (q.check === "code") {
      codeN++;
      // The fenced code must come from a labelled file the answer cites, not from another file beside a citation of it.
      const citedFiles = relevant.filter((f) => citations.some((c) => c.uri.split("#")[0] === f));
      const ok = fencedFrom(answer, citedFiles);
      codeOk += ok ? 1 : 0;
      row.code = ok;
    }
    if (q.pages) {
      pageN++;
      const ok = citations.some(
        (c) => isRelevant(c.uri) && c.page_start !== null && q.pages!.some((p) => p >= c.page_start! && p <= (c.page_end ?? c.page_start!)),
      );
      pageOk += ok ? 1 : 0;
      row.page = ok;
    }
    rows.push(row);
    if (verbose || !hit || row.code === false || (row.params && (row.missing as string[]).length > 0)) {
      console.log(
        `${hit ? "hit " : "MISS"} ${first === q.expected_source ? "" : `route ${first} `}[${verdict ?? "none"}] ${q.query}${row.params ? ` params ${row.params}` : ""}${row.code !== undefined ? ` code ${row.code}` : ""}${row.page !== undefined ? ` page ${row.page}` : ""} citations supported ${String(row.supported)}`,
      );
      if (!hit) console.log(`    top5: ${top5.map((u) => u.replace(`${data}/`, "")).join(", ")}`);
      if (verbose)
        console.log(
          answer
            .split("\n")
            .map((l) => `    | ${l}`)
            .join("\n"),
        );
    }
  }
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : "n/a");
  const meanParams = paramShares.length ? paramShares.reduce((a, b) => a + b, 0) / paramShares.length : 0;
  const full = paramShares.filter((s) => s >= 0.9).length;
  const summary = {
    questions: qs.length,
    hit5: pct(hits, qs.length),
    routing: pct(routed, qs.length),
    citesRelevantFile: pct(citeOk, qs.length),
    paramsMeanShare: `${(100 * meanParams).toFixed(1)}% over ${paramShares.length} params questions`,
    paramsAnswersAtLeast90: `${full}/${paramShares.length}`,
    exampleFencedFromRightFile: `${codeOk}/${codeN} (${pct(codeOk, codeN)})`,
    specPageCited: `${pageOk}/${pageN}`,
    citationValidity: `${pct(markers.supported, markers.markers)} (${markers.supported}/${markers.markers} supported, ${markers.resolved} resolved)`,
    citationsNotDense: `${markers.gaps}/${markers.answers} answers`,
    verdicts,
    byKind: Object.fromEntries(
      ["api", "example", "spec"].map((k) => {
        const idx = qs.map((q, i) => [q, i] as const).filter(([q]) => q.kind === k);
        return [k, pct(idx.filter(([, i]) => rows[i]!.hit).length, idx.length)];
      }),
    ),
    pythonHit5: pct(qs.filter((q, i) => q.lang === "python" && rows[i]!.hit).length, qs.filter((q) => q.lang === "python").length),
    matlabHit5: pct(qs.filter((q, i) => q.lang === "matlab" && rows[i]!.hit).length, qs.filter((q) => q.lang === "matlab").length),
  };
  console.log(JSON.stringify(summary, null, 2));
  if (json) console.log(JSON.stringify(rows));
}
