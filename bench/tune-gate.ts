/**
 * The gate on TRAINING questions, one line per question: the plan's key terms and constraints, every
 * round's verdict with its reason and signals, the final verdict, and nDCG@10. For finding the
 * gate's mistakes without looking at the frozen sets (evals/tuning/README.md).
 * Reads an existing database (no ingest): copy `.sourcewise/eval/<corpus>` first when the frozen
 * suite is running on it.
 * Usage: npx tsx bench/tune-gate.ts --dataset evals/tuning/scifact/questions.jsonl --db <dir> [--out x.jsonl] [--limit N]
 *   [--unanswerable-only] [--weights fitted.json]
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { DEMO_SOURCES } from "../src/cli/demo.js";
import { loadDataset } from "../src/evaluation/datasets/index.js";
import { ndcgAtK } from "../src/evaluation/metrics.js";
import { createGraph } from "../src/graph/graph.js";
import { withCache } from "../src/models/embeddings/cache.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import { openPGliteStore } from "../src/storage/pglite.js";
import { DEFAULT_TENANT } from "../src/storage/store.js";
import { ROOT } from "../evals/run-dataset.js";

const { values } = parseArgs({
  options: {
    dataset: { type: "string" },
    db: { type: "string" },
    out: { type: "string" },
    limit: { type: "string" },
    weights: { type: "string" },
    "unanswerable-only": { type: "boolean" },
    "round-top": { type: "boolean" },
  },
});
const dataset = await loadDataset(values.dataset!, { workDir: values.db!, labelled: { root: ROOT, corpus: DEMO_SOURCES } });
const store = await openPGliteStore({ path: values.db! });
const model = await createEmbeddings("local/use-lite", { workers: 1 });
const sources = dataset.corpus.map((c) => c.source);
dataset.resolveQrels?.(
  (await Promise.all(sources.map((source) => store.listDocuments({ tenant: DEFAULT_TENANT, source })))).flat().map((d) => d.uri),
);
const graph = createGraph({
  store,
  embeddings: withCache(model, store.embeddingCache()),
  profiles: dataset.profiles,
  streamScratch: true,
  ...(values.weights ? { settings: { retrieval: { rerank: { weightsPath: values.weights } } } } : {}),
});
const rows: string[] = [];
const queries = dataset.queries
  .filter((q) => !values["unanswerable-only"] || !q.answerable)
  .slice(0, values.limit ? Number(values.limit) : undefined);
const tally = { aa: 0, ab: 0, ua: 0, ub: 0, ndcg: 0, judged: 0 };
for (const q of queries) {
  const stream = await graph.stream({ question: q.text }, { streamMode: "updates" });
  const rounds: unknown[] = [];
  let plan: unknown;
  let verdict: string | undefined;
  let ranked: { uri: string; relevance: number }[] = [];
  const roundNdcg: number[] = [];
  const roundTop: [string, number, number][][] = [];
  for await (const chunk of stream as AsyncIterable<Record<string, Record<string, unknown> | undefined>>) {
    for (const u of Object.values(chunk)) {
      if (!u) continue;
      if (u.plan) plan = u.plan;
      if (u.gate) rounds.push(u.gate);
      if (u.ranked) {
        ranked = u.ranked as typeof ranked;
        if (q.qrels.size)
          roundNdcg.push(
            ndcgAtK(
              ranked.map((r) => dataset.docKey(r.uri)),
              q.qrels,
              10,
            ),
          );
        const scored = u.ranked as { uri: string; relevance: number; rerank_score: number }[];
        if (scored.length) roundTop.push(scored.slice(0, 30).map((r) => [dataset.docKey(r.uri), r.relevance, r.rerank_score]));
      }
      if (u.verdict !== undefined) verdict = u.verdict as string;
    }
  }
  const keys = ranked.map((r) => dataset.docKey(r.uri));
  const ndcg = q.qrels.size ? ndcgAtK(keys, q.qrels, 10) : null;
  if (ndcg !== null) {
    tally.ndcg += ndcg;
    tally.judged++;
  }
  const abstained = verdict === "clarify";
  if (q.answerable) abstained ? tally.ab++ : tally.aa++;
  else abstained ? tally.ub++ : tally.ua++;
  const p = plan as { key_terms?: string[]; constraints?: string[]; identifiers?: string[] } | undefined;
  const df = Object.fromEntries(
    (await store.termDf(DEFAULT_TENANT, [...new Set([...(p?.key_terms ?? []), ...(p?.constraints ?? [])])])).map((d) => [
      d.phrase,
      d.minDf,
    ]),
  );
  rows.push(
    JSON.stringify({
      id: q.id,
      text: q.text,
      answerable: q.answerable,
      verdict,
      ndcg,
      roundNdcg,
      ...(values["round-top"] ? { roundTop } : {}),
      key_terms: p?.key_terms,
      constraints: p?.constraints,
      identifiers: p?.identifiers,
      df,
      rounds,
      top: ranked.slice(0, 5).map((r) => [dataset.docKey(r.uri), Number(r.relevance.toFixed(3)), q.qrels.has(dataset.docKey(r.uri))]),
    }),
  );
}
if (values.out) writeFileSync(values.out, rows.join("\n") + "\n");
const answerable = tally.aa + tally.ab;
const unanswerable = tally.ua + tally.ub;
console.log(
  `n=${queries.length} answerable ${tally.aa}/${tally.ab} (false abstains ${((100 * tally.ab) / Math.max(1, answerable)).toFixed(1)}%)` +
    ` unanswerable ${tally.ua}/${tally.ub} (abstain recall ${((100 * tally.ub) / Math.max(1, unanswerable)).toFixed(1)}%)` +
    ` nDCG@10 ${(tally.ndcg / Math.max(1, tally.judged)).toFixed(4)} over ${tally.judged}`,
);
await model.close();
await store.close();
