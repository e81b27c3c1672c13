-- The tenant's mined synonym map (directed abbreviation ↔ expansion pairs weighed by document
-- frequency, see src/retrieval/mined-synonyms.ts), kept per tenant generation so a new process
-- reads it instead of weighing thousands of phrases again (~1 s on 5k abstracts). `rules` names
-- the version of the code that computed it; a row of another generation or rules is stale and
-- is replaced by the next process that computes the map. Written best effort by readers too.

create table if not exists sw_mined_synonyms (
  tenant_id text primary key,
  generation bigint not null,
  rules text not null,
  -- The map as JSON text, so its keys keep their order (jsonb would sort them, and the order
  -- decides the order of a query's expansions).
  synonyms text not null,
  updated_at timestamptz not null default now()
);

-- Server-side data only: no client role reads or writes it (Supabase exposes public tables).
alter table sw_mined_synonyms enable row level security;
revoke all on sw_mined_synonyms from anon, authenticated;
