-- Row-level security: an end user's requests (the `authenticated` role, as PostgREST runs them
-- with the user's JWT) see only rows of the tenant named in the JWT claim
-- app_metadata.tenant_id. app_metadata, unlike user_metadata, only the service role can write,
-- so a user cannot re-tenant themselves. The table owner and Supabase's service_role bypass RLS:
-- that is how ingestion and the embedded PGlite store keep working unchanged.

-- Supabase provides the auth schema, auth.jwt() and the roles. Plain Postgres and PGlite do not:
-- create stand-ins that behave the same (claims read from request.jwt.claims), only if missing.
do $bootstrap$
begin
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_namespace where nspname = 'auth') then
    create schema auth;
    grant usage on schema auth to anon, authenticated;
  end if;
  if to_regprocedure('auth.jwt()') is null then
    execute $fn$
      create function auth.jwt() returns jsonb language sql stable as $body$
        select coalesce(
          nullif(current_setting('request.jwt.claim', true), ''),
          nullif(current_setting('request.jwt.claims', true), '')
        )::jsonb
      $body$
    $fn$;
    grant execute on function auth.jwt() to anon, authenticated;
  end if;
end
$bootstrap$;

-- The caller's tenant, or null (no claim: no rows).
create or replace function sw_jwt_tenant() returns text
language sql stable as $$
  select auth.jwt() -> 'app_metadata' ->> 'tenant_id'
$$;

do $rls$
declare
  t text;
begin
  foreach t in array array['documents', 'chunks', 'chunk_terms', 'bm25_terms', 'bm25_corpus',
    'embedding_cache', 'sw_index_meta', 'sw_tenant_config', 'sw_tenant_generation'] loop
    execute format('alter table %I enable row level security', t);
    -- Clients only read; writes go through the server (owner or service_role). Truncate
    -- ignores RLS, so it must not be granted at all (Supabase grants it by default).
    execute format('revoke insert, update, delete, truncate on %I from anon, authenticated', t);
    execute format('grant select on %I to authenticated', t);
  end loop;
  if to_regclass('sw_migrations') is not null then
    alter table sw_migrations enable row level security;
    revoke all on sw_migrations from anon, authenticated;
  end if;
end
$rls$;

grant usage on schema public to authenticated;

-- (select ...) makes Postgres evaluate the claim once per statement, not once per row.
drop policy if exists sw_tenant_rows on documents;
create policy sw_tenant_rows on documents for select to authenticated
  using (tenant_id = (select sw_jwt_tenant()));
drop policy if exists sw_tenant_rows on chunks;
create policy sw_tenant_rows on chunks for select to authenticated
  using (tenant_id = (select sw_jwt_tenant()));
drop policy if exists sw_tenant_rows on chunk_terms;
create policy sw_tenant_rows on chunk_terms for select to authenticated
  using (tenant_id = (select sw_jwt_tenant()));
drop policy if exists sw_tenant_rows on bm25_terms;
create policy sw_tenant_rows on bm25_terms for select to authenticated
  using (tenant_id = (select sw_jwt_tenant()));
drop policy if exists sw_tenant_rows on bm25_corpus;
create policy sw_tenant_rows on bm25_corpus for select to authenticated
  using (tenant_id = (select sw_jwt_tenant()));
drop policy if exists sw_tenant_rows on sw_tenant_config;
create policy sw_tenant_rows on sw_tenant_config for select to authenticated
  using (tenant_id = (select sw_jwt_tenant()));
drop policy if exists sw_tenant_rows on sw_tenant_generation;
create policy sw_tenant_rows on sw_tenant_generation for select to authenticated
  using (tenant_id = (select sw_jwt_tenant()));
-- Which model built the index is not tenant data, and clients need it to embed queries.
drop policy if exists sw_index_meta_read on sw_index_meta;
create policy sw_index_meta_read on sw_index_meta for select to authenticated using (true);
-- embedding_cache: no policy, so clients see none of it.
