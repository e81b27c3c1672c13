import type { SqlStore } from "../../storage/store.js";
import type { RetrievalMethod } from "./types.js";

/** Depth of every baseline list: enough for Recall@100. */
export const BASELINE_DEPTH = 100;

/**
 * The three baselines over our own SQL functions: BM25 only (`sw_match_bm25`), dense only
 * (`sw_match_vector`), and plain RRF hybrid (`sw_match_hybrid`, fusion "rrf", k 60, equal weights).
 */
export function sqlBaselines(store: SqlStore, sources: string[], docKey: (uri: string) => string, tenant = "default"): RetrievalMethod[] {
  const filters = { sources, tenant };
  const uris = (hits: { uri: string }[]) => hits.map((h) => docKey(h.uri));
  return [
    {
      id: "bm25",
      label: "BM25 only (sw_match_bm25, k1 0.9, b 0.4)",
      usesQueryEmbedding: false,
      search: async (q) => uris(await store.matchBm25(q.text, { limit: BASELINE_DEPTH, filters })),
    },
    {
      id: "dense",
      label: "dense only (sw_match_vector, cosine)",
      usesQueryEmbedding: true,
      search: async (q) => uris(await store.matchVector(q.embedding, { limit: BASELINE_DEPTH, filters })),
    },
    {
      id: "rrf",
      label: "plain RRF hybrid (BM25 + dense, k 60, weights 1/1)",
      usesQueryEmbedding: true,
      search: async (q) =>
        uris(
          await store.matchHybrid(q.text, q.embedding, {
            limit: BASELINE_DEPTH,
            filters,
            fusion: { fusion: "rrf", lexicalWeight: 1, vectorWeight: 1, exactWeight: 0, candidates: BASELINE_DEPTH },
          }),
        ),
    },
  ];
}
