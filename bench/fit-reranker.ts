/**
 * Fits the local reranker (and the hybrid fusion weights) on half of the SciFact train queries
 * and reports nDCG@10 on the other half and on all of them. Usage:
 *   npx tsx bench/fit-reranker.ts [../shared/data/scifact] [--db scratch/scifact-db] [--write]
 * --write saves the weights to src/models/rerankers/fusion-weights.ts with their provenance.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { beirIdOfUri } from "../src/evaluation/beir.js";
import { mean, ndcgAtK, quantile, type Qrels } from "../src/evaluation/metrics.js";
import { FEATURE_NAMES, rerankFeatures } from "../src/models/rerankers/features.js";
import { LocalFusionReranker } from "../src/models/rerankers/local.js";
import type { FusionWeights } from "../src/models/rerankers/weights.js";
import { extractIdentifiers } from "../src/planner/terms.js";
import { retrievalSettings } from "../src/retrieval/settings.js";
import { expandQuery, synonymIndex } from "../src/retrieval/synonyms.js";
import type { ChunkHit } from "../src/storage/types.js";
import { halves, openScifactIndex, SCIFACT_SOURCE } from "./scifact-index.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { db: { type: "string", default: "scratch/scifact-db" }, write: { type: "boolean", default: false }, limit: { type: "string" } },
});
const index = await openScifactIndex(positionals[0] ?? "../shared/data/scifact", values.db);
const { data, store, embeddings } = index;
const queries = values.limit ? data.queries.slice(0, Number(values.limit)) : data.queries;
const synonyms = synonymIndex(retrievalSettings(undefined).synonyms);

interface Pool { id: string; text: string; qrels: Qrels; hits: ChunkHit[] }
const pools: Pool[] = [];
let t = performance.now();
for (const [i, q] of queries.entries()) {
  const embedding = await embeddings.embedQuery(q.text);
  const identifiers = extractIdentifiers(q.text);
  // Every candidate of the three sides, with both raw scores, so fusion can be replayed here.
  const hits = await store.matchHybrid(expandQuery(q.text, synonyms).text, embedding, {
    limit: 400, filters: { sources: [SCIFACT_SOURCE] }, fusion: { exactTerms: identifiers.length ? identifiers : undefined, candidates: 100 },
  });
  pools.push({ id: q.id, text: q.text, qrels: data.qrels.get(q.id)!, hits });
  if (i % 200 === 199) console.error(`candidates: ${i + 1}/${queries.length}`);
}
console.error(`candidate pools in ${((performance.now() - t) / 1000).toFixed(0)} s`);
const split = halves(pools);

type Ranker = (p: Pool) => ChunkHit[];
const ndcg = (ps: Pool[], rank: Ranker) => mean(ps.map((p) => ndcgAtK(rank(p).map((h) => beirIdOfUri(h.uri)), p.qrels, 10)));
const by = (key: (h: ChunkHit) => number | null): Ranker => (p) =>
  p.hits.filter((h) => key(h) !== null).sort((a, b) => key(b)! - key(a)! || (a.id < b.id ? -1 : 1));

/** The SQL function's minmax fusion, replayed on its full candidate set. */
function fuse(w: { lexical: number; vector: number; exact: number }): Ranker {
  return (p) => {
    const maxL = Math.max(0, ...p.hits.map((h) => h.lexicalScore ?? 0));
    const vs = p.hits.map((h) => h.vectorScore).filter((v): v is number => v !== null);
    const [lo, hi] = [Math.min(...vs), Math.max(...vs)];
    const score = (h: ChunkHit) =>
      w.lexical * (maxL > 0 ? (h.lexicalScore ?? 0) / maxL : 0) +
      w.vector * (h.vectorScore === null ? 0 : hi > lo ? (h.vectorScore - lo) / (hi - lo) : 1) +
      w.exact * (h.exactScore ?? 0);
    return [...p.hits].sort((a, b) => score(b) - score(a) || (a.id < b.id ? -1 : 1));
  };
}
const rrf: Ranker = (p) => {
  const s = (h: ChunkHit) => (h.lexicalRank ? 1 / (60 + h.lexicalRank) : 0) + (h.vectorRank ? 1 / (60 + h.vectorRank) : 0);
  return [...p.hits].sort((a, b) => s(b) - s(a) || (a.id < b.id ? -1 : 1));
};

// Fusion weights: a grid on the fit half (lexical + vector = 1, plus the exact-identifier weight).
let fusion = { lexical: 1, vector: 0, exact: 0 };
let bestFusion = -1;
for (let l = 0; l <= 1.0001; l += 0.05) {
  for (const exact of [0, 0.05, 0.1, 0.2, 0.3]) {
    const w = { lexical: Number(l.toFixed(2)), vector: Number((1 - l).toFixed(2)), exact };
    const v = ndcg(split.fit, fuse(w));
    if (v > bestFusion + 1e-9) [bestFusion, fusion] = [v, w];
  }
}
console.error(`fusion weights (fit half): ${JSON.stringify(fusion)} nDCG@10 ${bestFusion.toFixed(4)}`);
const hybrid = fuse(fusion);

