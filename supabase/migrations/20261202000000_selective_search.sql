-- Selective search for large corpora (issue 14). Same scores as before, fewer rows touched:
--  * sw_match_bm25 finds its top k without scoring every chunk of the common terms (sw_bm25_top,
--    exact: MaxScore bound, falls back to full scoring when the bound does not prune);
--  * postings (chunk_terms) carry the chunk's source and field lengths, under a covering index on
--    (tenant_id, term), so BM25 reads only postings and never the wide chunks heap (filters on
--    topics or document ids still look the chunk up);
--  * the `fts` column and its GIN index go (only an evaluation baseline read them; it now computes
--    the tsvector on the fly): one to_tsvector per field per chunk at insert instead of nine;
--  * the exact-identifier side finds candidates through the postings of the identifier's own
--    lexemes and confirms them with strpos, instead of strpos over every chunk of the tenant;
--  * filtered vector search keeps scanning the HNSW graph until it has the requested count
--    (pgvector >= 0.8 `hnsw.iterative_scan`; older pgvector keeps the plain post-filter);
--  * writes of one tenant take a transaction-level advisory lock first, df rows are upserted and
--    decremented in (tenant, term) order, and `df <= 0` cleanup touches only the terms decremented,
--    so concurrent ingests into one tenant queue instead of deadlocking;
--  * a chunk may be stored without its vector (searchable at once, embedded later): sw_stats
--    reports how many rows await embeddings.

-- ---- postings ------------------------------------------------------------------------------

alter table chunk_terms add column if not exists source text not null default '';
alter table chunk_terms add column if not exists len_title int not null default 0;
alter table chunk_terms add column if not exists len_section int not null default 0;
alter table chunk_terms add column if not exists len_body int not null default 0;

update chunk_terms ct
set source = c.source, len_title = c.len_title, len_section = c.len_section, len_body = c.len_body
from chunks c
where c.id = ct.chunk_id;

create index if not exists chunk_terms_postings_idx on chunk_terms (tenant_id, term)
  include (chunk_id, source, tf_title, tf_section, tf_body, len_title, len_section, len_body);
drop index if exists chunk_terms_term_idx;

-- ---- no fts column -------------------------------------------------------------------------

drop index if exists chunks_fts_idx;
alter table chunks drop column if exists fts;

-- ---- insert: one to_tsvector per field, postings written with the row --------------------

create or replace function sw_chunks_set_lengths() returns trigger
language plpgsql as $$
declare
  v_title tsvector := to_tsvector('english', new.doc_title);
  v_section tsvector := to_tsvector('english', coalesce(new.section_title, ''));
  v_body tsvector := to_tsvector('english', sw_body_text(new.content));
begin
  select coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::int into new.len_title from unnest(v_title);
  select coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::int into new.len_section from unnest(v_section);
  select coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::int into new.len_body from unnest(v_body);
  if new.searchable then
    insert into chunk_terms (chunk_id, tenant_id, term, tf_title, tf_section, tf_body, source, len_title, len_section, len_body)
    select new.id, new.tenant_id, t.term, sum(t.tf_title), sum(t.tf_section), sum(t.tf_body),
      new.source, new.len_title, new.len_section, new.len_body
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

-- df and corpus totals from the postings the row trigger wrote, in (tenant, term) order.
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
  return null;
end $$;

create or replace function sw_chunks_after_delete() returns trigger
language plpgsql as $$
begin
  -- The df rows of the removed postings are locked in (tenant, term) order, then decremented,
  -- and those that reach 0 (only those) are deleted.
  with gone as (
    delete from chunk_terms ct using old_rows o
    where ct.chunk_id = o.id
    returning ct.tenant_id, ct.term
  ), counts as (
    select tenant_id, term, count(*) as c from gone group by tenant_id, term
  ), locked as (
    select b.tenant_id, b.term, b.df - counts.c as df
    from bm25_terms b join counts on b.tenant_id = counts.tenant_id and b.term = counts.term
    order by b.tenant_id, b.term
    for update of b
  ), kept as (
    update bm25_terms b set df = l.df
    from locked l where b.tenant_id = l.tenant_id and b.term = l.term and l.df > 0
    returning 1
  )
  delete from bm25_terms b using locked l
  where b.tenant_id = l.tenant_id and b.term = l.term and l.df <= 0;

  update bm25_corpus b set
    n_chunks = b.n_chunks - o.n,
    sum_len_title = b.sum_len_title - o.lt,
    sum_len_section = b.sum_len_section - o.ls,
    sum_len_body = b.sum_len_body - o.lb
  from (
    select tenant_id, count(*) as n, sum(len_title) as lt, sum(len_section) as ls, sum(len_body) as lb
    from old_rows where searchable group by tenant_id
  ) o
  where b.tenant_id = o.tenant_id;
  return null;
