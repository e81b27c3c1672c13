-- Re-embedding the whole index with another model (`sourcewise reindex`), resumably.
-- The target model's vectors are staged in chunks.embedding_next (any dimension, not indexed)
-- while every search keeps reading chunks.embedding with the old model; the last step moves them
-- into chunks.embedding and sets sw_index_meta in one transaction, so the index never mixes models.
alter table chunks add column if not exists embedding_next vector;

-- The reindex under way, if any (one row): what it re-embeds to, and from what.
create table if not exists sw_reindex (
  id boolean primary key default true check (id),
  target_model text not null,
  target_dimension int not null check (target_dimension > 0),
  from_model text,
  from_dimension int,
  started_at timestamptz not null default now()
);

-- Server-side state: clients neither read nor write it (no policy).
alter table sw_reindex enable row level security;
revoke all on sw_reindex from anon, authenticated;