// Reranker training rows: the top 100 hybrid candidates of each query, label = abstract relevant.
const top = new Map(pools.map((p) => [p, hybrid(p).slice(0, 100)]));
const rows = new Map(pools.map((p) => [p, rerankFeatures({ text: p.text }, top.get(p)!)]));
const label = (p: Pool, h: ChunkHit) => ((p.qrels.get(beirIdOfUri(h.uri)) ?? 0) > 0 ? 1 : 0);
const fitX = split.fit.flatMap((p) => rows.get(p)!);
const fitY = split.fit.flatMap((p) => top.get(p)!.map((h) => label(p, h)));
const nf = FEATURE_NAMES.length;
const mu = FEATURE_NAMES.map((_, j) => mean(fitX.map((r) => r[j]!)));
const sd = FEATURE_NAMES.map((_, j) => Math.sqrt(mean(fitX.map((r) => (r[j]! - mu[j]!) ** 2))) || 1);
const Z = fitX.map((r) => r.map((x, j) => (x - mu[j]!) / sd[j]!));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** L2-regularised logistic regression by full-batch gradient descent with Adam steps. */
function logistic(X: number[][], y: number[], lambda = 1e-3, epochs = 3000): { w: number[]; b: number } {
  const w = new Array<number>(X[0]!.length).fill(0);
  let b = 0;
  const m = w.map(() => 0), v = w.map(() => 0);
  let mb = 0, vb = 0;
  for (let e = 1; e <= epochs; e++) {
    const g = w.map((wj) => lambda * wj);
    let gb = 0;
    X.forEach((x, i) => {
      const err = sigmoid(x.reduce((s, xj, j) => s + xj * w[j]!, b)) - y[i]!;
      x.forEach((xj, j) => (g[j]! += (err * xj) / X.length));
      gb += err / X.length;
    });
    const lr = 0.05, b1 = 0.9, b2 = 0.999;
    g.forEach((gj, j) => {
      m[j] = b1 * m[j]! + (1 - b1) * gj;
      v[j] = b2 * v[j]! + (1 - b2) * gj * gj;
      w[j]! -= (lr * (m[j]! / (1 - b1 ** e))) / (Math.sqrt(v[j]! / (1 - b2 ** e)) + 1e-8);
    });
    mb = b1 * mb + (1 - b1) * gb;
    vb = b2 * vb + (1 - b2) * gb * gb;
    b -= (lr * (mb / (1 - b1 ** e))) / (Math.sqrt(vb / (1 - b2 ** e)) + 1e-8);
  }
  return { w, b };
}

t = performance.now();
const lr = logistic(Z, fitY);
console.error(`logistic regression in ${((performance.now() - t) / 1000).toFixed(0)} s`);
const model = (w: number[], b: number, calibration = { a: 1, b: 0 }): FusionWeights => ({
  model: "local/fusion", features: [...FEATURE_NAMES], mean: mu, std: sd, weights: w, bias: b, calibration, provenance: {},
});
const reranked = (weights: FusionWeights): Ranker => {
  const r = new LocalFusionReranker(weights);
  return (p) => r.rerank({ text: p.text }, top.get(p)!).map((x) => top.get(p)![x.index]!);
};

// Coordinate ascent on the fit half's nDCG@10, from the logistic weights (ranking only, so bias-free).
// It scores the precomputed rows; the final weights are checked through LocalFusionReranker below.
const scoreOf = (p: Pool, weights: number[]) => rows.get(p)!.map((r) => r.reduce((s, x, j) => s + weights[j]! * ((x - mu[j]!) / sd[j]!), lr.b));
const byWeights = (weights: number[]): Ranker => (p) => {
  const s = scoreOf(p, weights);
  return top.get(p)!.map((h, i) => ({ h, s: s[i]!, i })).sort((x, y) => y.s - x.s || x.i - y.i).map((x) => x.h);
};
let w = [...lr.w];
let best = ndcg(split.fit, byWeights(w));
const lrFit = best;
for (let round = 0; round < 3; round++) {
  let improved = false;
  for (let j = 0; j < nf; j++) {
    for (const step of [-0.5, -0.2, -0.1, 0.1, 0.2, 0.5]) {
      const trial = w.map((x, k) => (k === j ? x + step : x));
      const v = ndcg(split.fit, byWeights(trial));
      if (v > best + 1e-4) [best, w, improved] = [v, trial, true];
    }
  }
  console.error(`coordinate ascent round ${round + 1}: fit nDCG@10 ${best.toFixed(4)} (logistic ${lrFit.toFixed(4)})`);
  if (!improved) break;
}

