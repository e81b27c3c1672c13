import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DATA, has } from "./run-dataset.js";
import { runFrozen } from "./frozen-suite.js";

// The frozen multi-corpus questions (evals/frozen, written before any tuning): per corpus the
// gate's abstentions and hit@5, offline defaults. Floors at the measured level (2026-11-22,
// README "Frozen multi-corpus questions"); the targets that are not met yet are noted.
const corpora: { corpus: string; set?: string; present: boolean; abstainRecall: number; maxFalseAbstains: number; hit5: number }[] = [
  {
    corpus: "pulseq",
    present: has(join(DATA, "pulseq")) && has(join(DATA, "pypulseq")),
    abstainRecall: 0.9,
    maxFalseAbstains: 4,
    hit5: 0.9,
  },
  { corpus: "postgres", present: existsSync("/usr/share/doc/postgresql-doc-15/html"), abstainRecall: 0.9, maxFalseAbstains: 2, hit5: 0.9 },
  // Target 90% not met: 15 of 17 (88.2%); hit@5 50% (one labelled section among near-duplicates).
  { corpus: "emanual", present: has(join(DATA, "emanual-s10")), abstainRecall: 0.85, maxFalseAbstains: 2, hit5: 0.45 },
  { corpus: "pdfs", present: has(join(DATA, "pdfs", "pulseq-specification.pdf")), abstainRecall: 0.9, maxFalseAbstains: 1, hit5: 0.95 },
  // The Git manual (Debian git-doc), a corpus nothing is fitted on; its first set, tuning since its
  // first run (2026-11-28): 15/17 abstained (88.2%), 1/40 false, hit@5 100% at 2e61bbb. Target 90% not met.
  {
    corpus: "git",
    set: "frozen11",
    present: existsSync("/usr/share/doc/git-doc/git-commit.html"),
    abstainRecall: 0.85,
    maxFalseAbstains: 1,
    hit5: 0.95,
  },
];

for (const c of corpora) {
  describe.skipIf(!c.present)(`frozen questions: ${c.corpus}`, () => {
    it("abstains on unanswerable questions, answers the answerable ones, finds the answer in the top five", async () => {
      const { row } = await runFrozen(c.corpus, c.set ? { set: c.set } : {});
      expect(row.abstainRecall).toBeGreaterThanOrEqual(c.abstainRecall);
      expect(row.confusion.answerableAbstained).toBeLessThanOrEqual(c.maxFalseAbstains);
      expect(row.hit5).toBeGreaterThanOrEqual(c.hit5);
    });
  });
}
