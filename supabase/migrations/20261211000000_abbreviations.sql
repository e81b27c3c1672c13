-- Abbreviations each tenant's corpus spells out itself ("gradient echo (GRE)", "EPI (echo planar
-- imaging)", "True-FISP a.k.a. bSSFP"), mined at ingest into documents.metadata.abbreviations
-- (pairs [abbr, expansion]) and kept here by trigger, so retrieval expands a query both ways
-- (GRE → gradient echo, gradient echo → GRE). A replaced or deleted document takes its pairs
-- with it (cascade).

create table if not exists sw_abbreviations (
  document_id uuid not null references documents(id) on delete cascade,
  tenant_id text not null,
  abbr text not null,
  expansion text not null,
  primary key (document_id, abbr, expansion)
);
create index if not exists sw_abbreviations_tenant_idx on sw_abbreviations (tenant_id);

create or replace function sw_documents_add_abbreviations() returns trigger
language plpgsql as $$
begin
  insert into sw_abbreviations (document_id, tenant_id, abbr, expansion)
  select n.id, n.tenant_id, p->>0, p->>1
  from new_rows n, jsonb_array_elements(
    case when jsonb_typeof(n.metadata->'abbreviations') = 'array' then n.metadata->'abbreviations' else '[]'::jsonb end) p
  where jsonb_typeof(p) = 'array' and length(p->>0) > 1 and length(p->>1) > 1
  on conflict do nothing;
  return null;
end $$;

drop trigger if exists documents_add_abbreviations on documents;
create trigger documents_add_abbreviations after insert on documents
  referencing new table as new_rows
  for each statement execute function sw_documents_add_abbreviations();

-- The tenant's pairs with the number of documents spelling each out, most documents first.
create or replace function sw_list_abbreviations(p_tenant text default 'default', p_limit int default 5000)
returns table (abbr text, expansion text, documents int)
language sql stable as $$
  select a.abbr, a.expansion, count(*)::int
  from sw_abbreviations a
  where a.tenant_id = p_tenant
  group by a.abbr, a.expansion
  order by count(*) desc, a.abbr, a.expansion
  limit p_limit
$$;

alter table sw_abbreviations enable row level security;
revoke insert, update, delete, truncate on sw_abbreviations from anon, authenticated;
grant select on sw_abbreviations to authenticated;
grant execute on function sw_list_abbreviations(text, int) to authenticated;
drop policy if exists sw_tenant_rows on sw_abbreviations;
create policy sw_tenant_rows on sw_abbreviations for select to authenticated
  using (tenant_id = (select sw_jwt_tenant()));