// Platt scaling of the final score on the fit half (Newton steps on a, b).
const platX = split.fit.flatMap((p) => scoreOf(p, w));
let [a, b] = [1, 0];
for (let it = 0; it < 50; it++) {
  let [ga, gb, haa, hab, hbb] = [0, 0, 0, 0, 0];
  platX.forEach((x, i) => {
    const p = sigmoid(a * x + b), err = p - fitY[i]!, h = p * (1 - p) + 1e-9;
    [ga, gb, haa, hab, hbb] = [ga + err * x, gb + err, haa + h * x * x, hab + h * x, hbb + h];
  });
  const det = haa * hbb - hab * hab;
  [a, b] = [a - (hbb * ga - hab * gb) / det, b - (haa * gb - hab * ga) / det];
}
const final = model(w, lr.b, { a, b });

// Calibration check on the held-out half: how often is a result above each cut relevant?
const reranker = new LocalFusionReranker(final);
const cuts = [0.5, 0.65, 0.8].map((cut) => {
  const above = split.heldOut.flatMap((p) => reranker.rerank({ text: p.text }, top.get(p)!)
    .filter((x) => x.relevance >= cut).map((x) => label(p, top.get(p)![x.index]!)));
  return { cut, results: above.length, precision: Number(mean(above).toFixed(3)) };
});
const latency = pools.map((p) => { const s = performance.now(); reranker.rerank({ text: p.text }, top.get(p)!); return performance.now() - s; });

const systems: [string, Ranker][] = [
  ["BM25 (SQL)", by((h) => (h.lexicalRank ? -h.lexicalRank : null))],
  ["dense (local/use-lite)", by((h) => (h.vectorRank ? -h.vectorRank : null))],
  [`hybrid minmax ${fusion.lexical}/${fusion.vector}/${fusion.exact}`, hybrid],
  ["hybrid RRF k=60", rrf],
  ["hybrid + local rerank (logistic only)", reranked(model(lr.w, lr.b))],
  ["hybrid + local rerank", reranked(final)],
];
const table = systems.map(([name, rank]) => ({
  system: name, heldOut: Number(ndcg(split.heldOut, rank).toFixed(4)), fit: Number(ndcg(split.fit, rank).toFixed(4)), all: Number(ndcg(pools, rank).toFixed(4)),
}));
console.log(`SciFact train, ${pools.length} queries: fit on ${split.fit.length} (even positions), held out ${split.heldOut.length} (odd)`);
console.log("| system | nDCG@10 held-out | nDCG@10 fit half | nDCG@10 all |\n|---|---|---|---|");
for (const r of table) console.log(`| ${r.system} | ${r.heldOut.toFixed(4)} | ${r.fit.toFixed(4)} | ${r.all.toFixed(4)} |`);
console.log(`weights: ${FEATURE_NAMES.map((f, j) => `${f} ${w[j]!.toFixed(3)}`).join(", ")}; Platt a ${a.toFixed(3)} b ${b.toFixed(3)}`);
console.log(`held-out precision at relevance cuts: ${JSON.stringify(cuts)}`);
console.log(`rerank latency per query (100 candidates): p50 ${quantile(latency, 0.5).toFixed(2)} ms, p95 ${quantile(latency, 0.95).toFixed(2)} ms`);

if (values.write) {
  const metric = Object.fromEntries(table.map((r) => [r.system, { heldOut: r.heldOut, all: r.all }]));
  final.provenance = {
    dataset: "BEIR SciFact (corpus 5,183 abstracts)", split: "train", date: new Date().toISOString().slice(0, 10),
    fitted_on: `${split.fit.length} train queries at even positions of queries.jsonl order; held out: ${split.heldOut.length} at odd positions`,
    candidates: "top 100 of sw_match_hybrid (minmax) per query, local/use-lite embeddings, default synonyms, planner identifiers as exact terms",
    method: "standardised features; L2 logistic regression, then coordinate ascent on nDCG@10 (fit half); Platt scaling (fit half)",
    fusion_weights: fusion, metric_ndcg10: metric, relevance_precision_heldout: cuts, script: "bench/fit-reranker.ts",
  };
  const round = (x: unknown): unknown => (typeof x === "number" ? Number(x.toFixed(6)) : Array.isArray(x) ? x.map(round) : x);
  const body = JSON.stringify({ ...final, mean: round(final.mean), std: round(final.std), weights: round(final.weights), bias: round(final.bias), calibration: { a: round(a), b: round(b) } }, null, 2);
  writeFileSync("src/models/rerankers/fusion-weights.ts",
    `import type { FusionWeights } from "./weights.js";\n\n/** Fitted by bench/fit-reranker.ts (see provenance); regenerate with \`npx tsx bench/fit-reranker.ts --write\`, do not edit. */\nexport const FUSION_WEIGHTS: FusionWeights = ${body};\n`);
  console.log("wrote src/models/rerankers/fusion-weights.ts");
}
await index.close();
