-- Retrieval functions, also callable as Supabase RPCs. Every function takes the same filters
-- (tenant, sources, topics, document ids, min score) and applies them on every side.

-- Searchable chunks of a tenant that pass the filters.
create or replace function sw_filtered_chunks(
  p_tenant text, p_sources text[], p_topics text[], p_document_ids uuid[]
) returns setof chunks
language sql stable as $$
  select c.* from chunks c
  where c.tenant_id = p_tenant
    and c.searchable
    and (p_sources is null or c.source = any(p_sources))
    and (p_topics is null or c.topics && p_topics)
    and (p_document_ids is null or c.document_id = any(p_document_ids))
$$;

-- Okapi BM25 (BM25F with one length normalisation over weighted fields) on english lexemes.
-- With all field weights 1 it equals plain BM25 over title + section title + body.
-- idf = ln(1 + (N - df + 0.5) / (df + 0.5)); query terms repeated in the query count repeatedly.
create or replace function sw_bm25_scores(
  p_query text,
  p_tenant text default 'default',
  p_sources text[] default null,
  p_topics text[] default null,
  p_document_ids uuid[] default null,
  p_k1 double precision default 0.9,
  p_b double precision default 0.4,
  p_w_title double precision default 1,
  p_w_section double precision default 1,
  p_w_body double precision default 1
) returns table (chunk_id uuid, score double precision)
language sql stable as $$
  with q as (
    select lexeme as term, coalesce(array_length(positions, 1), 1) as qtf
    from unnest(to_tsvector('english', coalesce(p_query, '')))
  ),
  corpus as (
    select n_chunks::double precision as n,
      greatest(
        (p_w_title * sum_len_title + p_w_section * sum_len_section + p_w_body * sum_len_body)
          / nullif(n_chunks, 0)::double precision,
        1e-9) as avgdl
    from bm25_corpus where tenant_id = p_tenant and n_chunks > 0
  ),
  qt as (
    select q.term, q.qtf, ln(1 + (corpus.n - t.df + 0.5) / (t.df + 0.5)) as idf
    from q
    join bm25_terms t on t.tenant_id = p_tenant and t.term = q.term
    cross join corpus
  )
  select ct.chunk_id,
    sum(qt.qtf * qt.idf * x.tfw * (p_k1 + 1)
        / (x.tfw + p_k1 * (1 - p_b + p_b * x.dl / corpus.avgdl))) as score
  from qt
  join chunk_terms ct on ct.tenant_id = p_tenant and ct.term = qt.term
  join chunks c on c.id = ct.chunk_id
  cross join corpus
  cross join lateral (
    select (p_w_title * ct.tf_title + p_w_section * ct.tf_section + p_w_body * ct.tf_body)::double precision as tfw,
           (p_w_title * c.len_title + p_w_section * c.len_section + p_w_body * c.len_body)::double precision as dl
  ) x
  where c.searchable
    and (p_sources is null or c.source = any(p_sources))
    and (p_topics is null or c.topics && p_topics)
    and (p_document_ids is null or c.document_id = any(p_document_ids))
    and x.tfw > 0
  group by ct.chunk_id
$$;

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
  select c.id, c.document_id, c.parent_id, c.source, d.uri, c.doc_title, c.section_title,
    c.section_path, c.page_start, c.page_end, c.chunk_index, c.kind, c.token_count, c.topics,
    c.content, c.metadata,
    s.score, s.score, null::double precision, null::double precision,
    (row_number() over (order by s.score desc, c.id))::int, null::int
  from sw_bm25_scores(p_query, p_tenant, p_sources, p_topics, p_document_ids,
                      p_k1, p_b, p_w_title, p_w_section, p_w_body) s
  join chunks c on c.id = s.chunk_id
  join documents d on d.id = c.document_id
  where p_min_score is null or s.score >= p_min_score
  order by s.score desc, c.id
  limit p_match_count
$$;

-- Cosine similarity (1 - cosine distance) against the embedding column.
create or replace function sw_match_vector(
  p_query_embedding vector,
  p_match_count int default 10,
  p_tenant text default 'default',
  p_sources text[] default null,
  p_topics text[] default null,
  p_document_ids uuid[] default null,
  p_min_score double precision default null
) returns table (
  id uuid, document_id uuid, parent_id uuid, source text, uri text, doc_title text,
  section_title text, section_path text[], page_start int, page_end int, chunk_index int,
  kind text, token_count int, topics text[], content text, metadata jsonb,
  score double precision, lexical_score double precision, vector_score double precision,
  exact_score double precision, lexical_rank int, vector_rank int
)
language sql stable as $$
  with v as (
    select c.id, 1 - (c.embedding <=> p_query_embedding) as sim
    from sw_filtered_chunks(p_tenant, p_sources, p_topics, p_document_ids) c
    where c.embedding is not null
    order by c.embedding <=> p_query_embedding
    limit p_match_count
  )
  select c.id, c.document_id, c.parent_id, c.source, d.uri, c.doc_title, c.section_title,
    c.section_path, c.page_start, c.page_end, c.chunk_index, c.kind, c.token_count, c.topics,
    c.content, c.metadata,
    v.sim, null::double precision, v.sim, null::double precision,
    null::int, (row_number() over (order by v.sim desc, c.id))::int
  from v
  join chunks c on c.id = v.id
  join documents d on d.id = c.document_id
  where p_min_score is null or v.sim >= p_min_score
  order by v.sim desc, c.id
$$;

-- One-statement hybrid. Candidates: the top p_candidates of BM25 and of the vector side, plus
-- chunks holding an exact identifier. Each candidate gets both scores exactly; fusion is
--   'minmax': w_lexical * bm25 / max(bm25) + w_vector * minmax(cosine) + w_exact * share of exact terms
--   'rrf':    w_lexical / (k + lexical rank) + w_vector / (k + vector rank) + w_exact * share
-- A null embedding makes it lexical (+ exact) only.
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
  with lex as (
    select s.chunk_id, s.score, (row_number() over (order by s.score desc, s.chunk_id))::int as rk
    from sw_bm25_scores(p_query, p_tenant, p_sources, p_topics, p_document_ids,
                        p_k1, p_b, p_w_title, p_w_section, p_w_body) s
    order by s.score desc, s.chunk_id
    limit p_candidates
  ),
  vec as (
    select c.id as chunk_id, (row_number() over (order by c.embedding <=> p_query_embedding, c.id))::int as rk
    from sw_filtered_chunks(p_tenant, p_sources, p_topics, p_document_ids) c
    where p_query_embedding is not null and c.embedding is not null
    order by c.embedding <=> p_query_embedding, c.id
    limit p_candidates
  ),
  exact as (
    select c.id as chunk_id
    from sw_filtered_chunks(p_tenant, p_sources, p_topics, p_document_ids) c
    where p_exact_terms is not null and cardinality(p_exact_terms) > 0
      and exists (
        select 1 from unnest(p_exact_terms) t(term)
        where strpos(c.content, t.term) > 0 or strpos(c.doc_title, t.term) > 0
           or strpos(coalesce(c.section_title, ''), t.term) > 0)
    limit p_candidates
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
