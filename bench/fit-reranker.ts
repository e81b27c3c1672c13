/**
 * Fits the local reranker (and the hybrid fusion weights) on half of the SciFact train queries
 * and reports nDCG@10 on the other half and on all of them. Usage:
 *   npx tsx bench/fit-reranker.ts [../shared/data/scifact] [--db scratch/scifact-db] [--write]
 * --write saves the weights to src/models/rerankers/fusion-weights.ts with their provenance.
 * --gbdt '{"trees":200,"learningRate":0.05}' overrides the learner's settings (compare them first,
 * on the fit half only, with bench/cv-reranker.ts).
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { beirIdOfUri } from "../src/evaluation/beir.js";
import { mean, ndcgAtK, quantile, type Qrels } from "../src/evaluation/metrics.js";
import { FEATURE_NAMES, rerankFeatures } from "../src/models/rerankers/features.js";
import { LocalFusionReranker } from "../src/models/rerankers/local.js";
import type { FusionWeights, Tree } from "../src/models/rerankers/weights.js";
import { extractIdentifiers } from "../src/planner/terms.js";
import { defaultRunSettings } from "../src/config/run-settings.js";
import { expandQuery, synonymIndex } from "../src/retrieval/synonyms.js";
import type { ChunkHit } from "../src/storage/types.js";
import { boost, GBDT, model, platt, scoreOf, type GbdtParams } from "./gbdt.js";
import { halves, openScifactIndex, SCIFACT_SOURCE } from "./scifact-index.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: "string", default: "scratch/scifact-db" },
    write: { type: "boolean", default: false },
    limit: { type: "string" },
    gbdt: { type: "string" },
  },
});
const index = await openScifactIndex(positionals[0] ?? "../shared/data/scifact", values.db);
const { data, store, embeddings } = index;
const queries = values.limit ? data.queries.slice(0, Number(values.limit)) : data.queries;
const synonyms = synonymIndex(defaultRunSettings().retrieval.synonyms);
const params: GbdtParams = { ...GBDT, ...(values.gbdt ? (JSON.parse(values.gbdt) as Partial<GbdtParams>) : {}) };

interface Pool {
  id: string;
  text: string;
  qrels: Qrels;
  hits: ChunkHit[];
}
const pools: Pool[] = [];
let t = performance.now();
for (const [i, q] of queries.entries()) {
  const embedding = await embeddings.embedQuery(q.text);
  const identifiers = extractIdentifiers(q.text);
  // Every candidate of the three sides, with both raw scores, so fusion can be replayed here.
  const hits = await store.matchHybrid(expandQuery(q.text, synonyms).text, embedding, {
    limit: 400,
    filters: { sources: [SCIFACT_SOURCE] },
    fusion: { exactTerms: identifiers.length ? identifiers : undefined, candidates: 100 },
  });
  pools.push({ id: q.id, text: q.text, qrels: data.qrels.get(q.id)!, hits });
  if (i % 200 === 199) console.error(`candidates: ${i + 1}/${queries.length}`);
}
console.error(`candidate pools in ${((performance.now() - t) / 1000).toFixed(0)} s`);
const split = halves(pools);

type Ranker = (p: Pool) => ChunkHit[];
const ndcg = (ps: Pool[], rank: Ranker) =>
  mean(
    ps.map((p) =>
      ndcgAtK(
        rank(p).map((h) => beirIdOfUri(h.uri)),
        p.qrels,
        10,
      ),
    ),
  );
const by =
  (key: (h: ChunkHit) => number | null): Ranker =>
  (p) =>
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
console.log(`fusion weights (grid on the fit half): ${JSON.stringify(fusion)}, fit nDCG@10 ${bestFusion.toFixed(4)}`);
console.log(
  `  exact weight at lexical ${fusion.lexical}: ${[0, 0.05, 0.1, 0.2, 0.3].map((e) => `${e} → ${ndcg(split.fit, fuse({ ...fusion, exact: e })).toFixed(4)}`).join(", ")}`,
);
console.log(
  `  lexical weight (vector = 1 - it): ${[0.5, 0.6, 0.7, 0.8, 0.9, 1].map((l) => `${l} → ${ndcg(split.fit, fuse({ lexical: l, vector: Number((1 - l).toFixed(2)), exact: fusion.exact })).toFixed(4)}`).join(", ")}`,
);
const hybrid = fuse(fusion);

// Reranker training rows: the top 100 hybrid candidates of each query, label = abstract relevant.
const top = new Map(pools.map((p) => [p, hybrid(p).slice(0, 100)]));
const rows = new Map(pools.map((p) => [p, rerankFeatures({ text: p.text }, top.get(p)!)]));
// The graph reranks a source's max_results (20 by default): its lists' features (candidate-list
// rarity, score ranges) differ from a 100-list's, so the model also learns from 20-lists.
const rows20 = new Map(pools.map((p) => [p, rerankFeatures({ text: p.text }, top.get(p)!.slice(0, 20))]));
const label = (p: Pool, h: ChunkHit) => ((p.qrels.get(beirIdOfUri(h.uri)) ?? 0) > 0 ? 1 : 0);
const xy = (ps: Pool[]) => ({
  X: ps.flatMap((p) => [...rows.get(p)!, ...rows20.get(p)!]),
  y: ps.flatMap((p) => [...top.get(p)!, ...top.get(p)!.slice(0, 20)].map((h) => label(p, h))),
});

t = performance.now();
const fitXY = xy(split.fit);
const boosted = boost(fitXY.X, fitXY.y, params);
// Platt scaling on out-of-fold scores: trees scored on their own training rows are overconfident.
const folds = halves(split.fit);
const oof = [
  [folds.fit, folds.heldOut],
  [folds.heldOut, folds.fit],
].map(([train, test]) => {
  const m = boost(xy(train!).X, xy(train!).y, params);
  return { s: scoreOf(m, xy(test!).X, params.learningRate), y: xy(test!).y };
});
const platX = oof.flatMap((o) => o.s),
  platY = oof.flatMap((o) => o.y);
console.error(`boosted trees (3 fits) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
const reranked = (weights: FusionWeights, depth = 100): Ranker => {
  const r = new LocalFusionReranker(weights);
  return (p) => {
    const hits = top.get(p)!.slice(0, depth);
    return r.rerank({ text: p.text }, hits).map((x) => hits[x.index]!);
  };
};

const { a, b } = platt(platX, platY);
const final = model(boosted, { a, b }, params.learningRate);

// Calibration check on the held-out half: how often is a result above each cut relevant?
const reranker = new LocalFusionReranker(final);
const cuts = [0.5, 0.65, 0.8].map((cut) => {
  const above = split.heldOut.flatMap((p) =>
    reranker
      .rerank({ text: p.text }, top.get(p)!)
      .filter((x) => x.relevance >= cut)
      .map((x) => label(p, top.get(p)![x.index]!)),
  );
  return { cut, results: above.length, precision: Number(mean(above).toFixed(3)) };
});
const latency = pools.map((p) => {
  const s = performance.now();
  reranker.rerank({ text: p.text }, top.get(p)!);
  return performance.now() - s;
});

const systems: [string, Ranker][] = [
  ["BM25 (SQL)", by((h) => (h.lexicalRank ? -h.lexicalRank : null))],
  ["dense (local/use-lite)", by((h) => (h.vectorRank ? -h.vectorRank : null))],
  [`hybrid minmax ${fusion.lexical}/${fusion.vector}/${fusion.exact}`, hybrid],
  ["hybrid RRF k=60", rrf],
  ["hybrid + local rerank (top 20)", reranked(final, 20)],
  ["hybrid + local rerank (top 100)", reranked(final)],
];
const table = systems.map(([name, rank]) => ({
  system: name,
  heldOut: Number(ndcg(split.heldOut, rank).toFixed(4)),
  fit: Number(ndcg(split.fit, rank).toFixed(4)),
  all: Number(ndcg(pools, rank).toFixed(4)),
}));
console.log(`SciFact train, ${pools.length} queries: fit on ${split.fit.length} (even positions), held out ${split.heldOut.length} (odd)`);
console.log("| system | nDCG@10 held-out | nDCG@10 fit half | nDCG@10 all |\n|---|---|---|---|");
for (const r of table) console.log(`| ${r.system} | ${r.heldOut.toFixed(4)} | ${r.fit.toFixed(4)} | ${r.all.toFixed(4)} |`);
const used = FEATURE_NAMES.map((f, j) => [f, final.trees.filter((tr) => JSON.stringify(tr).includes(`"f":${j},`)).length] as const);
console.log(`trees using each feature: ${used.map(([f, n]) => `${f} ${n}`).join(", ")}; Platt a ${a.toFixed(3)} b ${b.toFixed(3)}`);
console.log(`held-out precision at relevance cuts: ${JSON.stringify(cuts)}`);
console.log(
  `rerank latency per query (100 candidates): p50 ${quantile(latency, 0.5).toFixed(2)} ms, p95 ${quantile(latency, 0.95).toFixed(2)} ms`,
);

if (values.write) {
  const metric = Object.fromEntries(table.map((r) => [r.system, { heldOut: r.heldOut, all: r.all }]));
  final.provenance = {
    dataset: "BEIR SciFact (corpus 5,183 abstracts)",
    split: "train",
    date: new Date().toISOString().slice(0, 10),
    fitted_on: `${split.fit.length} train queries at even positions of queries.jsonl order; held out: ${split.heldOut.length} at odd positions`,
    candidates:
      "top 100 and top 20 of sw_match_hybrid (minmax) per query, local/use-lite embeddings, default synonyms, planner identifiers as exact terms",
    method: `gradient-boosted trees on the logistic loss (${JSON.stringify(params)}), pointwise relevant/not; Platt scaling on 2-fold out-of-fold scores of the fit half`,
    fusion_weights: fusion,
    metric_ndcg10: metric,
    relevance_precision_heldout: cuts,
    script: "bench/fit-reranker.ts",
  };
  const num = (x: number) => Number(x.toPrecision(6));
  // Thresholds keep full precision: they decide which side a value falls on.
  const compact = (tr: Tree): Tree => (typeof tr === "number" ? num(tr) : { f: tr.f, t: tr.t, l: compact(tr.l), r: compact(tr.r) });
  const head = JSON.stringify(
    {
      model: final.model,
      features: final.features,
      bias: num(final.bias),
      learningRate: final.learningRate,
      calibration: { a: num(a), b: num(b) },
      provenance: final.provenance,
    },
    null,
    2,
  );
  const trees = final.trees.map((tr) => `    ${JSON.stringify(compact(tr))},`).join("\n");
  const body = `${head.slice(0, -2)},\n  "trees": [\n${trees}\n  ]\n}`;
  writeFileSync(
    "src/models/rerankers/fusion-weights.ts",
    `import type { FusionWeights } from "./weights.js";\n\n/** Fitted by bench/fit-reranker.ts (see provenance); regenerate with \`npx tsx bench/fit-reranker.ts --write\`, do not edit. */\nexport const FUSION_WEIGHTS: FusionWeights = ${body};\n`,
  );
  console.log("wrote src/models/rerankers/fusion-weights.ts");
}
await index.close();
