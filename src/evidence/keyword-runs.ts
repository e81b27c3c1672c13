import type { RunLookups } from "../context/run-lookups.js";
import type { SqlStore } from "../storage/store.js";

/** Two or more upper-case keywords side by side (`INSERT IGNORE`, `WHEN NOT MATCHED BY SOURCE`), not part of a code name. */
const KEYWORD_RUN = /(?<![\w.$\\-])[A-Z][A-Z_]+(?:[ \t]+[A-Z][A-Z_]+)+(?![\w.(-])/g;

/**
 * The runs of upper-case keywords a question writes (`ON DUPLICATE KEY UPDATE`), as their words:
 * syntax as the user types it, which the corpus writes the same way where it has it.
 * @example
 * keywordRuns("INSERT ... ON DUPLICATE KEY UPDATE syntax in postgres?"); // [["ON", "DUPLICATE", "KEY", "UPDATE"]]
 */
export function keywordRuns(question: string): string[][] {
  return [...question.matchAll(KEYWORD_RUN)].map((m) => m[0].split(/\s+/));
}

/**
 * The keyword runs of a question that the corpus never writes: two of their neighbouring words
 * are side by side in no chunk (`sw_term_presence`: `INSERT IGNORE`, `SELECT TOP`), and no chunk
 * writes, case kept, the run up to that gap and the run after it (`sw_written_together`). A
 * reference page writing `TRUNCATE name RESTART IDENTITY` documents the shorthand "TRUNCATE RESTART
 * IDENTITY"; one writing `INSERT` and, in prose, "ignore" does not have `INSERT IGNORE`. A run
 * holding a word in no document at all is left to the required names; one the evidence writes is
 * covered.
 * @example
 * await unwrittenKeywordRuns("Does Postgres have INSERT IGNORE?", lookups, store, "default", () => false); // ["INSERT IGNORE"]
 */
export async function unwrittenKeywordRuns(
  question: string,
  lookups: Pick<RunLookups, "termPresence">,
  store: Pick<SqlStore, "writtenTogether">,
  tenant: string,
  inEvidence: (run: string) => boolean,
): Promise<string[]> {
  const runs = keywordRuns(question).filter((run) => !inEvidence(run.join(" ")));
  if (runs.length === 0) return [];
  const pairs = runs.flatMap((run) => run.slice(1).map((w, k) => `${run[k]} ${w}`));
  const presence = new Map((await lookups.termPresence(pairs)).map((p) => [p.phrase, p]));
  // Each gap: two neighbours every document may hold, never side by side.
  const gaps = runs.flatMap((run, r) =>
    run.slice(1).flatMap((w, k) => {
      const p = presence.get(`${run[k]} ${w}`);
      return p && p.minDf > 0 && p.phraseFound === false ? [{ r, k }] : [];
    }),
  );
  if (gaps.length === 0) return [];
  const apart = await store.writtenTogether(
    tenant,
    gaps.map(({ r, k }) => [runs[r]!.slice(0, k + 1).join(" "), runs[r]!.slice(k + 1).join(" ")] as const),
  );
  return [...new Set(gaps.filter((_, i) => !apart[i]).map(({ r }) => runs[r]!.join(" ")))];
}
