-- Impact-ordered postings and a bounded lexical side for the hybrid (issue 14, second round).
--  * every posting carries its term weight for the default parameters (k1 0.9, b 0.4, field
--    weights 1) at a reference average length per tenant (`bm25_corpus.impact_avgdl`): its
--    "impact", under the postings index (tenant_id, term, impact desc) that replaces the covering
--    index of 20261202 (same columns, same prefix: full scoring reads it the same way);
--  * the reference is set by a tenant's first ingest statement and the tenant's impacts are
--    recomputed when its average length drifts past 25% of it (the impact only orders postings
--    and bounds what unread ones can add: with the current average avgdl a posting's weight is at
--    most impact * max(1, avgdl / impact_avgdl));
--  * sw_bm25_head: the hybrid's lexical candidates from the first p_depth postings of each query
--    term in impact order, scored exactly with the current statistics, the best completed with
--    the terms they were not read under. Its cost is bounded by terms x depth whatever the
--    corpus size. It is exact when no list is longer than the depth or when the k-th score beats
--    everything unread could add (it says which); otherwise it is an approximation of the BM25
--    top k (measured in docs/scaling.md). sw_match_bm25 stays exact (sw_bm25_top, MaxScore).

alter table bm25_corpus add column if not exists impact_avgdl double precision;
alter table chunk_terms add column if not exists impact real;

-- The term weight of BM25 with k1 0.9, b 0.4 and field weights 1, for summed tf and length.
create or replace function sw_bm25_impact(p_tf int, p_dl int, p_avgdl double precision) returns real
language sql immutable parallel safe as $$
  select (p_tf * 1.9 / (p_tf + 0.9 * (0.6 + 0.4 * p_dl / greatest(p_avgdl, 1e-9))))::real
$$;

-- Recomputes a tenant's impacts at its current average length (the next reference).
create or replace function sw_bm25_refresh_impacts(p_tenant text) returns void
language plpgsql as $$
declare
  v_avgdl double precision;
begin
  select greatest((sum_len_title + sum_len_section + sum_len_body) / nullif(n_chunks, 0)::double precision, 1e-9)
  into v_avgdl from bm25_corpus where tenant_id = p_tenant;
  if v_avgdl is null then
    return;
  end if;
  update bm25_corpus set impact_avgdl = v_avgdl where tenant_id = p_tenant;
  update chunk_terms ct
  set impact = sw_bm25_impact(ct.tf_title + ct.tf_section + ct.tf_body, ct.len_title + ct.len_section + ct.len_body, v_avgdl)
  where ct.tenant_id = p_tenant;
end $$;

-- Existing postings: one pass at today's averages.
update bm25_corpus
set impact_avgdl = greatest((sum_len_title + sum_len_section + sum_len_body) / nullif(n_chunks, 0)::double precision, 1e-9)
where n_chunks > 0;
update chunk_terms ct
set impact = sw_bm25_impact(ct.tf_title + ct.tf_section + ct.tf_body, ct.len_title + ct.len_section + ct.len_body,
                            coalesce(b.impact_avgdl, 1))
from bm25_corpus b
where b.tenant_id = ct.tenant_id and ct.impact is null;
update chunk_terms set impact = sw_bm25_impact(tf_title + tf_section + tf_body, len_title + len_section + len_body, 1) where impact is null;
alter table chunk_terms alter column impact set not null;

create index if not exists chunk_terms_impact_idx on chunk_terms (tenant_id, term, impact desc)
  include (chunk_id, source, tf_title, tf_section, tf_body, len_title, len_section, len_body);
drop index if exists chunk_terms_postings_idx;

-- ---- insert: postings with their impact ------------------------------------------------------

create or replace function sw_chunks_set_lengths() returns trigger
language plpgsql as $$
declare
  v_title tsvector := to_tsvector('english', new.doc_title);
  v_section tsvector := to_tsvector('english', coalesce(new.section_title, ''));
  v_body tsvector := to_tsvector('english', sw_body_text(new.content));
  v_ref double precision;
  v_dl int;
begin
  select coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::int into new.len_title from unnest(v_title);
  select coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::int into new.len_section from unnest(v_section);
  select coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::int into new.len_body from unnest(v_body);
  if new.searchable then
    -- A tenant's first statement has no reference yet: the statement trigger sets one and
    -- recomputes these provisional impacts.
    select b.impact_avgdl into v_ref from bm25_corpus b where b.tenant_id = new.tenant_id;
    v_dl := new.len_title + new.len_section + new.len_body;
    insert into chunk_terms (chunk_id, tenant_id, term, tf_title, tf_section, tf_body, source, len_title, len_section, len_body, impact)
    select new.id, new.tenant_id, t.term, sum(t.tf_title), sum(t.tf_section), sum(t.tf_body),
      new.source, new.len_title, new.len_section, new.len_body,
      sw_bm25_impact((sum(t.tf_title) + sum(t.tf_section) + sum(t.tf_body))::int, v_dl, coalesce(v_ref, v_dl))
    from (
      select lexeme as term, coalesce(array_length(positions, 1), 1) as tf_title, 0 as tf_section, 0 as tf_body from unnest(v_title)
      union all
      select lexeme, 0, coalesce(array_length(positions, 1), 1), 0 from unnest(v_section)
      union all
      select lexeme, 0, 0, coalesce(array_length(positions, 1), 1) from unnest(v_body)
    ) t
    group by t.term;
  end if;
  return new;
