-- A tenant's first ingest statement writes its postings once (issue 14, lexical ingest). Until a
-- tenant has a reference length for its impacts (20261210), the row trigger used to write every
-- posting with a provisional impact and the statement trigger then rewrote them all at the
-- statement's average length: an update of every posting, as costly as writing them. Now the row
-- trigger writes the lengths only, and the statement trigger, which knows the average, writes
-- those rows' postings with their final impact: the same postings, impacts and reference as
-- before. It tokenises these rows a second time (the row trigger needed their lengths), which
-- costs far less than the update it replaces; later statements tokenise each field once.
-- The row trigger calls sw_body_text (a SQL function with a subquery: never inlined, a function
-- call per row) only for text with a camelCase run; without one it returns the text unchanged.
-- Which rows are left to the statement trigger is read from the postings themselves (searchable
-- new rows with none), so a row with no lexeme at all is only tokenised again, to no effect.

create or replace function sw_chunks_set_lengths() returns trigger
language plpgsql as $$
begin
  if not new.searchable then
    new.len_title := 0;
    new.len_section := 0;
    new.len_body := 0;
    return new;
  end if;
  with t as (
    select u.term, sum(u.tf_title)::int as tf_title, sum(u.tf_section)::int as tf_section, sum(u.tf_body)::int as tf_body
    from (
      select lexeme as term, coalesce(array_length(positions, 1), 1) as tf_title, 0 as tf_section, 0 as tf_body
        from unnest(to_tsvector('english', new.doc_title))
      union all
      select lexeme, 0, coalesce(array_length(positions, 1), 1), 0
        from unnest(to_tsvector('english', coalesce(new.section_title, '')))
      union all
      select lexeme, 0, 0, coalesce(array_length(positions, 1), 1)
        from unnest(to_tsvector('english',
          case when new.content ~ '[a-z]{2}[A-Z][a-z]' then sw_body_text(new.content) else new.content end))
    ) u
    group by u.term
  ), l as (
    select coalesce(sum(t.tf_title), 0)::int as lt, coalesce(sum(t.tf_section), 0)::int as ls,
      coalesce(sum(t.tf_body), 0)::int as lb,
      (select b.impact_avgdl from bm25_corpus b where b.tenant_id = new.tenant_id) as ref
    from t
  ), postings as (
    -- Without a reference yet (the tenant's first statement) the statement trigger writes them.
    insert into chunk_terms (chunk_id, tenant_id, term, tf_title, tf_section, tf_body, source, len_title, len_section, len_body, impact)
    select new.id, new.tenant_id, t.term, t.tf_title, t.tf_section, t.tf_body, new.source, l.lt, l.ls, l.lb,
      sw_bm25_impact(t.tf_title + t.tf_section + t.tf_body, l.lt + l.ls + l.lb, l.ref)
    from t, l
    where l.ref is not null
    order by t.term
  )
  select l.lt, l.ls, l.lb into new.len_title, new.len_section, new.len_body from l;
  return new;
end $$;

-- The corpus row is now written before the df rows (the first statement needs the average before
-- its postings, and the df counts read the postings): writers of one tenant take the tenant's lock
-- first (20261202), so this order cannot deadlock them; df rows keep their (tenant, term) order.
create or replace function sw_chunks_after_insert() returns trigger
language plpgsql as $$
declare
  r record;
begin
  insert into bm25_corpus as b (tenant_id, n_chunks, sum_len_title, sum_len_section, sum_len_body)
  select tenant_id, count(*), sum(len_title), sum(len_section), sum(len_body)
  from new_rows where searchable group by tenant_id order by tenant_id
  on conflict (tenant_id) do update set
    n_chunks = b.n_chunks + excluded.n_chunks,
    sum_len_title = b.sum_len_title + excluded.sum_len_title,
    sum_len_section = b.sum_len_section + excluded.sum_len_section,
    sum_len_body = b.sum_len_body + excluded.sum_len_body;

  -- Tenants without a reference take their average now (as sw_bm25_check_impacts would, and with
  -- it any postings they already hold), then their rows' postings are written at it.
  for r in
    select b.tenant_id from bm25_corpus b
    where b.impact_avgdl is null and b.n_chunks > 0
      and b.tenant_id in (select n.tenant_id from new_rows n where n.searchable)
    order by b.tenant_id
  loop
    perform sw_bm25_refresh_impacts(r.tenant_id);
  end loop;
  insert into chunk_terms (chunk_id, tenant_id, term, tf_title, tf_section, tf_body, source, len_title, len_section, len_body, impact)
  select n.id, n.tenant_id, t.term, t.tf_title, t.tf_section, t.tf_body, n.source, n.len_title, n.len_section, n.len_body,
    sw_bm25_impact(t.tf_title + t.tf_section + t.tf_body, n.len_title + n.len_section + n.len_body, b.impact_avgdl)
  from new_rows n
  join bm25_corpus b on b.tenant_id = n.tenant_id
  cross join lateral (
    select u.term, sum(u.tf_title)::int as tf_title, sum(u.tf_section)::int as tf_section, sum(u.tf_body)::int as tf_body
    from (
      select lexeme as term, coalesce(array_length(positions, 1), 1) as tf_title, 0 as tf_section, 0 as tf_body
        from unnest(to_tsvector('english', n.doc_title))
      union all
      select lexeme, 0, coalesce(array_length(positions, 1), 1), 0
        from unnest(to_tsvector('english', coalesce(n.section_title, '')))
      union all
      select lexeme, 0, 0, coalesce(array_length(positions, 1), 1)
        from unnest(to_tsvector('english', sw_body_text(n.content)))
    ) u
    group by u.term
  ) t
  where n.searchable and not exists (select 1 from chunk_terms ct where ct.chunk_id = n.id)
  order by n.id, t.term;

  insert into bm25_terms as b (tenant_id, term, df)
  select ct.tenant_id, ct.term, count(*)
  from new_rows n join chunk_terms ct on ct.chunk_id = n.id
  where n.searchable
  group by ct.tenant_id, ct.term
  order by ct.tenant_id, ct.term
  on conflict (tenant_id, term) do update set df = b.df + excluded.df;

  perform sw_bm25_check_impacts(array(select distinct tenant_id from new_rows where searchable));
  return null;
end $$;
