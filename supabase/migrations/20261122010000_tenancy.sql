-- Per-tenant configuration, a per-tenant "generation" that result caches compare against, and
-- the remaining reads as SQL functions, so every store (and a Supabase RPC) reads the same way.

-- Overrides of the configured defaults for one tenant; null columns keep the default.
create table if not exists sw_tenant_config (
  tenant_id text primary key,
  chat_model text,
  reranker text,
  gate jsonb not null default '{}',
  generation jsonb not null default '{}',
  answer_style text,
  updated_at timestamptz not null default now()
);

-- Bumped by every document insert or delete of a tenant (by any process or tool), so a
-- result cache in another process knows its entries for that tenant are stale.
create table if not exists sw_tenant_generation (
  tenant_id text primary key,
  generation bigint not null default 0,
  updated_at timestamptz not null default now()
);

create or replace function sw_documents_bump_generation() returns trigger
language plpgsql as $$
begin
  insert into sw_tenant_generation as g (tenant_id, generation)
  select distinct tenant_id, 1 from changed_rows
  on conflict (tenant_id) do update set generation = g.generation + 1, updated_at = now();
  return null;
end $$;

drop trigger if exists documents_generation_insert on documents;
create trigger documents_generation_insert after insert on documents
  referencing new table as changed_rows
  for each statement execute function sw_documents_bump_generation();

drop trigger if exists documents_generation_delete on documents;
create trigger documents_generation_delete after delete on documents
  referencing old table as changed_rows
  for each statement execute function sw_documents_bump_generation();

create or replace function sw_get_tenant_generation(p_tenant text) returns bigint
language sql stable as $$
  select coalesce((select generation from sw_tenant_generation where tenant_id = p_tenant), 0)
$$;

create or replace function sw_get_tenant_config(p_tenant text) returns setof sw_tenant_config
language sql stable as $$
  select * from sw_tenant_config where tenant_id = p_tenant
$$;

-- Chunks by id, or every row of one document, always within one tenant: a guessed foreign id
-- yields nothing. Same columns as the match functions (scores null).
create or replace function sw_get_chunks(p_tenant text, p_ids uuid[] default null, p_document_id uuid default null)
returns table (
  id uuid, document_id uuid, parent_id uuid, source text, uri text, doc_title text,
  section_title text, section_path text[], page_start int, page_end int, chunk_index int,
  kind text, token_count int, topics text[], content text, metadata jsonb,
  score double precision, lexical_score double precision, vector_score double precision,
  exact_score double precision, lexical_rank int, vector_rank int
)
language sql stable as $$
  select c.id, c.document_id, c.parent_id, c.source, d.uri, c.doc_title, c.section_title, c.section_path,
    c.page_start, c.page_end, c.chunk_index, c.kind, c.token_count, c.topics, c.content, c.metadata,
    null::float8, null::float8, null::float8, null::float8, null::int, null::int
  from chunks c join documents d on d.id = c.document_id
  where c.tenant_id = p_tenant and d.tenant_id = p_tenant
    and (p_ids is null or c.id = any(p_ids))
    and (p_document_id is null or c.document_id = p_document_id)
    and (p_ids is not null or p_document_id is not null)
  order by c.document_id, c.chunk_index
$$;

-- The index's embedding model, readable by clients that only call functions.
create or replace function sw_get_index_meta() returns setof sw_index_meta
language sql stable as $$
  select * from sw_index_meta
$$;