end $$;

-- After the totals change: a tenant without a reference length gets one (its postings so far
-- were provisional), and one whose average drifted past 25% of it is recomputed.
create or replace function sw_bm25_check_impacts(p_tenants text[]) returns void
language plpgsql as $$
declare
  r record;
begin
  for r in
    select b.tenant_id
    from bm25_corpus b
    where b.tenant_id = any(p_tenants) and b.n_chunks > 0
      and (b.impact_avgdl is null
           or (b.sum_len_title + b.sum_len_section + b.sum_len_body) / b.n_chunks::double precision
              not between 0.8 * b.impact_avgdl and 1.25 * b.impact_avgdl)
    order by b.tenant_id
  loop
    perform sw_bm25_refresh_impacts(r.tenant_id);
  end loop;
end $$;

create or replace function sw_chunks_after_insert() returns trigger
language plpgsql as $$
begin
  insert into bm25_terms as b (tenant_id, term, df)
  select ct.tenant_id, ct.term, count(*)
  from new_rows n join chunk_terms ct on ct.chunk_id = n.id
  where n.searchable
  group by ct.tenant_id, ct.term
  order by ct.tenant_id, ct.term
  on conflict (tenant_id, term) do update set df = b.df + excluded.df;

  insert into bm25_corpus as b (tenant_id, n_chunks, sum_len_title, sum_len_section, sum_len_body)
  select tenant_id, count(*), sum(len_title), sum(len_section), sum(len_body)
  from new_rows where searchable group by tenant_id order by tenant_id
  on conflict (tenant_id) do update set
    n_chunks = b.n_chunks + excluded.n_chunks,
    sum_len_title = b.sum_len_title + excluded.sum_len_title,
    sum_len_section = b.sum_len_section + excluded.sum_len_section,
    sum_len_body = b.sum_len_body + excluded.sum_len_body;

  perform sw_bm25_check_impacts(array(select distinct tenant_id from new_rows where searchable));
  return null;
end $$;


-- ---- the hybrid's lexical side: a bounded read of impact-ordered postings ----------------------

-- The top p_limit chunks by BM25 from the first p_depth postings (best impact first) of each query
-- term: read chunks are scored exactly from what was read, the best max(2 * p_limit, 200) of them
-- are completed (their other terms by primary key) and ranked by their full score. A term whose
-- bound qtf * idf * (k1 + 1) is under 1% of the largest (a word in nearly every chunk: "linux" in
-- the kernel docs' titles) is not read at all, only added in the completion. `exact` is true when
-- nothing unread could enter the top k (no list was cut, or the k-th score beats the bound of every
-- chunk not completed); then the rows are those of sw_bm25_top. A depth of 0, other parameters
-- than the defaults, or a document filter take sw_bm25_top (exact).
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
language plpgsql stable as $$
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
  with qt as (
    select u.term, u.w, u.df, u.ord::int as ord,
      (u.df > p_depth and u.w < 0.01 * (select max(x) from unnest(v_w) x)) as skipped
    from unnest(v_terms, v_w, v_df) with ordinality as u(term, w, df, ord)
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
      limit p_depth
    ) p
    where not qt.skipped
  ),
  -- What a chunk can get at most from a term it was not read under: 0 when the list was read to
  -- its end, the last impact read (times the slack) when it was cut, the term's bound if skipped.
  theta as (
    select qt.ord,
      case when qt.skipped then qt.w * (p_k1 + 1)
           when qt.df <= p_depth then 0
           else (select min(h.impact) from head h where h.ord = qt.ord) * v_slack * qt.w end as ub
    from qt
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

-- ---- hybrid: the same statement, lexical side from sw_bm25_head ------------------------------

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
  )
  select c.id, c.document_id, c.parent_id, c.source, d.uri, c.doc_title, c.section_title,
    c.section_path, c.page_start, c.page_end, c.chunk_index, c.kind, c.token_count, c.topics,
    c.content, c.metadata,
    f.fs, f.ls, f.vs, f.es, f.lrk, f.vrk
  from fused f
  join chunks c on c.id = f.chunk_id
  join documents d on d.id = c.document_id
  where p_min_score is null or f.fs >= p_min_score
  order by f.fs desc, c.id
  limit p_match_count
$$;

-- pgvector 0.8 and later: keep walking the HNSW graph past ef_search until the filters leave
-- the requested count (strict order, so ranks stay exact over the rows found).
do $$
begin
  if (select string_to_array(extversion, '.')::int[] >= '{0,8}'::int[] from pg_extension where extname = 'vector') then
    alter function sw_match_vector(vector, int, text, text[], text[], uuid[], double precision)
      set hnsw.iterative_scan = 'strict_order';
    alter function sw_match_hybrid(text, vector, int, text, text[], text[], uuid[], double precision,
      double precision, double precision, double precision, text[], text, int, int,
      double precision, double precision, double precision, double precision, double precision)
      set hnsw.iterative_scan = 'strict_order';
  end if;
end $$;
