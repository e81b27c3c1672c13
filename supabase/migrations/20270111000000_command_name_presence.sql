-- Command names are looked for as written too (see 20270110000000_code_name_presence.sql): a long
-- command-line option (`--data-only`) or a backslash meta-command (`\gexec`) is present only where
-- a chunk holds it, case folded. Its words as stems ("rows matching" for `--rows-matching`, "bind"
-- for `\bind`) are not the option. Every code name (these and `date_add`) is now matched whole:
-- `--data` is not in "--data-only", `date_add` not in "my_date_add_x". A code name with no lexeme
-- (`--where`: a stop word) has no postings to start from and is not looked for. Everything else as
-- in 20270110000000.
create or replace function sw_term_presence(p_tenant text, p_phrases text[])
returns table (phrase text, lexemes text[], min_df int, phrase_found boolean, indexed boolean)
language sql stable security invoker as $$
  select p.phrase, v.lexemes, d.min_df,
    case when cardinality(v.lexemes) > 1 or v.code_name or v.name_pattern is not null then d.min_df > 0 and exists (
      select 1
      from chunk_terms r
      join chunks c on c.id = r.chunk_id
      where r.tenant_id = p_tenant and r.term = d.rarest
        and not exists (
          select 1 from unnest(v.lexemes) l(term)
          where not exists (select 1 from chunk_terms o where o.chunk_id = r.chunk_id and o.term = l.term))
        and case
          when v.code_name then
            lower(c.doc_title || ' ' || coalesce(c.section_title, '') || ' ' || c.content)
              ~ ('(^|[^a-z0-9_-])' || replace(lower(p.phrase), '\', '\\') || '($|[^a-z0-9_-])')
          when v.name_pattern is not null then
            c.doc_title ~* v.name_pattern or coalesce(c.section_title, '') ~* v.name_pattern
              or sw_body_text(c.content) ~* v.name_pattern
          else (setweight(to_tsvector('english', c.doc_title), 'A')
               || setweight(to_tsvector('english', coalesce(c.section_title, '')), 'B')
               || to_tsvector('english', sw_body_text(c.content))) @@ phraseto_tsquery('english', p.phrase)
        end
    ) end,
    exists (select 1 from bm25_terms t where t.tenant_id = p_tenant)
  from unnest(p_phrases) with ordinality p(phrase, ord)
  cross join lateral (
    select tsvector_to_array(to_tsvector('english', p.phrase)) as lexemes,
      p.phrase ~ '^([A-Za-z0-9]+(_+[A-Za-z0-9]+)+|--[A-Za-z][A-Za-z0-9]*(-[A-Za-z0-9]+)*|\\[a-z][a-z0-9]*)$' as code_name,
      case when p.phrase ~ '^[A-Z0-9][A-Za-z0-9]*([ -]+[A-Z0-9][A-Za-z0-9]*)+$' then
        '\m' || array_to_string(array(
          select regexp_replace(w, '(?<=ch|sh|x|z|ss)es$|(?<=[^s])s$', '', 'i') || '(e?s)?'
          from unnest(regexp_split_to_array(p.phrase, '[ -]+')) w), '[[:space:]-]+') || '\M'
      end as name_pattern
  ) v
  cross join lateral (
    select coalesce(min(coalesce(b.df, 0)), 0)::int as min_df,
      (array_agg(l.term order by coalesce(b.df, 0), l.term))[1] as rarest
    from unnest(v.lexemes) l(term)
    left join bm25_terms b on b.tenant_id = p_tenant and b.term = l.term
  ) d
  order by p.ord
$$;

grant execute on function sw_term_presence(text, text[]) to authenticated;
