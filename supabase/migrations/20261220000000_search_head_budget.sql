-- Search side at 200k chunks (issue 14, third round). Profiling sw_bm25_head at 50k chunks
-- (kernel docs, questions of 10–16 terms) put its time in rows: ~15k postings read, then six
-- passes over them (the cut-off impact of each cut term was a scan of the whole head per term, the
-- per-chunk aggregate spilled to disk at the default work_mem, and the completion probed every
-- query term of each of the 200 best chunks). Cost was linear in the depth with a ~40 ms floor.
--  * sw_bm25_head: the cut-off impact of a cut list is one index probe before the read; each
--    term's read depth is in proportion to its weight qtf * idf (the heaviest term reads p_depth
--    postings, none fewer than a quarter of it): the unread part of a light term can add little
--    to any score, so its bound is met sooner (what is unread stays bounded, and `exact` still says
--    when nothing unread could enter the top k); the completion reads only the terms whose lists
--    were cut or skipped (a chunk holding a fully read term was read under it); the aggregate has
--    the memory it needs (work_mem 32MB for this function only).
--  * sw_match_bm25 takes its top k from sw_bm25_head too (depth max(20 k, 1000), the setting
--    `sourcewise.bm25_depth` as for the hybrid, 0 = exact MaxScore sw_bm25_top). Exact when it
--    says so: always on corpora whose lists are shorter than the depth.
--  * the hybrid's vector side asks HNSW for its candidate count in one pass (hnsw.ef_search 100,
--    the default p_candidates) instead of 40 then iterating.

create or replace function sw_bm25_head(
  p_query text,
  p_limit int,
  p_depth int,
  p_tenant text default 'default',
  p_sources text[] default null,
  p_topics text[] default null,
  p_document_ids uuid[] default null,
  p_k1 double precision default 0.9,
  p_b double precision default 0.4,
  p_w_title double precision default 1,
  p_w_section double precision default 1,
  p_w_body double precision default 1
) returns table (chunk_id uuid, score double precision, exact boolean)
language plpgsql stable
set work_mem = '32MB'
as $$
declare
  v_n double precision;
  v_avgdl double precision;
  v_ref double precision;
  v_slack double precision;
  v_terms text[];
  v_w double precision[];
  v_df int[];
  v_depth int[];
  v_ub double precision[];
  v_skip boolean[];
  v_cut text[];
  v_wmax double precision;
  v_total double precision;
  v_ids uuid[];
  v_scores double precision[];
  v_rest double precision;
  v_exact boolean;
