import type { SqlStore } from "../../storage/store.js";
import { toVectorLiteral } from "../../storage/vector.js";
import type { RetrievalMethod } from "./types.js";

/**
 * The `hybrid_search` function of Supabase's hybrid-search guide, as one parameterised query over
 * our `chunks` table: full text by `websearch_to_tsquery` + `ts_rank_cd` on the guide's `fts`
 * tsvector (computed here on the fly: the schema keeps no column only this baseline would read), semantic by negative inner product (`<#>`; our vectors are unit length, so it ranks as
 * cosine), fused by RRF (k 50, weights 1/1). The guide caps each side at `least(match_count, 30) * 2`
 * and the result at `least(match_count, 30)`; kept as written, so its Recall@100 is a recall@30.
 */
export const SUPABASE_HYBRID_SQL = `
with fts_chunks as (
  select c.id, c.tenant_id, c.searchable, c.source,
    setweight(to_tsvector('english', c.doc_title), 'A')
    || setweight(to_tsvector('english', coalesce(c.section_title, '')), 'B')
    || to_tsvector('english', sw_body_text(c.content)) as fts
  from chunks c
  where c.tenant_id = $4 and c.searchable and c.source = any($5::text[])
),
full_text as (
  select c.id, row_number() over (order by ts_rank_cd(c.fts, websearch_to_tsquery('english', $1)) desc) as rank_ix
  from fts_chunks c
  where c.tenant_id = $4 and c.searchable and c.source = any($5::text[]) and c.fts @@ websearch_to_tsquery('english', $1)
  order by rank_ix
  limit least($3, 30) * 2
),
semantic as (
  select c.id, row_number() over (order by c.embedding <#> $2::vector) as rank_ix
  from chunks c
  where c.tenant_id = $4 and c.searchable and c.source = any($5::text[]) and c.embedding is not null
  order by rank_ix
  limit least($3, 30) * 2
)
select d.uri
from full_text
full outer join semantic on full_text.id = semantic.id
join chunks c on coalesce(full_text.id, semantic.id) = c.id
join documents d on d.id = c.document_id
order by coalesce(1.0 / ($6 + full_text.rank_ix), 0.0) * $7 + coalesce(1.0 / ($6 + semantic.rank_ix), 0.0) * $8 desc
limit least($3, 30)`;

/** Supabase's guide recipe as a baseline (see {@link SUPABASE_HYBRID_SQL}). */
export function supabaseGuideBaseline(
  store: SqlStore,
  sources: string[],
  docKey: (uri: string) => string,
  { tenant = "default", rrfK = 50, matchCount = 100 } = {},
): RetrievalMethod {
  return {
    id: "supabase",
    label: "Supabase guide hybrid (websearch_to_tsquery + ts_rank_cd, RRF k 50 with dense)",
    usesQueryEmbedding: true,
    async search(q) {
      const { rows } = await store.client.query<{ uri: string }>(SUPABASE_HYBRID_SQL, [
        q.text,
        toVectorLiteral(q.embedding),
        matchCount,
        tenant,
        sources,
        rrfK,
        1,
        1,
      ]);
      return rows.map((r) => docKey(r.uri));
    },
  };
}
