import { DEFAULT_FUSION } from "../config/run-settings.js";
import type { FusionParams, HybridCandidate } from "../storage/types.js";

/** A candidate with its fused score. */
export interface FusedCandidate extends HybridCandidate {
  score: number;
}

/**
 * Ranks the hybrid search's candidates (`store.hybridCandidates`) as `sw_match_hybrid` does, with
 * the same arithmetic in the same order (IEEE doubles both), so the scores and the order are the
 * same: min-max fusion (lexical scores over their maximum, vector similarities min-max over the
 * pool, plus the exact share) or reciprocal rank fusion; best first, ties by id.
 * `embedded`: whether the search had a query vector (without one the vector side counts nothing).
 * @example
 * const top = fuseCandidates(pool, { lexicalWeight: 0.75, vectorWeight: 0.25 }, true).slice(0, 10);
 */
export function fuseCandidates(pool: readonly HybridCandidate[], fusion: FusionParams, embedded: boolean): FusedCandidate[] {
  const wl = fusion.lexicalWeight ?? DEFAULT_FUSION.lexical;
  const wv = fusion.vectorWeight ?? DEFAULT_FUSION.vector;
  const we = fusion.exactWeight ?? DEFAULT_FUSION.exact;
  const k = fusion.rrfK ?? 60;
  let maxLexical = -Infinity;
  let minVector = Infinity;
  let maxVector = -Infinity;
  for (const c of pool) {
    maxLexical = Math.max(maxLexical, c.lexicalScore);
    if (c.vectorScore !== null) {
      minVector = Math.min(minVector, c.vectorScore);
      maxVector = Math.max(maxVector, c.vectorScore);
    }
  }
  const fused = pool.map((c): FusedCandidate => {
    if (fusion.fusion === "rrf") {
      const lexical = c.lexicalRank === null ? 0 : wl / (k + c.lexicalRank);
      const vector = c.vectorRank === null ? 0 : wv / (k + c.vectorRank);
      return { ...c, score: lexical + vector + we * c.exactScore };
    }
    // SQL: coalesce(ls / nullif(max(ls), 0), 0) and coalesce((vs - min) / nullif(max - min, 0), vs is null ? 0 : 1).
    const nl = maxLexical === 0 ? 0 : c.lexicalScore / maxLexical;
    const nv = c.vectorScore === null ? 0 : maxVector - minVector === 0 ? 1 : (c.vectorScore - minVector) / (maxVector - minVector);
    return { ...c, score: wl * nl + (embedded ? wv * nv : 0) + we * c.exactScore };
  });
  return fused.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
