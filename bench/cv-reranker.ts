/**
 * Cross-validates learner settings of the local reranker on SciFact's TRAINING half only (the
 * even-position train queries, what bench/fit-reranker.ts fits on): k folds of that half, each
 * fold's queries reranked by trees fitted on the other folds, nDCG@10 of the top 20 (what the graph
 * reranks per source) and of the top 100. The odd half (the frozen questions) is never read.
 * Repeated with shuffled folds (--repeats); each learner is compared with the shipped one per query
 * (mean paired difference ± its standard error), since single-split differences are mostly noise.
 * Usage: npx tsx bench/cv-reranker.ts [../shared/data/scifact] [--db scratch/scifact-db] [--folds 5] [--repeats 3]
 *   (CV_ONLY=name,name limits the learners compared)
 */
import { parseArgs } from "node:util";
import { beirIdOfUri } from "../src/evaluation/beir.js";
import { mean, ndcgAtK, type Qrels } from "../src/evaluation/metrics.js";
import { rerankFeatures } from "../src/models/rerankers/features.js";
import { extractIdentifiers } from "../src/planner/terms.js";
import { defaultRunSettings, DEFAULT_FUSION } from "../src/config/run-settings.js";
import { expandQuery, synonymIndex } from "../src/retrieval/synonyms.js";
import type { ChunkHit } from "../src/storage/types.js";
import { boost, GBDT, scoreOf, type GbdtParams } from "./gbdt.js";
import { halves, openScifactIndex, SCIFACT_SOURCE } from "./scifact-index.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: "string", default: "scratch/scifact-db" },
    folds: { type: "string", default: "5" },
    repeats: { type: "string", default: "3" },
  },
});
const index = await openScifactIndex(positionals[0] ?? "../shared/data/scifact", values.db);
const { data, store, embeddings } = index;
const synonyms = synonymIndex(defaultRunSettings().retrieval.synonyms);
// The training half only: the odd positions are the frozen questions.
const queries = halves(data.queries).fit;

/** Candidate columns appended to a list's feature rows. */
const extraColumns = (hits: readonly ChunkHit[]) => {
  const best = Math.max(1e-9, ...hits.map((h) => h.score));
  return hits.map((h, i) => [h.score / best, 1 / Math.log2(2 + i)]);
};

interface Pool {
  text: string;
  qrels: Qrels;
  /** The hybrid function's top 100 (default fusion weights). */
  hits: ChunkHit[];
  X100: number[][];
  X20: number[][];
  E100: number[][];
  E20: number[][];
  y: number[];
}
const pools: Pool[] = [];
const started = performance.now();
for (const q of queries) {
  const embedding = await embeddings.embedQuery(q.text);
  const ids = extractIdentifiers(q.text);
  const hits = await store.matchHybrid(expandQuery(q.text, synonyms).text, embedding, {
    limit: 100,
    filters: { sources: [SCIFACT_SOURCE] },
    fusion: {
      lexicalWeight: DEFAULT_FUSION.lexical,
      vectorWeight: DEFAULT_FUSION.vector,
      exactWeight: DEFAULT_FUSION.exact,
      exactTerms: ids.length ? ids : undefined,
    },
  });
  const qrels = data.qrels.get(q.id)!;
  pools.push({
    text: q.text,
    qrels,
    hits,
    X100: rerankFeatures({ text: q.text }, hits),
    X20: rerankFeatures({ text: q.text }, hits.slice(0, 20)),
    E100: extraColumns(hits),
    E20: extraColumns(hits.slice(0, 20)),
    y: hits.map((h) => ((qrels.get(beirIdOfUri(h.uri)) ?? 0) > 0 ? 1 : 0)),
  });
}
console.error(`${pools.length} training-half pools in ${((performance.now() - started) / 1000).toFixed(0)} s`);

const k = Number(values.folds);
const ndcgOf = (p: Pool, order: number[]) =>
  ndcgAtK(
    order.map((i) => beirIdOfUri(p.hits[i]!.uri)),
    p.qrels,
    10,
  );
