-- sourcewise schema: documents, section-aware chunks, and the statistics BM25 needs.
-- Applied unchanged to PGlite, Postgres and Supabase; only pgvector is required.

create extension if not exists vector;

-- Which embedding model built the index. One row; a mismatch at query time is refused.
create table if not exists sw_index_meta (
  id boolean primary key default true check (id),
  embedding_model text not null,
  embedding_dimension int not null,
  updated_at timestamptz not null default now()
);

-- Body text as indexed: the content plus the words inside camelCase identifiers, so that
-- "trapezoid" finds makeTrapezoid. The english parser already splits snake_case.
create or replace function sw_body_text(p_content text) returns text
language sql immutable parallel safe as $$
  select p_content || coalesce(' ' || (
    select string_agg(regexp_replace(m[1], '([a-z0-9])([A-Z])', '\1 \2', 'g'), ' ')
    from regexp_matches(p_content, '([A-Za-z]*[a-z]{2}[A-Z][a-z][A-Za-z0-9]*)', 'g') m
  ), '')
$$;

create table if not exists documents (
  id uuid primary key default gen_random_uuid(),
  tenant_id text not null default 'default',
  source text not null,
  uri text not null,
  title text not null default '',
  format text,
  content_hash text not null,
  topics text[] not null default '{}',
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, source, uri)
);
create index if not exists documents_metadata_idx on documents using gin (metadata jsonb_path_ops);

-- A row is a section (the logical unit) or a child chunk of a long section.
-- Parents that were split are kept whole for expansion but are not searched (searchable = false).
create table if not exists chunks (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references documents(id) on delete cascade,
  tenant_id text not null,
  source text not null,
  parent_id uuid references chunks(id) on delete cascade,
  kind text not null check (kind in ('section', 'chunk')),
  searchable boolean not null default true,
  chunk_index int not null,
  doc_title text not null default '',
  section_title text,
  section_path text[] not null default '{}',
  page_start int,
  page_end int,
  topics text[] not null default '{}',
  token_count int not null default 0,
  content text not null,
  metadata jsonb not null default '{}',
  embedding vector(512),
  -- Field lengths in english lexeme positions, for BM25 length normalisation (set by trigger).
  len_title int not null default 0,
  len_section int not null default 0,
  len_body int not null default 0,
  fts tsvector generated always as (
    setweight(to_tsvector('english', doc_title), 'A')
    || setweight(to_tsvector('english', coalesce(section_title, '')), 'B')
    || to_tsvector('english', sw_body_text(content))
  ) stored,
  unique (document_id, chunk_index)
);
create index if not exists chunks_tenant_source_idx on chunks (tenant_id, source) where searchable;
create index if not exists chunks_parent_idx on chunks (parent_id);
create index if not exists chunks_topics_idx on chunks using gin (topics);
create index if not exists chunks_metadata_idx on chunks using gin (metadata jsonb_path_ops);
create index if not exists chunks_fts_idx on chunks using gin (fts);
create index if not exists chunks_embedding_idx on chunks using hnsw (embedding vector_cosine_ops);

-- BM25 statistics, maintained by the triggers below so every engine scores the same way.
-- Per searchable chunk and english lexeme: term frequency in each field.
create table if not exists chunk_terms (
  chunk_id uuid not null,
  tenant_id text not null,
  term text not null,
  tf_title int not null default 0,
  tf_section int not null default 0,
  tf_body int not null default 0,
  primary key (chunk_id, term)
);
create index if not exists chunk_terms_term_idx on chunk_terms (tenant_id, term);

-- Document frequency per tenant and term.
create table if not exists bm25_terms (
  tenant_id text not null,
  term text not null,
  df int not null,
  primary key (tenant_id, term)
);

-- Corpus size and summed field lengths per tenant (average lengths derive from them).
create table if not exists bm25_corpus (
  tenant_id text primary key,
  n_chunks bigint not null default 0,
  sum_len_title bigint not null default 0,
  sum_len_section bigint not null default 0,
  sum_len_body bigint not null default 0
);

-- Content-hash cache, so nothing is embedded twice.
create table if not exists embedding_cache (
  model text not null,
  content_hash text not null,
  embedding vector not null,
  created_at timestamptz not null default now(),
  primary key (model, content_hash)
);

