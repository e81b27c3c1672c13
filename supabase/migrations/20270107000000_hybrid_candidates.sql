-- Graph latency at SciFact size (issue 14, speed15): a broadened retrieval round searches with the
-- same lexical text, vector candidates, identifiers and filters as its first round (all 60
-- broadened rounds of 100 SciFact questions), so the union of candidates and their lexical, vector
-- and exact scores are the same; only the fusion weights (more weight on meaning) and the number
-- kept change. sw_hybrid_candidates is sw_match_hybrid's candidate union with those scores (its
-- statements up to the fusion, unchanged), narrow rows only: the caller fuses them
-- (`fuseCandidates`, the same arithmetic and tie order as sw_match_hybrid) for each round and reads
-- the kept rows by id (sw_get_chunks). sw_match_hybrid is unchanged.

create or replace function sw_hybrid_candidates(
  p_query text,
  p_query_embedding vector default null,
  p_tenant text default 'default',
  p_sources text[] default null,
  p_topics text[] default null,
  p_document_ids uuid[] default null,
  p_exact_terms text[] default null,
  p_candidates int default 100,
  p_k1 double precision default 0.9,
  p_b double precision default 0.4,
  p_w_title double precision default 1,
  p_w_section double precision default 1,
  p_w_body double precision default 1,
  p_vector_ids uuid[] default null
) returns table (
  chunk_id uuid, lexical_score double precision, vector_score double precision,
  exact_score double precision, lexical_rank int, vector_rank int
)
language sql stable as $$
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
  )

  select s.chunk_id, s.ls, s.vs, s.es, s.lrk, s.vrk from scored s
$$;
grant execute on function sw_hybrid_candidates(text, vector, text, text[], text[], uuid[], text[], int,
  double precision, double precision, double precision, double precision, double precision, uuid[]) to authenticated;

-- pgvector: the hybrid's settings for its vector side (searched when no ids are given).
do $$
begin
  if exists (select 1 from pg_extension where extname = 'vector') then
    alter function sw_hybrid_candidates(text, vector, text, text[], text[], uuid[], text[], int,
      double precision, double precision, double precision, double precision, double precision, uuid[])
      set hnsw.ef_search = 100;
  end if;
  if (select string_to_array(extversion, '.')::int[] >= '{0,8}'::int[] from pg_extension where extname = 'vector') then
    alter function sw_hybrid_candidates(text, vector, text, text[], text[], uuid[], text[], int,
      double precision, double precision, double precision, double precision, double precision, uuid[])
      set hnsw.iterative_scan = 'strict_order';
  end if;
end $$;