const rankBy = (scores: number[]) =>
  scores
    .map((s, i) => [s, i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .map((x) => x[1]);

interface Variant {
  name: string;
  params: GbdtParams;
  /** Training lists: the top 100 and top 20 (as fit-reranker), or the top 20 only. */
  lists: "100+20" | "20";
  /** Extra columns tried before they become features: the fused score over the list's best, and the list position. */
  extra?: boolean;
}
const variants: Variant[] = [
  { name: "shipped learner", params: GBDT, lists: "100+20" },
  { name: "200 trees, lr 0.05", params: { ...GBDT, trees: 200, learningRate: 0.05 }, lists: "100+20" },
  { name: "minLeaf 50, lambda 5", params: { ...GBDT, minLeaf: 50, lambda: 5 }, lists: "100+20" },
  { name: "depth 2, 200 trees", params: { ...GBDT, depth: 2, trees: 200 }, lists: "100+20" },
  { name: "depth 4, minLeaf 40", params: { ...GBDT, depth: 4, minLeaf: 40 }, lists: "100+20" },
  { name: "60 trees", params: { ...GBDT, trees: 60 }, lists: "100+20" },
  { name: "top-20 lists only", params: GBDT, lists: "20" },
  {
    name: "300 trees lr 0.03 minLeaf 40 lambda 3",
    params: { ...GBDT, trees: 300, learningRate: 0.03, minLeaf: 40, lambda: 3 },
    lists: "100+20",
  },
  {
    name: "200 trees lr 0.05 minLeaf 50 lambda 5",
    params: { ...GBDT, trees: 200, learningRate: 0.05, minLeaf: 50, lambda: 5 },
    lists: "100+20",
  },
  { name: "top-20 lists, 200 trees lr 0.05", params: { ...GBDT, trees: 200, learningRate: 0.05 }, lists: "20" },
  { name: "+ fused score and position", params: GBDT, lists: "100+20", extra: true },
  {
    name: "+ fused score and position, 200 trees lr 0.05",
    params: { ...GBDT, trees: 200, learningRate: 0.05 },
    lists: "100+20",
    extra: true,
  },
];
const only = process.env.CV_ONLY?.split(",");

/** A seeded shuffle of positions (mulberry32), so each repeat splits the folds differently. */
function shuffled(n: number, seed: number): number[] {
  let a = seed;
  const rand = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const order = [...Array(n).keys()];
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
const repeats = Number(values.repeats);
const foldOf = Array.from({ length: repeats }, (_, r) => {
  const fold = new Array<number>(pools.length);
  shuffled(pools.length, 17 + r).forEach((p, i) => (fold[p] = i % k));
  return fold;
});

/** Per query (repeat-major), nDCG@10 with the top 20 and the top 100 reranked out of fold. */
function crossValidate(v: Variant): { at20: number[]; at100: number[] } {
  const at20: number[] = [];
  const at100: number[] = [];
  for (const fold of foldOf) {
    const s20 = new Array<number>(pools.length);
    const s100 = new Array<number>(pools.length);
    const cols = (p: Pool, n: 20 | 100) => {
      const [X, E] = n === 20 ? [p.X20, p.E20] : [p.X100, p.E100];
      return v.extra ? X.map((row, i) => [...row, ...E[i]!]) : X;
    };
    for (let f = 0; f < k; f++) {
      const train = pools.filter((_, i) => fold[i] !== f);
      const X = train.flatMap((p) => (v.lists === "20" ? cols(p, 20) : [...cols(p, 100), ...cols(p, 20)]));
      const y = train.flatMap((p) => (v.lists === "20" ? p.y.slice(0, 20) : [...p.y, ...p.y.slice(0, 20)]));
      const m = boost(X, y, v.params);
      pools.forEach((p, i) => {
        if (fold[i] !== f) return;
        s20[i] = ndcgOf(p, rankBy(scoreOf(m, cols(p, 20), v.params.learningRate)));
        s100[i] = ndcgOf(p, rankBy(scoreOf(m, cols(p, 100), v.params.learningRate)));
      });
    }
    at20.push(...s20);
    at100.push(...s100);
  }
  return { at20, at100 };
}
const paired = (a: number[], b: number[]) => {
  const d = a.map((x, i) => x - b[i]!);
  const m = mean(d);
  const se = Math.sqrt(mean(d.map((x) => (x - m) ** 2)) / (d.length / repeats));
  return `${m >= 0 ? "+" : ""}${m.toFixed(4)} ± ${se.toFixed(4)}`;
};

console.log(`SciFact train, even half (${pools.length} queries), ${k}-fold cross-validation × ${repeats} shuffles`);
const hybrid20 = mean(pools.map((p) => ndcgOf(p, [...Array(Math.min(20, p.hits.length)).keys()])));
console.log(`hybrid minmax order (no rerank): nDCG@10 ${hybrid20.toFixed(4)}`);
console.log("| learner | nDCG@10 rerank top 20 | vs shipped | nDCG@10 rerank top 100 | vs shipped | s |\n|---|---|---|---|---|---|");
let base: { at20: number[]; at100: number[] } | undefined;
for (const v of variants) {
  if (base && only && !only.some((o) => v.name.includes(o))) continue;
  const t = performance.now();
  const r = crossValidate(v);
  base ??= r;
  console.log(
    `| ${v.name} | ${mean(r.at20).toFixed(4)} | ${paired(r.at20, base.at20)} | ${mean(r.at100).toFixed(4)} | ${paired(r.at100, base.at100)} | ${((performance.now() - t) / 1000).toFixed(0)} |`,
  );
}
await index.close();
