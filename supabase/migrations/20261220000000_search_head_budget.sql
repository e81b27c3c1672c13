-- Search side at 200k chunks (issue 14, third round). Profiling sw_bm25_head at 50k chunks
-- (kernel docs, questions of 10–16 terms; `explain (analyze, buffers)` through auto_explain)
-- put its time in rows, not in reads: ~15k postings read (2,000 for each cut term), then the
-- cut-off impact of each cut term found by a scan of the whole head per term (6 × 15k rows), and a
-- per-chunk aggregate that spilled to disk at the default work_mem. Its cost was linear in the
-- depth over a ~40 ms floor.
--  * sw_bm25_head: each term's read depth is in proportion to its weight qtf * idf (the heaviest
--    term reads p_depth postings, none fewer than a quarter of it): the unread part of a light
--    term can add little to any score, and what it could add is still bounded (its last impact
--    read), so `exact` keeps its meaning; the cut-off impacts come from one grouped pass over the
--    head; the aggregate gets work_mem 32MB (this function only). Same scores, same exactness test.
--  * sw_match_bm25 takes its top k from sw_bm25_head too (depth max(20 k, 1000), the setting
--    `sourcewise.bm25_depth` as for the hybrid, 0 = the exact MaxScore sw_bm25_top). Exact when it
--    says so, always on corpora whose lists are shorter than the depth. Its p95 at 50k chunks was
--    seconds: MaxScore falls back to scoring every chunk when the bound does not prune.
--  * sw_match_hybrid ranks and cuts to p_match_count before it joins the wide chunk and document
--    rows (the plan hashed every row of `documents` per query: 14k rows at 200k chunks);
--  * the hybrid's vector side asks HNSW for its candidate count in one pass (hnsw.ef_search 100,
--    the default p_candidates) instead of 40 and then more rounds of the iterative scan.

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
rows 100
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
  v_ids uuid[];
  v_scores double precision[];
  v_unread double precision;
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
  -- A read posting's current weight is at most impact * slack (drift of the average length since
  -- the impacts were computed, and float4 rounding).
  v_slack := greatest(1, v_avgdl / v_ref) * (1 + 1e-5);
  with qt as materialized (
    select u.term, u.w, u.df, u.ord::int as ord, d.depth,
      (u.df > d.depth and u.w < 0.01 * m.wmax) as skipped
    from unnest(v_terms, v_w, v_df) with ordinality as u(term, w, df, ord)
    cross join (select max(x) as wmax from unnest(v_w) x) m
    cross join lateral (select greatest(ceil(p_depth * u.w / m.wmax), ceil(p_depth / 4.0))::int as depth) d
  ),
  head as materialized (
    select qt.ord, qt.w, p.chunk_id, p.source, p.impact, p.tfw, p.dl
    from qt
    cross join lateral (
      select ct.chunk_id, ct.source, ct.impact,
        (ct.tf_title + ct.tf_section + ct.tf_body)::double precision as tfw,
        (ct.len_title + ct.len_section + ct.len_body)::double precision as dl
      from chunk_terms ct
      where ct.tenant_id = p_tenant and ct.term = qt.term
      order by ct.impact desc
      limit qt.depth
    ) p
    where not qt.skipped
  ),
  -- What a chunk can get at most from a term it was not read under: 0 when the list was read to
  -- its end, the last impact read (times the slack) when it was cut, the term's bound if skipped.
  cutoff as (
    select h.ord, min(h.impact) as last from head h group by h.ord
  ),
  theta as materialized (
    select qt.ord,
      case when qt.skipped then qt.w * (p_k1 + 1)
           when qt.df <= qt.depth then 0
           else c.last * v_slack * qt.w end as ub
    from qt left join cutoff c on c.ord = qt.ord
  ),
  seen as (
    select h.chunk_id,
      sum(h.w * h.tfw * (p_k1 + 1) / (h.tfw + p_k1 * (1 - p_b + p_b * h.dl / v_avgdl))) as partial,
      sum(th.ub) as seen_ub,
      array_agg(h.ord) as ords
    from head h join theta th on th.ord = h.ord
    where h.tfw > 0 and (p_sources is null or h.source = any(p_sources))
    group by h.chunk_id
  ),
  kept as materialized (
    select s.* from seen s
    where p_topics is null or exists (select 1 from chunks c where c.id = s.chunk_id and c.topics && p_topics)
  ),
  best as materialized (
    select k.* from kept k order by k.partial desc, k.chunk_id limit greatest(2 * p_limit, 200)
  ),
  full_scores as (
    select b.chunk_id, b.partial + coalesce((
      select sum(qt.w * x.tfw * (p_k1 + 1) / (x.tfw + p_k1 * (1 - p_b + p_b * x.dl / v_avgdl)))
      from chunk_terms p
      join qt on qt.term = p.term
      cross join lateral (
        select (p.tf_title + p.tf_section + p.tf_body)::double precision as tfw,
               (p.len_title + p.len_section + p.len_body)::double precision as dl
      ) x
      where p.chunk_id = b.chunk_id and p.term = any(v_terms) and not (qt.ord = any(b.ords)) and x.tfw > 0
    ), 0) as score
    from best b
  ),
  top as (
    select f.chunk_id, f.score from full_scores f order by f.score desc, f.chunk_id limit p_limit
  )
  select array_agg(top.chunk_id order by top.score desc, top.chunk_id), array_agg(top.score order by top.score desc, top.chunk_id),
    (select sum(th.ub) from theta th),
    (select max(k.partial + (select sum(th.ub) from theta th) - k.seen_ub) from kept k
     where not exists (select 1 from best b where b.chunk_id = k.chunk_id))
  into v_ids, v_scores, v_unread, v_rest
  from top;
  v_exact := (v_unread = 0 or (cardinality(v_ids) = p_limit and v_scores[p_limit] > v_unread))
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