end $$;

-- Postings copy the source: it is immutable too.
create or replace function sw_chunks_no_update() returns trigger
language plpgsql as $$
begin
  if new.content is distinct from old.content or new.doc_title is distinct from old.doc_title
     or new.section_title is distinct from old.section_title or new.searchable is distinct from old.searchable
     or new.tenant_id is distinct from old.tenant_id or new.source is distinct from old.source then
    raise exception 'chunks are immutable in text fields; delete and re-insert the document instead';
  end if;
  return new;
end $$;

-- ---- one writer per tenant at a time --------------------------------------------------------

-- Every write of a tenant's documents updates the same bm25_corpus and generation rows; taking
-- the tenant's lock first makes concurrent ingests queue in one order instead of deadlocking.
create or replace function sw_documents_lock_tenant() returns trigger
language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform pg_advisory_xact_lock(hashtextextended('sourcewise:tenant:' || old.tenant_id, 0));
    return old;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('sourcewise:tenant:' || new.tenant_id, 0));
  return new;
end $$;

drop trigger if exists documents_lock_tenant on documents;
create trigger documents_lock_tenant before insert or delete on documents
  for each row execute function sw_documents_lock_tenant();

-- ---- BM25 from postings alone ---------------------------------------------------------------

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
  cross join corpus
  cross join lateral (
    select (p_w_title * ct.tf_title + p_w_section * ct.tf_section + p_w_body * ct.tf_body)::double precision as tfw,
           (p_w_title * ct.len_title + p_w_section * ct.len_section + p_w_body * ct.len_body)::double precision as dl
  ) x
  where (p_sources is null or ct.source = any(p_sources))
    and ((p_topics is null and p_document_ids is null) or exists (
      select 1 from chunks c where c.id = ct.chunk_id
        and (p_topics is null or c.topics && p_topics)
        and (p_document_ids is null or c.document_id = any(p_document_ids))))
    and x.tfw > 0
  group by ct.chunk_id
$$;

-- ---- vector search that returns the requested count ----------------------------------------

