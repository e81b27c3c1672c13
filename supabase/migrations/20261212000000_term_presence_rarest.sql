-- The gate's and the synonym miner's term presence, cheap for many phrases. The phrase check of
-- 20261202 grouped the postings of every lexeme of a phrase before looking for one chunk holding
-- it, so a phrase of common words read their whole posting lists (the synonym miner's thousands
-- of phrases took 43 s on the first question of a process: it now uses sw_term_df). Now a phrase is
-- looked for only when each of its lexemes is indexed (min_df > 0), from the postings of its
-- rarest lexeme, and `exists` stops at the first chunk that holds it as a phrase. Same answers.
create or replace function sw_term_presence(p_tenant text, p_phrases text[])
returns table (phrase text, lexemes text[], min_df int, phrase_found boolean, indexed boolean)
language sql stable security invoker as $$
  select p.phrase, v.lexemes, d.min_df,
    case when cardinality(v.lexemes) > 1 then d.min_df > 0 and exists (
      select 1
      from chunk_terms r
      join chunks c on c.id = r.chunk_id
      where r.tenant_id = p_tenant and r.term = d.rarest
        and not exists (
          select 1 from unnest(v.lexemes) l(term)
          where not exists (select 1 from chunk_terms o where o.chunk_id = r.chunk_id and o.term = l.term))
        and (setweight(to_tsvector('english', c.doc_title), 'A')
             || setweight(to_tsvector('english', coalesce(c.section_title, '')), 'B')
             || to_tsvector('english', sw_body_text(c.content))) @@ phraseto_tsquery('english', p.phrase)
    ) end,
    exists (select 1 from bm25_terms t where t.tenant_id = p_tenant)
  from unnest(p_phrases) with ordinality p(phrase, ord)
  cross join lateral (select tsvector_to_array(to_tsvector('english', p.phrase)) as lexemes) v
  cross join lateral (
    select coalesce(min(coalesce(b.df, 0)), 0)::int as min_df,
      (array_agg(l.term order by coalesce(b.df, 0), l.term))[1] as rarest
    from unnest(v.lexemes) l(term)
    left join bm25_terms b on b.tenant_id = p_tenant and b.term = l.term
  ) d
  order by p.ord
$$;

grant execute on function sw_term_presence(text, text[]) to authenticated;

-- The smallest document frequency among each phrase's lexemes, without the phrase check: what the
-- synonym miner needs to weigh thousands of mined phrases in one statement.
create or replace function sw_term_df(p_tenant text, p_phrases text[])
returns table (phrase text, min_df int)
language sql stable security invoker as $$
  select p.phrase,
    coalesce((
      select min(coalesce(b.df, 0))::int
      from unnest(tsvector_to_array(to_tsvector('english', p.phrase))) l(term)
      left join bm25_terms b on b.tenant_id = p_tenant and b.term = l.term
    ), 0)
  from unnest(p_phrases) with ordinality p(phrase, ord)
  order by p.ord
$$;

grant execute on function sw_term_df(text, text[]) to authenticated;
