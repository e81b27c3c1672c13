-- Whether one chunk writes two runs of words as written, case kept (`DROP MATERIALIZED VIEW` and
-- `CASCADE`): the gate's check of a run of upper-case keywords the corpus never writes side by side
-- (`INSERT IGNORE`). A reference page that writes the command and the option apart
-- (`TRUNCATE name RESTART IDENTITY`) documents the shorthand; a page that writes `INSERT` and, in
-- prose, "ignore" does not. Per pair (in order): whether a searchable chunk holding the rarest lexeme
-- of the two writes each run, its words separated by white space, as a whole word run. Security
-- invoker, so under a user's JWT row-level security keeps it to the claim's tenant.
create or replace function sw_written_together(p_tenant text, p_first text[], p_second text[])
returns table (ord bigint, found boolean)
language sql stable security invoker as $$
  select p.ord, d.rarest is not null and exists (
    select 1
    from chunk_terms r
    join chunks c on c.id = r.chunk_id
    where r.tenant_id = p_tenant and r.term = d.rarest and c.searchable
      and (c.doc_title || ' ' || coalesce(c.section_title, '') || ' ' || c.content) ~ w.first_pattern
      and (c.doc_title || ' ' || coalesce(c.section_title, '') || ' ' || c.content) ~ w.second_pattern
  )
  from unnest(p_first, p_second) with ordinality p(first, second, ord)
  cross join lateral (
    select '(^|[^A-Za-z0-9_])' || regexp_replace(p.first, '\s+', '[[:space:]]+', 'g') || '($|[^A-Za-z0-9_])' as first_pattern,
      '(^|[^A-Za-z0-9_])' || regexp_replace(p.second, '\s+', '[[:space:]]+', 'g') || '($|[^A-Za-z0-9_])' as second_pattern
  ) w
  cross join lateral (
    select (array_agg(l.term order by coalesce(b.df, 0), l.term) filter (where coalesce(b.df, 0) > 0))[1] as rarest
    from unnest(tsvector_to_array(to_tsvector('english', p.first || ' ' || p.second))) l(term)
    left join bm25_terms b on b.tenant_id = p_tenant and b.term = l.term
  ) d
  order by p.ord
$$;

grant execute on function sw_written_together(text, text[], text[]) to authenticated;