-- The exact top p_limit of sw_bm25_scores (by score, then chunk id), without scoring every chunk
-- that holds a common query term. MaxScore-style: each term's contribution is below
-- ub = qtf * idf * (k1 + 1). The most frequent terms ("common", their bounds summing to at most a
-- third of all) are set aside. Chunks holding any other ("rare") term get a partial score from the
-- rare postings; those whose partial score plus the common bounds can reach the k-th partial
-- score are scored in full (their common terms read by primary key). If the k-th full score
-- exceeds the common bounds, no chunk holding only common terms can enter the top k, and the
-- answer is exact (the same rows and scores; summation order differs, so scores agree to ~1e-12).
-- Otherwise (fewer than k chunks with a rare term, or no split) it scores everything.
create or replace function sw_bm25_top(
  p_query text,
  p_limit int,
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
language plpgsql stable as $$
declare
  v_n double precision;
  v_avgdl double precision;
  v_terms text[];
  v_qtf int[];
  v_idf double precision[];
  v_rare text[];
  v_common int := 0;
  v_ub double precision;
  v_total_ub double precision := 0;
  v_common_ub double precision := 0;
  v_ids uuid[];
  v_scores double precision[];
begin
  select c.n_chunks, greatest((p_w_title * c.sum_len_title + p_w_section * c.sum_len_section + p_w_body * c.sum_len_body)
           / nullif(c.n_chunks, 0)::double precision, 1e-9)
  into v_n, v_avgdl
  from bm25_corpus c where c.tenant_id = p_tenant and c.n_chunks > 0;
  if v_n is null or p_limit <= 0 then
    return;
  end if;
  -- Query terms known to the tenant, most frequent first.
  select array_agg(q.term order by t.df desc, q.term), array_agg(q.qtf order by t.df desc, q.term),
         array_agg(ln(1 + (v_n - t.df + 0.5) / (t.df + 0.5)) order by t.df desc, q.term)
  into v_terms, v_qtf, v_idf
  from (
    select lexeme as term, coalesce(array_length(positions, 1), 1) as qtf
    from unnest(to_tsvector('english', coalesce(p_query, '')))
  ) q
  join bm25_terms t on t.tenant_id = p_tenant and t.term = q.term;
  if v_terms is null then
    return;
  end if;
  -- Common terms: the most frequent ones, while their bounds add up to at most a third of all
  -- the terms' bounds (a chunk with only those then rarely reaches the k-th score).
  for i in 1 .. cardinality(v_terms) loop
    v_total_ub := v_total_ub + v_qtf[i] * v_idf[i] * (p_k1 + 1);
  end loop;
  for i in 1 .. cardinality(v_terms) - 1 loop
    v_ub := v_qtf[i] * v_idf[i] * (p_k1 + 1);
    exit when v_common_ub + v_ub > v_total_ub / 3;
    v_common_ub := v_common_ub + v_ub;
    v_common := i;
  end loop;
  if v_common > 0 then
    v_rare := v_terms[v_common + 1 : cardinality(v_terms)];
    with qt as (
      select u.term, u.qtf, u.idf from unnest(v_terms, v_qtf, v_idf) as u(term, qtf, idf)
    ),
    -- Partial scores from the rare terms' postings alone (covering index).
    rare_scores as materialized (
      select ct.chunk_id,
        sum(qt.qtf * qt.idf * x.tfw * (p_k1 + 1) / (x.tfw + p_k1 * (1 - p_b + p_b * x.dl / v_avgdl))) as score
      from chunk_terms ct
      join qt on qt.term = ct.term
      cross join lateral (
        select (p_w_title * ct.tf_title + p_w_section * ct.tf_section + p_w_body * ct.tf_body)::double precision as tfw,
               (p_w_title * ct.len_title + p_w_section * ct.len_section + p_w_body * ct.len_body)::double precision as dl
      ) x
      where ct.tenant_id = p_tenant and ct.term = any(v_rare)
        and (p_sources is null or ct.source = any(p_sources))
        and ((p_topics is null and p_document_ids is null) or exists (
          select 1 from chunks c where c.id = ct.chunk_id
            and (p_topics is null or c.topics && p_topics)
            and (p_document_ids is null or c.document_id = any(p_document_ids))))
        and x.tfw > 0
      group by ct.chunk_id
    ),
    -- The k-th partial score bounds the k-th full score from below: only chunks whose partial
    -- score plus the common terms' bound reaches it can be in the top k.
    kth as (
      select r.score from rare_scores r order by r.score desc offset p_limit - 1 limit 1
    ),
    survivors as (
      select r.chunk_id, r.score from rare_scores r, kth where r.score + v_common_ub >= kth.score
    ),
    full_scores as (
      select sv.chunk_id, sv.score + coalesce((
        select sum(qt.qtf * qt.idf * x.tfw * (p_k1 + 1) / (x.tfw + p_k1 * (1 - p_b + p_b * x.dl / v_avgdl)))
        from chunk_terms p
        join qt on qt.term = p.term
        cross join lateral (
          select (p_w_title * p.tf_title + p_w_section * p.tf_section + p_w_body * p.tf_body)::double precision as tfw,
                 (p_w_title * p.len_title + p_w_section * p.len_section + p_w_body * p.len_body)::double precision as dl
        ) x
        where p.chunk_id = sv.chunk_id and p.term = any(v_terms[1 : v_common]) and x.tfw > 0
      ), 0) as score
      from survivors sv
    ),
    top as (
      select f.chunk_id, f.score from full_scores f order by f.score desc, f.chunk_id limit p_limit
    )
    select array_agg(top.chunk_id order by top.score desc, top.chunk_id), array_agg(top.score order by top.score desc, top.chunk_id)
    into v_ids, v_scores
    from top;
    if cardinality(v_ids) = p_limit and v_scores[p_limit] > v_common_ub then
      return query select u.id, u.s from unnest(v_ids, v_scores) as u(id, s);
      return;
    end if;
  end if;
  return query
    select s.chunk_id, s.score
    from sw_bm25_scores(p_query, p_tenant, p_sources, p_topics, p_document_ids, p_k1, p_b, p_w_title, p_w_section, p_w_body) s
    order by s.score desc, s.chunk_id
    limit p_limit;
end $$;

-- The top p_match_count scores first, then the wide chunk and document rows of those only.
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
    from sw_bm25_top(p_query, p_match_count, p_tenant, p_sources, p_topics, p_document_ids,
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

-- (sw_match_vector is unchanged; the iterative scan is set on it at the end of this file.)

-- ---- hybrid: exact identifiers through the postings ------------------------------------------

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
  -- The exact top p_candidates of BM25 (sw_bm25_top prunes the common terms' postings: on the
  -- kernel docs at 50k chunks it took the hybrid's p50 from 2.8 s to about 1 s).
  with lex as (
    select s.chunk_id, s.score, (row_number() over (order by s.score desc, s.chunk_id))::int as rk
    from sw_bm25_top(p_query, p_candidates, p_tenant, p_sources, p_topics, p_document_ids,
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

-- ---- rows awaiting embeddings ---------------------------------------------------------------

create index if not exists chunks_awaiting_embedding_idx on chunks (tenant_id) where searchable and embedding is null;

drop function if exists sw_stats(text);
create function sw_stats(p_tenant text)
returns table (documents int, sections int, chunks int, searchable int, terms int, by_source jsonb, awaiting_embeddings int)
language sql stable security invoker as $$
  with totals as (
    select count(*) filter (where c.kind = 'section')::int as sections,
      count(*) filter (where c.kind = 'chunk')::int as chunks,
      count(*) filter (where c.searchable)::int as searchable,
      count(*) filter (where c.searchable and c.embedding is null)::int as awaiting
    from chunks c where c.tenant_id = p_tenant
  )
  select
    (select count(*)::int from documents d where d.tenant_id = p_tenant),
    totals.sections, totals.chunks, totals.searchable,
    (select count(*)::int from bm25_terms t where t.tenant_id = p_tenant),
    coalesce((
      select jsonb_agg(jsonb_build_object('source', s.source, 'documents', s.documents, 'chunks', s.chunks)
                       order by s.source)
      from (
        select d.source, count(distinct d.id)::int as documents, count(dc.id)::int as chunks
        from documents d left join chunks dc on dc.document_id = d.id
        where d.tenant_id = p_tenant
        group by d.source
      ) s
    ), '[]'::jsonb),
    totals.awaiting
  from totals
$$;
grant execute on function sw_stats(text) to authenticated;

-- ---- the gate's term presence without the fts column -----------------------------------------

-- Same answer as before: a phrase of several lexemes is found when one searchable chunk holds it
-- as a phrase. The candidates are the chunks whose postings hold every lexeme of the phrase (the
-- covering index), and only those have their text turned into a tsvector to check the order.
create or replace function sw_term_presence(p_tenant text, p_phrases text[])
returns table (phrase text, lexemes text[], min_df int, phrase_found boolean, indexed boolean)
language sql stable security invoker as $$
  select p.phrase, v.lexemes,
    coalesce((
      select min(coalesce(b.df, 0))::int
      from unnest(v.lexemes) l(term)
      left join bm25_terms b on b.tenant_id = p_tenant and b.term = l.term
    ), 0),
    case when cardinality(v.lexemes) > 1 then exists (
      select 1
      from (
        select ct.chunk_id
        from chunk_terms ct
        where ct.tenant_id = p_tenant and ct.term = any(v.lexemes)
        group by ct.chunk_id
        having count(distinct ct.term) = cardinality(v.lexemes)
      ) m
      join chunks c on c.id = m.chunk_id
      where (setweight(to_tsvector('english', c.doc_title), 'A')
             || setweight(to_tsvector('english', coalesce(c.section_title, '')), 'B')
             || to_tsvector('english', sw_body_text(c.content))) @@ phraseto_tsquery('english', p.phrase)
    ) end,
    exists (select 1 from bm25_terms t where t.tenant_id = p_tenant)
  from unnest(p_phrases) with ordinality p(phrase, ord)
  cross join lateral (select tsvector_to_array(to_tsvector('english', p.phrase)) as lexemes) v
  order by p.ord
$$;

grant execute on function sw_term_presence(text, text[]) to authenticated;
