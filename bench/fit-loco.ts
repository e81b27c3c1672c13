/**
 * Fits the local reranker leave-one-corpus-out on the training parts of the frozen corpora (never
 * on their frozen questions): synthetic queries from each corpus's headings and doc comments
 * (section titles and the first sentence of an entry), and SciFact's even-position train queries.
 * Writes eval-results/loco/without-<corpus>.json for each corpus and all.json (every training
 * part), each with its provenance. The corpora's databases are those of `npm run eval:frozen`
 * (.sourcewise/eval/<corpus>); run that first.
 * Each corpus's training rows are kept in <out>/pools-<corpus>.json; `--pools-only a,b` computes
 * those of some corpora and stops, `--db corpus=path` reads a corpus from another database.
 * Usage: npx tsx bench/fit-loco.ts [--per-corpus 150] [--out eval-results/loco]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { defaultRunSettings } from "../src/config/run-settings.js";
import { beirDataset } from "../src/evaluation/datasets/beir.js";
import { beirIdOfUri } from "../src/evaluation/beir.js";
import { mean } from "../src/evaluation/metrics.js";
import { withCache } from "../src/models/embeddings/cache.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import { rerankFeatures } from "../src/models/rerankers/features.js";
import { extractIdentifiers } from "../src/planner/terms.js";
import { expandQuery, synonymIndex } from "../src/retrieval/synonyms.js";
import { openPGliteStore } from "../src/storage/pglite.js";
import type { ChunkHit } from "../src/storage/types.js";
import { FROZEN } from "../evals/frozen-suite.js";
import { ROOT } from "../evals/run-dataset.js";
import { boost, GBDT, model, platt, scoreOf } from "./gbdt.js";

const { values } = parseArgs({
  options: {
    "per-corpus": { type: "string", default: "150" },
    out: { type: "string", default: join(ROOT, "eval-results", "loco") },
    "pools-only": { type: "string" },
    db: { type: "string", multiple: true, default: [] },
  },
});
const dbOf = new Map(values.db.map((d) => d.split("=") as [string, string]));
const perCorpus = Number(values["per-corpus"]);
const synonyms = synonymIndex(defaultRunSettings().retrieval.synonyms);

/** One training query: its text, the document keys that answer it, and its candidates' features and labels. */
interface Pool {
  corpus: string;
  text: string;
  X: number[][];
  y: number[];
}

