/**
 * The local reranker's learner, shared by the fitting benches (bench/fit-reranker.ts on SciFact,
 * bench/fit-loco.ts across corpora): gradient-boosted regression trees on the logistic loss and
 * Platt scaling of their scores.
 */
import { mean } from "../src/evaluation/metrics.js";
import { FEATURE_NAMES } from "../src/models/rerankers/features.js";
import type { FusionWeights, Tree } from "../src/models/rerankers/weights.js";

/** Tree count, depth, shrinkage, L2 on leaves, smallest leaf, quantile bins per feature. */
export const GBDT = { trees: 100, depth: 3, learningRate: 0.1, lambda: 1, minLeaf: 20, bins: 64 };

/** The learner's settings; bench/cv-reranker.ts compares alternatives to {@link GBDT}. */
export type GbdtParams = typeof GBDT;

export const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Gradient-boosted regression trees on the logistic loss (second-order leaf values, as XGBoost),
 * with splits searched on per-feature quantile bins so one tree costs a pass over the rows.
 */
export function boost(X: number[][], y: number[], params: GbdtParams = GBDT): { trees: Tree[]; bias: number } {
  const nf = X[0]?.length ?? FEATURE_NAMES.length;
  const sorted = Array.from({ length: nf }, (_, j) => X.map((r) => r[j]!).sort((p, q) => p - q));
  const edges = sorted.map((v) => [
    ...new Set(Array.from({ length: params.bins - 1 }, (_, k) => v[Math.floor(((k + 1) * v.length) / params.bins)]!)),
  ]);
  // A split "x <= edge" is stored halfway to the next value seen, so it survives printing and
  // float noise: many rows sit exactly on an edge (it is one of their values).
  const cut = (f: number, b: number) => {
    const e = edges[f]![b]!;
    const next = sorted[f]!.find((x) => x > e);
    return next === undefined ? e : (e + next) / 2;
  };
  // bin = how many edges lie below x, so x <= edges[b] exactly when bin <= b.
  const binned = X.map((r) => r.map((x, j) => edges[j]!.filter((e) => e < x).length));
  const base = Math.log(mean(y) / (1 - mean(y)));
  const F = y.map(() => base);
  const trees: Tree[] = [];
  const grow = (idx: number[], g: number[], h: number[], depth: number): Tree => {
    const G = idx.reduce((s, i) => s + g[i]!, 0),
      H = idx.reduce((s, i) => s + h[i]!, 0);
    const leaf = -G / (H + params.lambda);
    if (depth === 0 || idx.length < 2 * params.minLeaf) return leaf;
    let best = { gain: 1e-9, f: -1, b: 0 };
    for (let f = 0; f < nf; f++) {
      const nb = edges[f]!.length + 1;
      const hg = new Float64Array(nb),
        hh = new Float64Array(nb),
        hc = new Int32Array(nb);
      for (const i of idx) {
        const b = binned[i]![f]!;
        hg[b]! += g[i]!;
        hh[b]! += h[i]!;
        hc[b]!++;
      }
      let gl = 0,
        hl = 0,
        cl = 0;
      for (let b = 0; b < nb - 1; b++) {
        gl += hg[b]!;
        hl += hh[b]!;
        cl += hc[b]!;
        if (cl < params.minLeaf || idx.length - cl < params.minLeaf) continue;
        const gain = (gl * gl) / (hl + params.lambda) + (G - gl) ** 2 / (H - hl + params.lambda) - (G * G) / (H + params.lambda);
        if (gain > best.gain) best = { gain, f, b };
      }
    }
    if (best.f < 0) return leaf;
    const left = idx.filter((i) => binned[i]![best.f]! <= best.b),
      right = idx.filter((i) => binned[i]![best.f]! > best.b);
    return { f: best.f, t: cut(best.f, best.b), l: grow(left, g, h, depth - 1), r: grow(right, g, h, depth - 1) };
  };
  const all = y.map((_, i) => i);
  for (let k = 0; k < params.trees; k++) {
    const p = F.map(sigmoid);
    const tree = grow(
      all,
      p.map((pi, i) => pi - y[i]!),
      p.map((pi) => pi * (1 - pi)),
      params.depth,
    );
    trees.push(tree);
    X.forEach((x, i) => (F[i]! += params.learningRate * treeValue(tree, x)));
  }
  return { trees, bias: base };
}

export function treeValue(tree: Tree, x: readonly number[]): number {
  let node = tree;
  while (typeof node !== "number") node = x[node.f]! <= node.t ? node.l : node.r;
  return node;
}

/** Raw scores (log-odds before calibration) of fitted trees. */
export const scoreOf = (m: { trees: Tree[]; bias: number }, X: number[][], learningRate = GBDT.learningRate) =>
  X.map((x) => m.trees.reduce<number>((s, tr) => s + learningRate * treeValue(tr, x), m.bias));

/** Fitted trees as weights the local reranker reads. */
export const model = (
  m: { trees: Tree[]; bias: number },
  calibration = { a: 1, b: 0 },
  learningRate = GBDT.learningRate,
): FusionWeights => ({
  model: "local/fusion",
  features: [...FEATURE_NAMES],
  bias: m.bias,
  learningRate,
  trees: m.trees,
  calibration,
  provenance: {},
});

/** Platt scaling (Newton steps on a, b): relevance = sigmoid(a · score + b). */
export function platt(scores: readonly number[], labels: readonly number[]): { a: number; b: number } {
  let [a, b] = [1, 0];
  for (let it = 0; it < 50; it++) {
    let [ga, gb, haa, hab, hbb] = [0, 0, 0, 0, 0];
    scores.forEach((x, i) => {
      const p = sigmoid(a * x + b),
        err = p - labels[i]!,
        h = p * (1 - p) + 1e-9;
      [ga, gb, haa, hab, hbb] = [ga + err * x, gb + err, haa + h * x * x, hab + h * x, hbb + h];
    });
    const det = haa * hbb - hab * hab;
    [a, b] = [a - (hbb * ga - hab * gb) / det, b - (haa * gb - hab * ga) / det];
  }
  return { a, b };
}
