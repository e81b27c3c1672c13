-- Graph latency at SciFact size (issue 14): a broadened retrieval round (half of SciFact's
-- questions take one) searched the vectors again with the same query vector, filters and
-- candidate count as its first round, for the same candidates: an exact scan of every vector of
-- the source (the planner's choice under the tenant and source filters at this size), about
-- half of the hybrid's time. sw_vector_ids is that search alone (the ids in rank order, the
-- statement of the hybrid's vector side with its settings), and the hybrid takes them
-- (`p_vector_ids`) instead of searching: the first round asks for them once and both rounds pass
-- them. Same rows, same ranks, same scores; without ids the hybrid searches as before.

create or replace function sw_vector_ids(
  p_query_embedding vector,
  p_candidates int default 100,
  p_tenant text default 'default',
  p_sources text[] default null,
  p_topics text[] default null,
  p_document_ids uuid[] default null
) returns uuid[]
language sql stable as $$
  select coalesce(array_agg(v.id order by v.d, v.id), '{}'::uuid[])
  from (
    select c.id, c.embedding <=> p_query_embedding as d
    from sw_filtered_chunks(p_tenant, p_sources, p_topics, p_document_ids) c
    where p_query_embedding is not null and c.embedding is not null
    order by c.embedding <=> p_query_embedding, c.id
    limit p_candidates
  ) v
$$;

drop function if exists sw_match_hybrid(text, vector, int, text, text[], text[], uuid[], double precision,
  double precision, double precision, double precision, text[], text, int, int,
  double precision, double precision, double precision, double precision, double precision);

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
  p_w_body double precision default 1,
  p_vector_ids uuid[] default null
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
  -- The vector candidates in rank order: given (a broadened round passes its first round's, from
  -- sw_vector_ids), else searched as before. Given ids are held to the same filters as searched
  -- ones (a caller's ids cannot reach another tenant's rows).
  vec as (
    (select v.chunk_id, v.rk::int as rk
     from unnest(p_vector_ids) with ordinality v(chunk_id, rk)
     -- One primary-key probe per id, the filters applied to the row found (`offset 0` keeps them
     -- out of the probe: with them, the planner scanned the tenant and source index per id).
     cross join lateral (
       select c.tenant_id, c.searchable, c.embedding is not null as embedded, c.source, c.topics, c.document_id
       from chunks c where c.id = v.chunk_id offset 0
     ) c
     where p_vector_ids is not null and p_query_embedding is not null
       and c.tenant_id = p_tenant and c.searchable and c.embedded
       and (p_sources is null or c.source = any(p_sources))
       and (p_topics is null or c.topics && p_topics)
       and (p_document_ids is null or c.document_id = any(p_document_ids)))
    union all
    (select c.id as chunk_id, (row_number() over (order by c.embedding <=> p_query_embedding, c.id))::int as rk
     from sw_filtered_chunks(p_tenant, p_sources, p_topics, p_document_ids) c
     where p_vector_ids is null and p_query_embedding is not null and c.embedding is not null
     order by c.embedding <=> p_query_embedding, c.id
     limit p_candidates)
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

-- pgvector: the settings the hybrid's vector side had (20261220: one HNSW pass of the candidate
-- count; the iterative scan where pgvector has it), on the function that now searches.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'vector') then
    alter function sw_vector_ids(vector, int, text, text[], text[], uuid[]) set hnsw.ef_search = 100;
    alter function sw_match_hybrid(text, vector, int, text, text[], text[], uuid[], double precision,
      double precision, double precision, double precision, text[], text, int, int,
      double precision, double precision, double precision, double precision, double precision, uuid[])
      set hnsw.ef_search = 100;
  end if;
  if (select string_to_array(extversion, '.')::int[] >= '{0,8}'::int[] from pg_extension where extname = 'vector') then
    alter function sw_vector_ids(vector, int, text, text[], text[], uuid[]) set hnsw.iterative_scan = 'strict_order';
    alter function sw_match_hybrid(text, vector, int, text, text[], text[], uuid[], double precision,
      double precision, double precision, double precision, text[], text, int, int,
      double precision, double precision, double precision, double precision, double precision, uuid[])
      set hnsw.iterative_scan = 'strict_order';
  end if;
end $$;
