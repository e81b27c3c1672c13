/**
 * SQL BM25 versus a straightforward in-process BM25 on the same tokens (Postgres english
 * lexemes read back from chunk_terms), on a BEIR dataset. Usage:
 *   npm run bench:bm25 -- ../shared/data/scifact [--split train] [--limit N]
 */
import { parseArgs } from "node:util";
import { beirIdOfUri, readBeir } from "../src/evaluation/beir.js";
import { mean, ndcgAtK, quantile } from "../src/evaluation/metrics.js";
import { openPGliteStore } from "../src/storage/pglite.js";
import type { DocumentInput } from "../src/storage/types.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { split: { type: "string", default: "train" }, limit: { type: "string" } },
});
const dir = positionals[0] ?? "../shared/data/scifact";
const data = await readBeir(dir, values.split);
const queries = values.limit ? data.queries.slice(0, Number(values.limit)) : data.queries;
const K1 = 0.9;
const B = 0.4;

const store = await openPGliteStore({ path: "memory" });
let t = performance.now();
const inputs: DocumentInput[] = data.documents.map((d) => ({
  tenant: "default",
  source: "beir",
  uri: d.uri,
  title: d.title,
  format: "beir",
  contentHash: d.uri,
  topics: [],
  metadata: {},
  chunks: [
    {
      chunkIndex: 0,
      kind: "section",
      parentIndex: null,
      searchable: true,
      sectionTitle: null,
      sectionPath: [],
      pageStart: null,
      pageEnd: null,
      tokenCount: 0,
      content: d.sections.map((s) => s.content).join("\n"),
      metadata: {},
      embedding: null,
    },
  ],
}));
for (let i = 0; i < inputs.length; i += 500) await store.writeDocuments(inputs.slice(i, i + 500));
console.log(`indexed ${inputs.length} documents in ${((performance.now() - t) / 1000).toFixed(1)} s`);

// The same tokens for the in-process side: per-chunk term frequencies as the triggers stored them.
const { rows } = await store.client.query<{ uri: string; term: string; tf: number }>(
  `select d.uri, ct.term, (ct.tf_title + ct.tf_section + ct.tf_body)::int as tf
   from chunk_terms ct join chunks c on c.id = ct.chunk_id join documents d on d.id = c.document_id`,
);
const docs = new Map<string, Map<string, number>>();
for (const r of rows) {
  const id = beirIdOfUri(r.uri);
  if (!docs.has(id)) docs.set(id, new Map());
  docs.get(id)!.set(r.term, r.tf);
}
const len = new Map([...docs].map(([id, tfs]) => [id, [...tfs.values()].reduce((a, b) => a + b, 0)]));
const avgdl = mean([...len.values()]);
const df = new Map<string, number>();
for (const tfs of docs.values()) for (const term of tfs.keys()) df.set(term, (df.get(term) ?? 0) + 1);
const N = docs.size;

function bm25InProcess(qterms: Map<string, number>): string[] {
  const scores = new Map<string, number>();
  for (const [term, qtf] of qterms) {
    const n = df.get(term);
    if (!n) continue;
    const idf = Math.log(1 + (N - n + 0.5) / (n + 0.5));
    for (const [id, tfs] of docs) {
      const tf = tfs.get(term);
      if (!tf) continue;
      const s = (qtf * idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * len.get(id)!) / avgdl));
      scores.set(id, (scores.get(id) ?? 0) + s);
    }
  }
  return [...scores]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1))
    .slice(0, 10)
    .map(([id]) => id);
}

const sqlNdcg: number[] = [];
const jsNdcg: number[] = [];
const latencies: number[] = [];
for (const q of queries) {
  const qrels = data.qrels.get(q.id)!;
  const { rows: qrows } = await store.client.query<{ term: string; qtf: number }>(
    "select lexeme as term, coalesce(array_length(positions, 1), 1) as qtf from unnest(to_tsvector('english', $1))",
    [q.text],
  );
  jsNdcg.push(ndcgAtK(bm25InProcess(new Map(qrows.map((r) => [r.term, r.qtf]))), qrels));
  t = performance.now();
  const hits = await store.matchBm25(q.text, { limit: 10, bm25: { k1: K1, b: B, titleWeight: 1, sectionWeight: 1, bodyWeight: 1 } });
  latencies.push(performance.now() - t);
  sqlNdcg.push(
    ndcgAtK(
      hits.map((h) => beirIdOfUri(h.uri)),
      qrels,
    ),
  );
}
const sql = mean(sqlNdcg);
const js = mean(jsNdcg);
console.log(`queries: ${queries.length} (${data.split} split), documents: ${N}, k1 ${K1}, b ${B}`);
console.log(
  `nDCG@10  SQL BM25 ${sql.toFixed(4)}  in-process BM25 ${js.toFixed(4)}  |diff| ${Math.abs(sql - js).toFixed(4)} (must be <= 0.005)`,
);
console.log(
  `SQL BM25 latency: mean ${mean(latencies).toFixed(1)} ms, p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p95 ${quantile(latencies, 0.95).toFixed(1)} ms`,
);
await store.close();
if (Math.abs(sql - js) > 0.005) process.exitCode = 1;
