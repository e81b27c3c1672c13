import type { SqlStore } from "../../src/storage/store.js";

/** df and corpus totals recomputed from scratch, to compare with what the triggers maintain. */
export async function recomputedStats(s: SqlStore) {
  const df = await s.client.query<{ tenant_id: string; term: string; df: number }>(
    `select c.tenant_id, t.lexeme as term, count(distinct c.id)::int as df
     from chunks c, unnest(to_tsvector('english', c.doc_title || ' ' || coalesce(c.section_title, '') || ' ' || sw_body_text(c.content))) t
     where c.searchable group by 1, 2 order by 1, 2`,
  );
  const kept = await s.client.query<{ tenant_id: string; term: string; df: number }>(
    "select tenant_id, term, df from bm25_terms order by 1, 2",
  );
  const corpus = await s.client.query<{ tenant_id: string; n: number; body: number }>(
    `select tenant_id, count(*)::int as n, sum(sw_lexeme_count(sw_body_text(content)))::int as body
     from chunks where searchable group by 1 order by 1`,
  );
  const keptCorpus = await s.client.query<{ tenant_id: string; n: number; body: number }>(
    "select tenant_id, n_chunks::int as n, sum_len_body::int as body from bm25_corpus where n_chunks > 0 order by 1",
  );
  return { df: df.rows, kept: kept.rows, corpus: corpus.rows, keptCorpus: keptCorpus.rows };
}