-- ---- hybrid: 20261210's statement, the wide rows read after the limit ------------------------

create or replace function sw_match_hybrid(
  p_query text,
  p_query_embedding vector default null,
  p_match_count int default 10,
  p_tenant text default 'default',
  p_sources text[] default null,
  p_topics text[] default null,
  p_document_ids uuid[] default null,
  p_min_score double precision default null,
  p_w_lexical double precision default 0.75,
  p_w_vector double precision default 0.25,
  p_w_exact double precision default 0,
  p_exact_terms text[] default null,
  p_fusion text default 'minmax',
  p_candidates int default 100,
  p_rrf_k int default 60,
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
  -- The lexical candidates from the first 20 x p_candidates postings (at least 1,000) of each
  -- term in impact order (sw_bm25_head: exact while no term's list is longer, bounded cost
  -- beyond). The setting `sourcewise.bm25_depth` overrides the depth (0: exact sw_bm25_top).
  with lex as (
    select s.chunk_id, s.score, (row_number() over (order by s.score desc, s.chunk_id))::int as rk
    from sw_bm25_head(p_query, p_candidates,
                      coalesce(nullif(current_setting('sourcewise.bm25_depth', true), '')::int, greatest(20 * p_candidates, 1000)),
                      p_tenant, p_sources, p_topics, p_document_ids,
                      p_k1, p_b, p_w_title, p_w_section, p_w_body) s
  ),
  vec as (
    select c.id as chunk_id, (row_number() over (order by c.embedding <=> p_query_embedding, c.id))::int as rk
    from sw_filtered_chunks(p_tenant, p_sources, p_topics, p_document_ids) c
    where p_query_embedding is not null and c.embedding is not null
    order by c.embedding <=> p_query_embedding, c.id
    limit p_candidates
  ),
  -- An identifier's lexemes (to_tsvector of the identifier itself) are all in every chunk that
  -- holds it on word boundaries: those postings give the candidates, strpos confirms them.
  -- An identifier without lexemes (punctuation, stop words) falls back to scanning the chunks.
  ex_terms as (
    select distinct t.term, tsvector_to_array(to_tsvector('english', t.term)) as lx
    from unnest(coalesce(p_exact_terms, '{}'::text[])) t(term)
  ),
  ex_posted as (
    select distinct m.chunk_id from (
      select e.term, ct.chunk_id
      from ex_terms e
      join chunk_terms ct on ct.tenant_id = p_tenant and ct.term = any(e.lx)
      where p_exact_terms is not null and cardinality(e.lx) > 0 and (p_sources is null or ct.source = any(p_sources))
      group by e.term, ct.chunk_id
      having count(distinct ct.term) = max(cardinality(e.lx))
    ) m
  ),
  exact as (
    (select c.id as chunk_id
     from ex_posted p
     join chunks c on c.id = p.chunk_id
     where (p_topics is null or c.topics && p_topics)
       and (p_document_ids is null or c.document_id = any(p_document_ids))
       and exists (
         select 1 from ex_terms t
         where strpos(c.content, t.term) > 0 or strpos(c.doc_title, t.term) > 0
            or strpos(coalesce(c.section_title, ''), t.term) > 0)
     limit p_candidates)
    union
    (select c.id
     from sw_filtered_chunks(p_tenant, p_sources, p_topics, p_document_ids) c
     where p_exact_terms is not null and cardinality(p_exact_terms) > 0
       and exists (select 1 from ex_terms e where cardinality(e.lx) = 0)
       and exists (
         select 1 from ex_terms t
         where cardinality(t.lx) = 0
           and (strpos(c.content, t.term) > 0 or strpos(c.doc_title, t.term) > 0
                or strpos(coalesce(c.section_title, ''), t.term) > 0))
     limit p_candidates)
  ),
  ids as (
    select chunk_id from lex union select chunk_id from vec union select chunk_id from exact
  ),
  scored as (
    select ids.chunk_id,
      coalesce(lex.score, 0) as ls,
      case when p_query_embedding is null or c.embedding is null then null
           else 1 - (c.embedding <=> p_query_embedding) end as vs,
      lex.rk as lrk, vec.rk as vrk,
      case when p_exact_terms is null or cardinality(p_exact_terms) = 0 then 0
           else (select count(*) from unnest(p_exact_terms) t(term)
                 where strpos(c.content, t.term) > 0 or strpos(c.doc_title, t.term) > 0
                    or strpos(coalesce(c.section_title, ''), t.term) > 0)::double precision
                / cardinality(p_exact_terms) end as es
    from ids
    join chunks c on c.id = ids.chunk_id
    left join lex on lex.chunk_id = ids.chunk_id
    left join vec on vec.chunk_id = ids.chunk_id
  ),
  normed as (
    select s.*,
      coalesce(s.ls / nullif(max(s.ls) over (), 0), 0) as nl,
      coalesce((s.vs - min(s.vs) over ()) / nullif(max(s.vs) over () - min(s.vs) over (), 0),
               case when s.vs is null then 0 else 1 end) as nv
    from scored s
  ),
  fused as (
    select n.*,
      case when p_fusion = 'rrf' then
        coalesce(p_w_lexical / (p_rrf_k + n.lrk), 0)
        + coalesce(p_w_vector / (p_rrf_k + n.vrk), 0)
        + p_w_exact * n.es
      else
        p_w_lexical * n.nl
        + (case when p_query_embedding is null then 0 else p_w_vector * n.nv end)
        + p_w_exact * n.es
      end as fs
    from normed n
  ),
  -- The top p_match_count first, then the wide chunk and document rows of those only (joining
  -- documents before the limit hashed the whole documents table on every query).
  top as (
    select f.* from fused f
    where p_min_score is null or f.fs >= p_min_score
    order by f.fs desc, f.chunk_id
    limit p_match_count
  )
  select c.id, c.document_id, c.parent_id, c.source, d.uri, c.doc_title, c.section_title,
    c.section_path, c.page_start, c.page_end, c.chunk_index, c.kind, c.token_count, c.topics,
    c.content, c.metadata,
    f.fs, f.ls, f.vs, f.es, f.lrk, f.vrk
  from top f
  join chunks c on c.id = f.chunk_id
  join documents d on d.id = c.document_id
  order by f.fs desc, c.id
$$;

-- pgvector: the hybrid's vector side wants p_candidates (100 by default) rows: one HNSW pass of
-- that breadth instead of 40 and then more rounds of the iterative scan (replacing the function
-- dropped its settings: the iterative scan of 20261202 is set again where pgvector has it).
do $$
begin
  if exists (select 1 from pg_extension where extname = 'vector') then
    alter function sw_match_hybrid(text, vector, int, text, text[], text[], uuid[], double precision,
      double precision, double precision, double precision, text[], text, int, int,
      double precision, double precision, double precision, double precision, double precision)
      set hnsw.ef_search = 100;
  end if;
  if (select string_to_array(extversion, '.')::int[] >= '{0,8}'::int[] from pg_extension where extname = 'vector') then
    alter function sw_match_hybrid(text, vector, int, text, text[], text[], uuid[], double precision,
      double precision, double precision, double precision, text[], text, int, int,
      double precision, double precision, double precision, double precision, double precision)
      set hnsw.iterative_scan = 'strict_order';
  end if;
end $$;
