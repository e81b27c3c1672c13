import type { ChunkHit } from "../storage/types.js";

export type Scope = "local" | "global";

/** Options of {@link interleaveScoped}. */
export interface InterleaveOptions {
  /** Which list each slot takes from, cycled. @default ["local", "local", "global"] */
  pattern?: readonly Scope[];
  /** Tokens the taken results may add up to. */
  tokenBudget: number;
  /** At most this many results. @default Infinity */
  maxResults?: number;
  /** Token counts of parent sections by id: a child is counted as its parent, which expansion returns. */
  parentTokens?: ReadonlyMap<string, number>;
}

/** A result taken by {@link interleaveScoped}, with the list it came from. */
export interface ScopedHit<T extends ChunkHit = ChunkHit> {
  hit: T;
  scope: Scope;
  /** Tokens it counted for (its parent's when it has one). */
  tokens: number;
}

/** The unit expansion returns for a hit: its parent section, or itself. */
export const parentKey = (h: Pick<ChunkHit, "id" | "parentId">) => h.parentId ?? h.id;

/**
 * Merges topic-scoped (local) and corpus-wide (global) results in the pattern's order
 * (L, L, G by default) while their tokens fit the budget. A result whose parent was already
 * taken is skipped, since expansion would return the same section twice; a result too large
 * for what is left of the budget is skipped and the next one of its list tried. When one list
 * runs out the other fills the remaining slots.
 *
 * @example
 * interleaveScoped(local, global, { tokenBudget: 2000 }).map((s) => s.scope); // ["local", "local", "global", ...]
 */
export function interleaveScoped<T extends ChunkHit>(
  local: readonly T[],
  global: readonly T[],
  options: InterleaveOptions,
): ScopedHit<T>[] {
  const { pattern = ["local", "local", "global"], tokenBudget, maxResults = Infinity, parentTokens } = options;
  const queues: Record<Scope, { list: readonly T[]; at: number }> = { local: { list: local, at: 0 }, global: { list: global, at: 0 } };
  const seen = new Set<string>();
  const out: ScopedHit<T>[] = [];
  let used = 0;
  const tokensOf = (h: T) => (h.parentId ? parentTokens?.get(h.parentId) : undefined) ?? h.tokenCount;

  /** The next result of a list that is new and fits, consuming what it passes over. */
  const next = (scope: Scope): ScopedHit<T> | undefined => {
    const q = queues[scope];
    while (q.at < q.list.length) {
      const hit = q.list[q.at++]!;
      const key = parentKey(hit);
      if (seen.has(key)) continue;
      const tokens = tokensOf(hit);
      if (used + tokens > tokenBudget) continue;
      return { hit, scope, tokens };
    }
    return undefined;
  };

  for (let slot = 0; out.length < maxResults; slot++) {
    const want = pattern[slot % pattern.length]!;
    const taken = next(want) ?? next(want === "local" ? "global" : "local");
    if (!taken) break;
    seen.add(parentKey(taken.hit));
    used += taken.tokens;
    out.push(taken);
  }
  return out;
}