create or replace function sw_lexeme_count(p_text text) returns int
language sql immutable parallel safe as $$
  select coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::int
  from unnest(to_tsvector('english', coalesce(p_text, '')))
$$;

create or replace function sw_chunks_set_lengths() returns trigger
language plpgsql as $$
begin
  new.len_title := sw_lexeme_count(new.doc_title);
  new.len_section := sw_lexeme_count(new.section_title);
  new.len_body := sw_lexeme_count(sw_body_text(new.content));
  return new;
end $$;

create or replace function sw_chunks_after_insert() returns trigger
language plpgsql as $$
begin
  with terms as (
    insert into chunk_terms (chunk_id, tenant_id, term, tf_title, tf_section, tf_body)
    select n.id, n.tenant_id, t.term, sum(t.tf_title), sum(t.tf_section), sum(t.tf_body)
    from new_rows n
    cross join lateral (
      select lexeme as term, coalesce(array_length(positions, 1), 1) as tf_title, 0 as tf_section, 0 as tf_body
        from unnest(to_tsvector('english', n.doc_title))
      union all
      select lexeme, 0, coalesce(array_length(positions, 1), 1), 0
        from unnest(to_tsvector('english', coalesce(n.section_title, '')))
      union all
      select lexeme, 0, 0, coalesce(array_length(positions, 1), 1)
        from unnest(to_tsvector('english', sw_body_text(n.content)))
    ) t
    where n.searchable
    group by n.id, n.tenant_id, t.term
    returning tenant_id, term
  )
  insert into bm25_terms as b (tenant_id, term, df)
  select tenant_id, term, count(*) from terms group by tenant_id, term
  on conflict (tenant_id, term) do update set df = b.df + excluded.df;

  insert into bm25_corpus as b (tenant_id, n_chunks, sum_len_title, sum_len_section, sum_len_body)
  select tenant_id, count(*), sum(len_title), sum(len_section), sum(len_body)
  from new_rows where searchable group by tenant_id
  on conflict (tenant_id) do update set
    n_chunks = b.n_chunks + excluded.n_chunks,
    sum_len_title = b.sum_len_title + excluded.sum_len_title,
    sum_len_section = b.sum_len_section + excluded.sum_len_section,
    sum_len_body = b.sum_len_body + excluded.sum_len_body;
  return null;
end $$;

-- chunk_terms has no foreign key on purpose: a cascade would remove its rows before this
-- statement trigger could read them to decrement the document frequencies.
create or replace function sw_chunks_after_delete() returns trigger
language plpgsql as $$
begin
  with gone as (
    delete from chunk_terms ct using old_rows o
    where ct.chunk_id = o.id
    returning ct.tenant_id, ct.term
  ), counts as (
    select tenant_id, term, count(*) as c from gone group by tenant_id, term
  )
  update bm25_terms b set df = b.df - counts.c
  from counts where b.tenant_id = counts.tenant_id and b.term = counts.term;

  delete from bm25_terms where df <= 0;

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

drop trigger if exists chunks_set_lengths on chunks;
create trigger chunks_set_lengths before insert on chunks
  for each row execute function sw_chunks_set_lengths();

drop trigger if exists chunks_after_insert on chunks;
create trigger chunks_after_insert after insert on chunks
  referencing new table as new_rows
  for each statement execute function sw_chunks_after_insert();

drop trigger if exists chunks_after_delete on chunks;
create trigger chunks_after_delete after delete on chunks
  referencing old table as old_rows
  for each statement execute function sw_chunks_after_delete();

-- Chunks are replaced, never edited in place: an update would bypass the statistics.
create or replace function sw_chunks_no_update() returns trigger
language plpgsql as $$
begin
  if new.content is distinct from old.content or new.doc_title is distinct from old.doc_title
     or new.section_title is distinct from old.section_title or new.searchable is distinct from old.searchable
     or new.tenant_id is distinct from old.tenant_id then
    raise exception 'chunks are immutable in text fields; delete and re-insert the document instead';
  end if;
  return new;
end $$;

drop trigger if exists chunks_no_update on chunks;
create trigger chunks_no_update before update on chunks
  for each row execute function sw_chunks_no_update();
