-- The last reads as SQL functions: the document list (ingestion, pruning, evals) and the counts of
-- `sourcewise stats`, so a Supabase client holding only a user's JWT can call them as RPCs.
-- Both run as the caller (security invoker): under a user's JWT, row-level security limits them
-- to the claim's tenant, and a forged p_tenant finds no rows.

-- A tenant's documents, optionally of one source, in uri order.
create or replace function sw_list_documents(p_tenant text, p_source text default null)
returns table (id uuid, tenant_id text, source text, uri text, content_hash text)
language sql stable security invoker as $$
  select d.id, d.tenant_id, d.source, d.uri, d.content_hash
  from documents d
  where d.tenant_id = p_tenant and (p_source is null or d.source = p_source)
  order by d.uri, d.source
$$;

-- One row of counts for a tenant. `chunks` counts child chunks (kind 'chunk'); by_source counts
-- every stored row of a source's documents: [{ "source", "documents", "chunks" }] by source.
create or replace function sw_stats(p_tenant text)
returns table (documents int, sections int, chunks int, searchable int, terms int, by_source jsonb)
language sql stable security invoker as $$
  with totals as (
    select count(*) filter (where c.kind = 'section')::int as sections,
      count(*) filter (where c.kind = 'chunk')::int as chunks,
      count(*) filter (where c.searchable)::int as searchable
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
    ), '[]'::jsonb)
  from totals
$$;

-- Supabase grants execute on new functions to its API roles by default; a project that revoked
-- that default still needs these two callable by signed-in users.
grant execute on function sw_list_documents(text, text) to authenticated;
grant execute on function sw_stats(text) to authenticated;