begin
  select c.n_chunks, greatest((p_w_title * c.sum_len_title + p_w_section * c.sum_len_section + p_w_body * c.sum_len_body)
           / nullif(c.n_chunks, 0)::double precision, 1e-9), c.impact_avgdl
  into v_n, v_avgdl, v_ref
  from bm25_corpus c where c.tenant_id = p_tenant and c.n_chunks > 0;
  if v_n is null or p_limit <= 0 then
    return;
  end if;
  if v_ref is null or p_depth <= 0 or p_document_ids is not null or p_k1 <> 0.9 or p_b <> 0.4
     or p_w_title <> 1 or p_w_section <> 1 or p_w_body <> 1 then
    return query select s.chunk_id, s.score, true
      from sw_bm25_top(p_query, p_limit, p_tenant, p_sources, p_topics, p_document_ids, p_k1, p_b, p_w_title, p_w_section, p_w_body) s;
    return;
  end if;
  -- Query terms known to the tenant, their weights qtf * idf and document frequencies.
  select array_agg(q.term order by q.term), array_agg(q.qtf * ln(1 + (v_n - t.df + 0.5) / (t.df + 0.5)) order by q.term),
         array_agg(t.df order by q.term)
  into v_terms, v_w, v_df
  from (
    select lexeme as term, coalesce(array_length(positions, 1), 1) as qtf
    from unnest(to_tsvector('english', coalesce(p_query, '')))
  ) q
  join bm25_terms t on t.tenant_id = p_tenant and t.term = q.term;
  if v_terms is null then
    return;
  end if;
  select max(x) into v_wmax from unnest(v_w) x;
  -- A read posting's current weight is at most impact * slack (drift of the average length since
  -- the impacts were computed, and float4 rounding).
  v_slack := greatest(1, v_avgdl / v_ref) * (1 + 1e-5);
  -- Per term: its depth, whether it is skipped (a list longer than its depth whose bound is under
  -- 1% of the heaviest: a word of nearly every chunk), and what a chunk not read under it can get
  -- from it at most: 0 when its list is read to the end, the impact at its depth (times the
  -- slack and the weight) when cut, its whole bound qtf * idf * (k1 + 1) when skipped.
  select array_agg(x.depth order by x.ord), array_agg(x.skipped order by x.ord),
    array_agg(case when x.skipped then x.w * (p_k1 + 1)
                   when x.df <= x.depth then 0
                   else coalesce((select ct.impact from chunk_terms ct
                                  where ct.tenant_id = p_tenant and ct.term = x.term
                                  order by ct.impact desc offset x.depth - 1 limit 1), 0) * v_slack * x.w end
              order by x.ord),
    array_agg(x.term order by x.ord) filter (where x.df > x.depth)
  into v_depth, v_skip, v_ub, v_cut
  from (
    select u.term, u.w, u.df, u.ord, d.depth, (u.df > d.depth and u.w < 0.01 * v_wmax) as skipped
    from unnest(v_terms, v_w, v_df) with ordinality as u(term, w, df, ord)
    cross join lateral (select greatest(ceil(p_depth * u.w / v_wmax), ceil(p_depth / 4.0))::int as depth) d
  ) x;
  select sum(x) into v_total from unnest(v_ub) x;
  with qt as (
    select u.term, u.w, u.ub, u.depth, u.df > u.depth as cut
    from unnest(v_terms, v_w, v_ub, v_depth, v_skip, v_df) as u(term, w, ub, depth, skipped, df)
    where not u.skipped
  ),
  seen as (
    select p.chunk_id,
      sum(qt.w * p.tfw * (p_k1 + 1) / (p.tfw + p_k1 * (1 - p_b + p_b * p.dl / v_avgdl))) as partial,
      sum(qt.ub) as seen_ub,
      array_agg(qt.term) filter (where qt.cut) as cut_read
    from qt
    cross join lateral (
      select ct.chunk_id, ct.source,
        (ct.tf_title + ct.tf_section + ct.tf_body)::double precision as tfw,
        (ct.len_title + ct.len_section + ct.len_body)::double precision as dl
      from chunk_terms ct
      where ct.tenant_id = p_tenant and ct.term = qt.term
      order by ct.impact desc
      limit qt.depth
    ) p
    where p.tfw > 0 and (p_sources is null or p.source = any(p_sources))
    group by p.chunk_id
  ),
  kept as materialized (
    select s.chunk_id, s.partial, s.partial + v_total - s.seen_ub as bound, s.cut_read from seen s
    where p_topics is null or exists (select 1 from chunks c where c.id = s.chunk_id and c.topics && p_topics)
  ),
  best as materialized (
    select k.* from kept k order by k.partial desc, k.chunk_id limit greatest(2 * p_limit, 200)
  ),
  -- The best chunks' cut or skipped terms they were not read under (primary key probes).
  extra as (
    select b.chunk_id,
      sum(qt.w * x.tfw * (p_k1 + 1) / (x.tfw + p_k1 * (1 - p_b + p_b * x.dl / v_avgdl))) as score
    from best b
    join chunk_terms p on p.chunk_id = b.chunk_id and p.term = any(v_cut)
    join (select u.term, u.w from unnest(v_terms, v_w) as u(term, w)) qt on qt.term = p.term
    cross join lateral (
      select (p.tf_title + p.tf_section + p.tf_body)::double precision as tfw,
             (p.len_title + p.len_section + p.len_body)::double precision as dl
    ) x
    where v_cut is not null and not (p.term = any(coalesce(b.cut_read, '{}'::text[]))) and x.tfw > 0
    group by b.chunk_id
  ),
  top as (
    select b.chunk_id, b.partial + coalesce(e.score, 0) as score
    from best b left join extra e on e.chunk_id = b.chunk_id
    order by 2 desc, 1 limit p_limit
  )
  select array_agg(top.chunk_id order by top.score desc, top.chunk_id), array_agg(top.score order by top.score desc, top.chunk_id),
    (select max(k.bound) from kept k where not exists (select 1 from best b where b.chunk_id = k.chunk_id))
  into v_ids, v_scores, v_rest
  from top;
  v_exact := (v_total = 0 or (cardinality(v_ids) = p_limit and v_scores[p_limit] > v_total))
    and (v_rest is null or (cardinality(v_ids) = p_limit and v_scores[p_limit] > v_rest));
  return query select u.id, u.s, coalesce(v_exact, false) from unnest(v_ids, v_scores) as u(id, s);
end $$;

-- The top p_match_count from sw_bm25_head (exact when no list is longer than the depth, or when
-- its bound proves it), then the wide chunk and document rows of those only.
create or replace function sw_match_bm25(
  p_query text,
  p_match_count int default 10,
  p_tenant text default 'default',
  p_sources text[] default null,
  p_topics text[] default null,
  p_document_ids uuid[] default null,
  p_min_score double precision default null,
  p_k1 double precision default 0.9,
  p_b double precision default 0.4,
  p_w_title double precision default 1,
  p_w_section double precision default 1,
  p_w_body double precision default 1
) returns table (
  id uuid, document_id uuid, parent_id uuid, source text, uri text, doc_title text,
  section_title text, section_path text[], page_start int, page_end int, chunk_index int,
  kind text, token_count int, topics text[], content text, metadata jsonb,
  score double precision, lexical_score double precision, vector_score double precision,
  exact_score double precision, lexical_rank int, vector_rank int
)
language sql stable as $$
  with top as (
    select s.chunk_id, s.score
    from sw_bm25_head(p_query, p_match_count,
                      coalesce(nullif(current_setting('sourcewise.bm25_depth', true), '')::int, greatest(20 * p_match_count, 1000)),
                      p_tenant, p_sources, p_topics, p_document_ids,
                      p_k1, p_b, p_w_title, p_w_section, p_w_body) s
    where p_min_score is null or s.score >= p_min_score
  )
  select c.id, c.document_id, c.parent_id, c.source, d.uri, c.doc_title, c.section_title,
    c.section_path, c.page_start, c.page_end, c.chunk_index, c.kind, c.token_count, c.topics,
    c.content, c.metadata,
    s.score, s.score, null::double precision, null::double precision,
    (row_number() over (order by s.score desc, c.id))::int, null::int
  from top s
  join chunks c on c.id = s.chunk_id
  join documents d on d.id = c.document_id
  order by s.score desc, c.id
$$;

-- pgvector: the hybrid's vector side wants p_candidates (100 by default) rows: one HNSW pass of
-- that breadth instead of 40 and then more rounds of the iterative scan.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'vector') then
    alter function sw_match_hybrid(text, vector, int, text, text[], text[], uuid[], double precision,
      double precision, double precision, double precision, text[], text, int, int,
      double precision, double precision, double precision, double precision, double precision)
      set hnsw.ef_search = 100;
  end if;
end $$;
