/**
 * Routing accuracy of the planner + router alone (no retrieval): for each question, is the
 * expected source ranked first, and is it among the primary sources searched in round one?
 *
 *   npx tsx bench/routing.ts [evals/pulseq/questions.jsonl] [--split tune|heldout] [--verbose]
 *
 * Uses the offline heuristic planner, the default profiles and `local/use-lite`. Also prints an
 * ablation (prior only, + indicators, + similarity) so a change of weights shows what it buys.
 * Tune on the `tune` split only; `heldout` is for reporting.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createEmbeddings } from "../src/models/embeddings/index.js";
import { heuristicPlan } from "../src/planner/heuristic.js";
import { loadProfiles } from "../src/sources/load.js";
import { ROUTING_WEIGHTS, routeQuery } from "../src/sources/router.js";

interface Question {
  query: string;
  expected_source: string;
  relevant: string[];
  split: "tune" | "heldout";
  answerable: boolean;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { verbose: { type: "boolean", default: false }, split: { type: "string" } },
});
const file = positionals[0] ?? "evals/pulseq/questions.jsonl";
const questions = readFileSync(file, "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Question)
  .filter((q) => q.answerable && (values.split === undefined || q.split === values.split));

const profiles = loadProfiles();
const embeddings = await createEmbeddings("local/use-lite", { workers: 0 });

interface Outcome {
  q: Question;
  top1: boolean;
  inPrimary: boolean;
  intent: string;
  got: string[];
  primary: string[];
  reason: string;
}

async function run(): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const q of questions) {
    const plan = heuristicPlan(q.query, { profiles });
    const route = await routeQuery({ question: q.query, plan, profiles, embeddings });
    out.push({
      q,
      top1: route.sources[0] === q.expected_source,
      inPrimary: route.primary.includes(q.expected_source),
      intent: plan.intent,
      got: route.sources,
      primary: route.primary,
      reason: route.reason,
    });
  }
  return out;
}

const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}% (${n}/${d})`;

function summary(label: string, outcomes: Outcome[]): void {
  for (const split of ["tune", "heldout"] as const) {
    const s = outcomes.filter((o) => o.q.split === split);
    if (s.length === 0) continue;
    const primaries = s.reduce((a, o) => a + o.primary.length, 0) / Math.max(1, s.length);
    console.log(
      `${label.padEnd(22)} ${split.padEnd(8)} top-1 ${pct(s.filter((o) => o.top1).length, s.length).padEnd(14)} in primary ${pct(s.filter((o) => o.inPrimary).length, s.length).padEnd(14)} mean primary ${primaries.toFixed(2)}`,
    );
  }
}

const saved = { ...ROUTING_WEIGHTS };
const ablations: Array<[string, Partial<typeof ROUTING_WEIGHTS>]> = [
  ["similarity only", { prior: [0], indicators: 0 }],
  ["indicators only", { prior: [0], similarity: 0 }],
  ["prior only", { indicators: 0, similarity: 0 }],
  ["prior + indicators", { similarity: 0 }],
  ["prior + similarity", { indicators: 0 }],
  ["all signals", {}],
];
let full: Outcome[] = [];
for (const [label, change] of ablations) {
  Object.assign(ROUTING_WEIGHTS, saved, change);
  const outcomes = await run();
  summary(label, outcomes);
  if (label === "all signals") full = outcomes;
}
Object.assign(ROUTING_WEIGHTS, saved);

console.log("\nmisses (all signals):");
for (const o of full.filter((x) => !x.top1 || values.verbose)) {
  console.log(
    `  [${o.q.split}] ${o.top1 ? "ok  " : "MISS"} ${o.q.query}\n         expected ${o.q.expected_source}, got ${o.got.join(" > ")} (intent ${o.intent}, primary ${o.primary.join(",")})`,
  );
  if (values.verbose || !o.top1) console.log(`         ${o.reason}`);
}
await embeddings.close();
