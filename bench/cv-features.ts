/**
 * Cross-validates candidate reranker FEATURES on SciFact's TRAINING half only (the even-position
 * train queries): the shipped learner on the shipped features, against the same learner with extra
 * columns appended. Same protocol as bench/cv-reranker.ts (k folds × shuffles, the top 20 of the
 * hybrid function reranked out of fold, paired differences per query). The odd half (the frozen
 * questions) is never read. judge6 refitted with the list-relative three (`bm25_rel`, `sent_rel`,
 * `idfcov_rel`) and did not ship it: see README, "Frozen multi-corpus questions" (judge6).
 * Usage: npx tsx bench/cv-features.ts [../shared/data/scifact] [--db scratch/scifact-db] [--folds 5] [--repeats 2]
 *   (CV_ONLY=name,name limits the variants compared)
 */
import { parseArgs } from "node:util";
import { beirIdOfUri } from "../src/evaluation/beir.js";
import { mean, ndcgAtK, type Qrels } from "../src/evaluation/metrics.js";
import { rerankFeatures } from "../src/models/rerankers/features.js";
import { analyzeText } from "../src/models/rerankers/text.js";
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
    repeats: { type: "string", default: "2" },
    window: { type: "string", default: "12" },
  },
});
const WINDOW = Number(values.window);

/** Candidate columns, by name; each list's rows computed once. */
const EXTRA_NAMES = [
  "rare_has", // the passage holds the list's rarest query term that some candidate holds
  "rare2_share", // share of the two rarest such terms it holds
  "max_idf_share", // rarest term it holds, over the rarest any candidate holds
  "window_cov", // idf-weighted query coverage of its best window of WINDOW tokens
  "loose_phrase", // query bigrams found in order within a gap of 2 tokens
  "title_idf", // idf-weighted coverage of the query by the title
  "bm25_rel", // bm25_local over the list's best
  "sent_rel", // best_sentence over the list's best
  "idfcov_rel", // idf_coverage over the list's best
  "window_rel", // window_cov over the list's best
] as const;
type ExtraName = (typeof EXTRA_NAMES)[number];
const col = (n: ExtraName) => EXTRA_NAMES.indexOf(n);

function extraFeatures(text: string, hits: readonly ChunkHit[], base: number[][]): number[][] {
  const q = analyzeText(text);
  const qTerms = [...new Set(q.tokens)];
  const bigrams: [string, string][] = [];
  for (let i = 1; i < q.tokens.length; i++) bigrams.push([q.tokens[i - 1]!, q.tokens[i]!]);
  const docs = hits.map((h) => {
    const titleText = h.sectionTitle && h.sectionTitle !== h.docTitle ? `${h.docTitle} ${h.sectionTitle}` : h.docTitle;
    const title = new Set(analyzeText(titleText).tokens);
    const body = analyzeText(h.content).tokens;
    const all = new Set([...title, ...body]);
    return { title, body, all };
  });
  const n = hits.length;
  const idf = new Map<string, number>();
  const df = new Map<string, number>();
  for (const t of qTerms) {
    const d = docs.filter((x) => x.all.has(t)).length;
    df.set(t, d);
    idf.set(t, Math.log(1 + (n - d + 0.5) / (d + 0.5)));
  }
  const idfTotal = qTerms.reduce((s, t) => s + idf.get(t)!, 0) || 1;
  const present = qTerms.filter((t) => df.get(t)! > 0).sort((a, b) => idf.get(b)! - idf.get(a)!);
  const rarest = present.slice(0, 2);
  const maxIdf = present.length ? idf.get(present[0]!)! : 0;
  const rows = docs.map((d) => {
    const has = (t: string) => d.all.has(t);
    // Best window of WINDOW body tokens by distinct idf-weighted query terms.
    let windowBest = 0;
    const count = new Map<string, number>();
    let sum = 0;
    const qset = new Set(qTerms);
    for (let r = 0; r < d.body.length; r++) {
      const t = d.body[r]!;
      if (qset.has(t)) {
        const c = (count.get(t) ?? 0) + 1;
        count.set(t, c);
        if (c === 1) sum += idf.get(t)!;
      }
      const l = r - WINDOW;
      if (l >= 0) {
        const lt = d.body[l]!;
        if (qset.has(lt)) {
          const c = count.get(lt)! - 1;
          count.set(lt, c);
          if (c === 0) sum -= idf.get(lt)!;
        }
      }
      windowBest = Math.max(windowBest, sum);
    }
    // Loose phrase: a query bigram's second term within 3 positions after its first.
    const pos = new Map<string, number[]>();
    d.body.forEach((t, p) => {
      if (qset.has(t)) (pos.get(t) ?? pos.set(t, []).get(t)!).push(p);
    });
    let loose = 0;
    for (const [a, b] of bigrams) {
      const pa = pos.get(a),
        pb = pos.get(b);
      if (pa && pb && pa.some((x) => pb.some((y) => y > x && y - x <= 3))) loose++;
    }
    const titleIdf = qTerms.reduce((s, t) => s + (d.title.has(t) ? idf.get(t)! : 0), 0) / idfTotal;
    const heldMax = present.filter(has).reduce((m, t) => Math.max(m, idf.get(t)!), 0);
    return [
      rarest[0] && has(rarest[0]) ? 1 : 0,
      rarest.length ? rarest.filter(has).length / rarest.length : 0,
      maxIdf > 0 ? heldMax / maxIdf : 0,
      windowBest / idfTotal,
      bigrams.length ? loose / bigrams.length : 0,
      titleIdf,
      0,
      0,
      0,
      0,
    ];
  });
  // List-relative columns of shipped features: bm25_local (16), best_sentence (15), idf_coverage (7).
  const rel = (vals: number[]) => {
    const m = Math.max(1e-9, ...vals);
    return vals.map((v) => v / m);
  };
  const bm = rel(base.map((r) => r[16]!)),
    se = rel(base.map((r) => r[15]!)),
    ic = rel(base.map((r) => r[7]!)),
    wc = rel(rows.map((r) => r[col("window_cov")]!));
  rows.forEach((r, i) => {
    r[col("bm25_rel")] = bm[i]!;
    r[col("sent_rel")] = se[i]!;
    r[col("idfcov_rel")] = ic[i]!;
    r[col("window_rel")] = wc[i]!;
  });
  return rows;
}

