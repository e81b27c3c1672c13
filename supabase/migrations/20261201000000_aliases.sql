-- Alias index of code entries: every function, method or class the code loaders parsed is
-- findable by a spelling-free key of its name, so `mr.makeTrapezoid`, `makeTrapezoid`,
-- `make_trapezoid` and `pp.make_trapezoid` (MATLAB and Python) all reach the defining entries.
-- Rows are derived at ingest, by trigger, from the name the loader stored in chunks.metadata;
-- a replaced or deleted document takes its aliases with it (cascade).

-- The key: letters and digits only, lower-case (`make_trapezoid` and `makeTrapezoid` → `maketrapezoid`).
create or replace function sw_alias_key(p_name text) returns text
language sql immutable parallel safe as $$
  select lower(regexp_replace(p_name, '[^A-Za-z0-9]', '', 'g'))
$$;

create table if not exists sw_aliases (
  chunk_id uuid not null references chunks(id) on delete cascade,
  tenant_id text not null,
  source text not null,
  alias text not null,
  -- The name as parsed, e.g. `make_trapezoid`, and its language.
  name text not null,
  language text,
  primary key (chunk_id, alias)
);
create index if not exists sw_aliases_lookup_idx on sw_aliases (tenant_id, alias);

-- Which rows are entries: code sections with a signature and a name, not scripts, not private names.
create or replace function sw_chunks_add_aliases() returns trigger
language plpgsql as $$
begin
  insert into sw_aliases (chunk_id, tenant_id, source, alias, name, language)
  select n.id, n.tenant_id, n.source, sw_alias_key(n.metadata->>'name'), n.metadata->>'name', n.metadata->>'language'
  from new_rows n
  where n.searchable and n.metadata ? 'signature'
    and n.metadata->>'kind' in ('function', 'method', 'class', 'interface', 'type')
    and n.metadata->>'name' !~ '^_' and length(sw_alias_key(n.metadata->>'name')) > 2
  on conflict do nothing;
  return null;
end $$;

drop trigger if exists chunks_add_aliases on chunks;
create trigger chunks_add_aliases after insert on chunks
  referencing new table as new_rows
  for each statement execute function sw_chunks_add_aliases();

-- Entries already indexed before this migration.
insert into sw_aliases (chunk_id, tenant_id, source, alias, name, language)
select c.id, c.tenant_id, c.source, sw_alias_key(c.metadata->>'name'), c.metadata->>'name', c.metadata->>'language'
from chunks c
where c.searchable and c.metadata ? 'signature'
  and c.metadata->>'kind' in ('function', 'method', 'class', 'interface', 'type')
  and c.metadata->>'name' !~ '^_' and length(sw_alias_key(c.metadata->>'name')) > 2
on conflict do nothing;

-- The entries whose name has one of the keys (callers pass names; they are keyed here), with
-- the same filters and row shape as the other match functions. Within an entry split into
-- child chunks, the first chunk (signature and doc) comes first. score = 1, exact_score = 1.
create or replace function sw_match_aliases(
  p_names text[],
  p_match_count int default 10,
  p_tenant text default 'default',
  p_sources text[] default null,
  p_topics text[] default null,
  p_document_ids uuid[] default null
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
    1::double precision, null::double precision, null::double precision, 1::double precision, null::int, null::int
  from sw_aliases a
  join chunks c on c.id = a.chunk_id
  join documents d on d.id = c.document_id
  where a.tenant_id = p_tenant
    and a.alias = any (select sw_alias_key(x) from unnest(p_names) x)
    and (p_sources is null or c.source = any(p_sources))
    and (p_topics is null or c.topics && p_topics)
    and (p_document_ids is null or c.document_id = any(p_document_ids))
  order by c.document_id, c.chunk_index
  limit p_match_count
$$;

alter table sw_aliases enable row level security;
revoke insert, update, delete, truncate on sw_aliases from anon, authenticated;
grant select on sw_aliases to authenticated;
drop policy if exists sw_tenant_rows on sw_aliases;
create policy sw_tenant_rows on sw_aliases for select to authenticated
  using (tenant_id = (select sw_jwt_tenant()));
