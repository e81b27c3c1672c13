-- Leaner lexical ingest (issue 14: "one to_tsvector per field per chunk", lexical ingest >= 300
-- rows/s). Same postings, lengths, df and impacts as 20261210 for every searchable row; less
-- work per row:
--  * the row trigger tokenises each field once and derives the postings and the three lengths
--    from the same grouped lexemes in one statement (a field's length is the sum of its terms'
--    frequencies), instead of four statements per row;
--  * rows that are not searchable (split parents, kept whole for expansion) are not tokenised:
--    nothing reads their lengths (BM25 statistics count searchable rows only), and they are the
--    longest texts of a document (a parent holds all its children's text);
--  * a row's postings are written in term order: with time-ordered chunk ids (the store's) they
--    append to the right end of the primary key (chunk_id, term);
--  * sw_body_text skips its camelCase regex when the text has no lower-upper-lower run (most
--    prose), with the same result.

create or replace function sw_body_text(p_content text) returns text
language sql immutable parallel safe as $$
  select case when p_content ~ '[a-z]{2}[A-Z][a-z]' then p_content || coalesce(' ' || (
    select string_agg(regexp_replace(m[1], '([a-z0-9])([A-Z])', '\1 \2', 'g'), ' ')
    from regexp_matches(p_content, '([A-Za-z]*[a-z]{2}[A-Z][a-z][A-Za-z0-9]*)', 'g') m
  ), '') else p_content end
$$;

create or replace function sw_chunks_set_lengths() returns trigger
language plpgsql as $$
begin
  if not new.searchable then
    new.len_title := 0;
    new.len_section := 0;
    new.len_body := 0;
    return new;
  end if;
  -- A tenant's first statement has no reference length yet: these impacts are provisional and
  -- the statement trigger recomputes them (sw_bm25_check_impacts).
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
        from unnest(to_tsvector('english', sw_body_text(new.content)))
    ) u
    group by u.term
  ), l as (
    select coalesce(sum(t.tf_title), 0)::int as lt, coalesce(sum(t.tf_section), 0)::int as ls,
      coalesce(sum(t.tf_body), 0)::int as lb,
      (select b.impact_avgdl from bm25_corpus b where b.tenant_id = new.tenant_id) as ref
    from t
  ), postings as (
    insert into chunk_terms (chunk_id, tenant_id, term, tf_title, tf_section, tf_body, source, len_title, len_section, len_body, impact)
    select new.id, new.tenant_id, t.term, t.tf_title, t.tf_section, t.tf_body, new.source, l.lt, l.ls, l.lb,
      sw_bm25_impact(t.tf_title + t.tf_section + t.tf_body, l.lt + l.ls + l.lb, coalesce(l.ref, l.lt + l.ls + l.lb))
    from t, l
    order by t.term
  )
  select l.lt, l.ls, l.lb into new.len_title, new.len_section, new.len_body from l;
  return new;
end $$;