const index = await openScifactIndex(positionals[0] ?? "../shared/data/scifact", values.db);
const { data, store, embeddings } = index;
const synonyms = synonymIndex(defaultRunSettings().retrieval.synonyms);
// The training half only: the odd positions are the frozen questions.
const queries = halves(data.queries).fit;

interface Pool {
  qrels: Qrels;
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
  const X100 = rerankFeatures({ text: q.text }, hits);
  const X20 = rerankFeatures({ text: q.text }, hits.slice(0, 20));
  pools.push({
    qrels,
    hits,
    X100,
    X20,
    E100: extraFeatures(q.text, hits, X100),
    E20: extraFeatures(q.text, hits.slice(0, 20), X20),
    y: hits.map((h) => ((qrels.get(beirIdOfUri(h.uri)) ?? 0) > 0 ? 1 : 0)),
  });
}
console.error(`${pools.length} training-half pools in ${((performance.now() - started) / 1000).toFixed(0)} s`);

const k = Number(values.folds);
const repeats = Number(values.repeats);
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
  extra: ExtraName[];
  params?: GbdtParams;
}
const variants: Variant[] = [
  { name: "shipped features", extra: [] },
  ...EXTRA_NAMES.map((e) => ({ name: `+ ${e}`, extra: [e] })),
  { name: "+ rarity (rare_has, rare2_share, max_idf_share)", extra: ["rare_has", "rare2_share", "max_idf_share"] },
  { name: "+ list-relative (bm25, sent, idfcov)", extra: ["bm25_rel", "sent_rel", "idfcov_rel"] },
  { name: "+ window (cov, rel)", extra: ["window_cov", "window_rel"] },
  { name: "+ all", extra: [...EXTRA_NAMES] },
  { name: "+ rel3 + title_idf", extra: ["bm25_rel", "sent_rel", "idfcov_rel", "title_idf"] },
  { name: "+ rel4 (with window_rel)", extra: ["bm25_rel", "sent_rel", "idfcov_rel", "window_rel"] },
  { name: "+ bm25_rel, sent_rel", extra: ["bm25_rel", "sent_rel"] },
  {
    name: "+ rel3, 200 trees lr 0.05",
    extra: ["bm25_rel", "sent_rel", "idfcov_rel"],
    params: { ...GBDT, trees: 200, learningRate: 0.05 },
  },
];
const only = process.env.CV_ONLY?.split(",");

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
const foldOf = Array.from({ length: repeats }, (_, r) => {
  const fold = new Array<number>(pools.length);
  shuffled(pools.length, 17 + r).forEach((p, i) => (fold[p] = i % k));
  return fold;
});

function crossValidate(v: Variant): { at20: number[] } {
  const params = v.params ?? GBDT;
  const idx = v.extra.map(col);
  const cols = (p: Pool, n: 20 | 100) => {
    const [X, E] = n === 20 ? [p.X20, p.E20] : [p.X100, p.E100];
    return X.map((row, i) => [...row, ...idx.map((j) => E[i]![j]!)]);
  };
  const at20: number[] = [];
  for (const fold of foldOf) {
    const s20 = new Array<number>(pools.length);
    for (let f = 0; f < k; f++) {
      const train = pools.filter((_, i) => fold[i] !== f);
      const X = train.flatMap((p) => [...cols(p, 100), ...cols(p, 20)]);
      const y = train.flatMap((p) => [...p.y, ...p.y.slice(0, 20)]);
      const m = boost(X, y, params);
      pools.forEach((p, i) => {
        if (fold[i] === f) s20[i] = ndcgOf(p, rankBy(scoreOf(m, cols(p, 20), params.learningRate)));
      });
    }
    at20.push(...s20);
  }
  return { at20 };
}
const paired = (a: number[], b: number[]) => {
  const d = a.map((x, i) => x - b[i]!);
  const m = mean(d);
  const se = Math.sqrt(mean(d.map((x) => (x - m) ** 2)) / (d.length / repeats));
  return `${m >= 0 ? "+" : ""}${m.toFixed(4)} ± ${se.toFixed(4)}`;
};

console.log(`SciFact train, even half (${pools.length} queries), ${k}-fold cross-validation × ${repeats} shuffles, window ${WINDOW}`);
const hybrid20 = mean(pools.map((p) => ndcgOf(p, [...Array(Math.min(20, p.hits.length)).keys()])));
console.log(`hybrid minmax order (no rerank): nDCG@10 ${hybrid20.toFixed(4)}`);
console.log("| features | nDCG@10 rerank top 20 | vs shipped | s |\n|---|---|---|---|");
let base: { at20: number[] } | undefined;
for (const v of variants) {
  if (base && only && !only.some((o) => v.name.includes(o))) continue;
  const t = performance.now();
  const r = crossValidate(v);
  base ??= r;
  console.log(`| ${v.name} | ${mean(r.at20).toFixed(4)} | ${paired(r.at20, base.at20)} | ${((performance.now() - t) / 1000).toFixed(0)} |`);
}
await index.close();
