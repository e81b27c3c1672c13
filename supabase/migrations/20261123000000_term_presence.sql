-- Which of a question's required terms the tenant's corpus mentions at all (the gate's "what is
-- missing" check). Per phrase: its english lexemes, the smallest document frequency among them
-- (bm25_terms, 0 when a lexeme is in no chunk) and, for a phrase of several lexemes, whether one
-- searchable chunk holds them as a phrase; `indexed` is false when the tenant has no terms at all. One statement for all phrases; security invoker, so
-- under a user's JWT row-level security keeps it to the claim's tenant.
create or replace function sw_term_presence(p_tenant text, p_phrases text[])
returns table (phrase text, lexemes text[], min_df int, phrase_found boolean, indexed boolean)
language sql stable security invoker as $$
  select p.phrase, v.lexemes,
    coalesce((
      select min(coalesce(b.df, 0))::int
      from unnest(v.lexemes) l(term)
      left join bm25_terms b on b.tenant_id = p_tenant and b.term = l.term
    ), 0),
    case when cardinality(v.lexemes) > 1 then exists (
      select 1 from chunks c
      where c.tenant_id = p_tenant and c.searchable and c.fts @@ phraseto_tsquery('english', p.phrase)
    ) end,
    exists (select 1 from bm25_terms t where t.tenant_id = p_tenant)
  from unnest(p_phrases) with ordinality p(phrase, ord)
  cross join lateral (select tsvector_to_array(to_tsvector('english', p.phrase)) as lexemes) v
  order by p.ord
$$;

grant execute on function sw_term_presence(text, text[]) to authenticated;