/** A heading or doc-comment query for a stored entry: what a user would type to find it. */
function synthetic(row: { doc_title: string; section_title: string | null; content: string }, i: number): string | null {
  const heading = row.section_title && row.section_title !== row.doc_title ? row.section_title : row.doc_title;
  if (i % 2 === 0 && heading && heading.length >= 4)
    return heading.length < 25 ? `${heading} ${row.doc_title === heading ? "" : row.doc_title}`.trim() : heading;
  // The first sentence of the entry (a docstring's summary, a section's lead), without its heading.
  const body = row.content
    .replace(heading ?? "", " ")
    .replace(/[%#*/\\`|=_-]{2,}/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const sentence =
    body
      .split(/(?<=[.!?])\s/)[0]
      ?.split(" ")
      .slice(0, 16)
      .join(" ") ?? "";
  return sentence.split(" ").length >= 4 ? sentence : null;
}

mkdirSync(values.out, { recursive: true });
const model0 = await createEmbeddings("local/use-lite", { workers: 2 });
const pools: Pool[] = [];
const poolFile = (corpus: string) => join(values.out, `pools-${corpus}.json`);
for (const corpus of FROZEN) {
  if (values["pools-only"] && !values["pools-only"].split(",").includes(corpus)) continue;
  if (!values["pools-only"] && existsSync(poolFile(corpus))) {
    pools.push(...(JSON.parse(readFileSync(poolFile(corpus), "utf8")) as Pool[]));
    continue;
  }
  const db = dbOf.get(corpus) ?? join(ROOT, ".sourcewise", "eval", corpus);
  if (!existsSync(db)) {
    // Fitted without this corpus's training part; the provenance lists the parts used.
    console.error(`${corpus}: no database at ${db} (run npm run eval:frozen -- --only ${corpus}); its training part is left out`);
    continue;
  }
  const store = await openPGliteStore({ path: db });
  const embeddings = withCache(model0, store.embeddingCache());
  const started = performance.now();
  let queries: { text: string; relevant: (h: ChunkHit) => boolean }[];
  if (corpus === "scifact") {
    // SciFact's training split: the even positions of train (the odd half is the unseen measure).
    const ds = await beirDataset(join(ROOT, "..", "shared", "data", "scifact"), { split: "train" });
    queries = ds.queries
      .filter((_, i) => i % 2 === 0)
      .map((q) => ({ text: q.text, relevant: (h) => (q.qrels.get(beirIdOfUri(h.uri)) ?? 0) > 0 }));
  } else {
    const { rows } = await store.client.query<{ uri: string; doc_title: string; section_title: string | null; content: string }>(
      `select d.uri, c.doc_title, c.section_title, c.content from chunks c join documents d on d.id = c.document_id
       where c.tenant_id = 'default' and c.searchable and length(c.content) > 80 order by md5(c.id::text) limit $1`,
      [perCorpus],
    );
    queries = rows.flatMap((r, i) => {
      const text = synthetic(r, i);
      // Labelled with its own section (not the whole document: most chunks of a long page would count).
      return text
        ? [
            {
              text,
              relevant: (h: ChunkHit) => h.uri.split("#")[0] === r.uri.split("#")[0] && (h.sectionTitle ?? "") === (r.section_title ?? ""),
            },
          ]
        : [];
    });
  }
  for (const q of queries) {
    const embedding = await embeddings.embedQuery(q.text);
    const ids = extractIdentifiers(q.text);
    const hits = await store.matchHybrid(expandQuery(q.text, synonyms).text, embedding, {
      limit: 50,
      fusion: { exactTerms: ids.length ? ids : undefined },
    });
    if (!hits.some(q.relevant)) continue;
    // Lists of 50 and of 20 (what the graph reranks per source), as bench/fit-reranker.ts does.
    for (const list of [hits, hits.slice(0, 20)])
      pools.push({ corpus, text: q.text, X: rerankFeatures({ text: q.text }, list), y: list.map((h) => (q.relevant(h) ? 1 : 0)) });
  }
  writeFileSync(poolFile(corpus), JSON.stringify(pools.filter((p) => p.corpus === corpus)));
  console.error(
    `${corpus}: ${queries.length} training queries, ${pools.filter((p) => p.corpus === corpus).length / 2} with a relevant candidate, ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  await store.close();
}
await model0.close();
if (values["pools-only"]) process.exit(0);

/** Trees on `train`, Platt scaling on 2-fold out-of-fold scores (trees are overconfident on their own rows). */
function fit(train: Pool[], name: string, heldOut: string | null) {
  const xy = (ps: Pool[]) => ({ X: ps.flatMap((p) => p.X), y: ps.flatMap((p) => p.y) });
  const all = xy(train);
  const trees = boost(all.X, all.y);
  const [A, B] = [train.filter((_, i) => i % 4 < 2), train.filter((_, i) => i % 4 >= 2)];
  const oof = [
    [A, B],
    [B, A],
  ].map(([tr, te]) => ({ s: scoreOf(boost(xy(tr!).X, xy(tr!).y), xy(te!).X), y: xy(te!).y }));
  const calibration = platt(
    oof.flatMap((o) => o.s),
    oof.flatMap((o) => o.y),
  );
  const w = model(trees, calibration);
  const counts = Object.fromEntries(FROZEN.map((c) => [c, train.filter((p) => p.corpus === c).length / 2]).filter(([, n]) => n));
  w.provenance = {
    date: new Date().toISOString().slice(0, 10),
    fitted_on: `training parts of ${Object.keys(counts).join(", ")} (queries: ${JSON.stringify(counts)})${heldOut ? `; left out: ${heldOut} (measured on its frozen questions)` : ""}`,
    training_parts:
      "synthetic queries from section titles and the first sentence of entries (headings, doc comments) of each corpus, labelled with their own section; SciFact train queries at even positions with their qrels. Never the frozen questions of evals/frozen.",
    candidates:
      "top 50 and top 20 of sw_match_hybrid (minmax, default weights) per query, local/use-lite embeddings, default synonyms, planner identifiers as exact terms",
    method: `gradient-boosted trees on the logistic loss (${JSON.stringify(GBDT)}), pointwise relevant/not; Platt scaling on 2-fold out-of-fold scores`,
    base_rate: Number(mean(all.y).toFixed(4)),
  };
  writeFileSync(join(values.out, `${name}.json`), JSON.stringify(w));
  console.error(`${name}: ${all.y.length} rows, Platt a ${calibration.a.toFixed(3)} b ${calibration.b.toFixed(3)}`);
}

for (const corpus of FROZEN)
  fit(
    pools.filter((p) => p.corpus !== corpus),
    `without-${corpus}`,
    corpus,
  );
fit(pools, "all", null);
