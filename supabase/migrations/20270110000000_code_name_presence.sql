-- Names are looked for as written, not as stems. The phrase check matched stems side by side
-- across any punctuation, so names the corpus does not have read as mentioned:
-- * a code name (`date_add`, `make_spiral_gradient`): the english parser splits it at the
--   underscore into common words, found in "… a date. Add …". Now one code name (letters, digits
--   and underscores, with an underscore) is looked for with strpos, case folded;
-- * a name of capitalised words (`Quick Share`): found in "quickly share". Now its words are looked
--   for in that order, case folded, as whole words with only spaces or hyphens between them and
--   an optional plural ending either way (`Galaxy Watches` finds Galaxy Watch and back), in the
--   title, the section title or the body.
-- Both in the chunks holding the rarest lexeme, as before; every other phrase as before.
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
            strpos(lower(c.doc_title || ' ' || coalesce(c.section_title, '') || ' ' || c.content), lower(p.phrase)) > 0
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
      p.phrase ~ '^[A-Za-z0-9]+(_+[A-Za-z0-9]+)+$' as code_name,
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
