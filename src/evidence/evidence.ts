import type { RankedChunk } from "../state/types.js";

/** Page roles (from the PDF loader) whose text points at content without being it. */
const NON_SUBSTANTIVE = new Set(["toc", "cover", "references"]);

/**
 * Evidence that is only a cover, a table of contents or a reference list.
 * @example
 * isNonSubstantive({ pageRole: "toc" }); // true
 */
export const isNonSubstantive = (metadata: Record<string, unknown>): boolean =>
  typeof metadata.pageRole === "string" && NON_SUBSTANTIVE.has(metadata.pageRole);

/**
 * The results the expander and the gate treat as evidence: those at or over their source's
 * threshold, or, when none is, the best `nearMisses`, so a weak round can still answer as a
 * working theory or show what it found instead of going silent.
 * @example
 * usableEvidence(state.ranked, settings.gate.nearMisses).length; // passing results, else up to 3 near misses
 */
export function usableEvidence(ranked: readonly RankedChunk[], nearMisses: number): RankedChunk[] {
  const passing = ranked.filter((r) => !r.below_threshold);
  return passing.length > 0 ? passing : ranked.slice(0, nearMisses);
}
