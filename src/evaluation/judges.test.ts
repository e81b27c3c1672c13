import { describe, expect, it } from "vitest";
import type { Citation, ContextBlock } from "../state/types.js";
import { checkCitations, gateScores, pageHit } from "./judges.js";

const block = (n: number, uri: string, text: string) => ({ n, uri, text }) as ContextBlock;
const cite = (n: number, uri: string, pages: [number | null, number | null] = [null, null]) =>
  ({ n, uri, page_start: pages[0], page_end: pages[1] }) as Citation;

describe("citation validity", () => {
  const context = [
    block(1, "a.md", "Retries are bounded by a counter in state. The gate broadens once."),
    block(2, "b.md", "BM25 runs in SQL."),
  ];
  const citations = [cite(1, "a.md"), cite(2, "b.md")];

  it("accepts quoted sentences, ignoring case, punctuation and a label before the quote", () => {
    const answer = "Retries are bounded by a counter in state [1]. Note: bm25 runs in SQL [2]\nThe gate broadens once. [1]";
    expect(checkCitations({ answer, citations, context })).toEqual({ markers: 3, resolved: 3, supported: 3 });
  });

  it("flags a dangling [n], a citation pointing at another block, and a sentence the block does not hold", () => {
    const answer = "BM25 runs in SQL [7]. Retries are unbounded [1]. BM25 runs in SQL [2].";
    const wrongUri = [cite(1, "a.md"), cite(2, "a.md")];
    expect(checkCitations({ answer, citations: wrongUri, context })).toEqual({ markers: 3, resolved: 1, supported: 0 });
  });

  it("counts each number of [1, 2] and does not read code indexing as a citation", () => {
    expect(checkCitations({ answer: "const x = argv[2] ?? y", citations, context }).markers).toBe(0);
    expect(checkCitations({ answer: "BM25 runs in SQL [1, 2].", citations, context })).toEqual({ markers: 2, resolved: 2, supported: 1 });
  });

  it("does not read brackets in code spans or fenced code as citations", () => {
    const answer = "BM25 runs in SQL [2].\n```python\nphase = divmod(a, 360.0)[1]\n```\nUse `q = divmod(a, b)[1]` here.";
    expect(checkCitations({ answer, citations, context })).toEqual({ markers: 1, resolved: 1, supported: 1 });
  });
});

describe("gate scores", () => {
  it("computes accuracy and abstain precision / recall from the confusion matrix", () => {
    const s = gateScores({ answerableAnswered: 12, answerableAbstained: 2, unanswerableAnswered: 1, unanswerableAbstained: 3 });
    expect(s.accuracy).toBeCloseTo(15 / 18, 12);
    expect(s.abstainPrecision).toBeCloseTo(3 / 5, 12);
    expect(s.abstainRecall).toBeCloseTo(3 / 4, 12);
  });

  it("reports precision and recall as null when they are undefined, not as 0", () => {
    expect(gateScores({ answerableAnswered: 3, answerableAbstained: 0, unanswerableAnswered: 0, unanswerableAbstained: 0 })).toEqual({
      accuracy: 1,
      abstainPrecision: null,
      abstainRecall: null,
    });
  });
});

describe("page accuracy", () => {
  it("hits when a cited page range covers a labelled page", () => {
    expect(pageHit([cite(1, "x.pdf", [3, 5])], [4])).toBe(true);
    expect(pageHit([cite(1, "x.pdf", [3, null])], [3])).toBe(true);
    expect(pageHit([cite(1, "x.pdf", [3, 5]), cite(2, "y.md")], [6])).toBe(false);
    expect(pageHit([cite(1, "x.pdf", [3, 5])], [2, 5])).toBe(true);
    expect(pageHit([cite(1, "x.pdf", [5, 5])], [4, 6])).toBe(false);
  });

  it("counts only citations of a labelled document when told which ones are", () => {
    const other = [cite(1, "/data/dpr.pdf", [4, 4])];
    expect(pageHit(other, [4])).toBe(true);
    expect(pageHit(other, [4], (uri) => uri.endsWith("pulseq.pdf"))).toBe(false);
    expect(pageHit([...other, cite(2, "/data/pulseq.pdf", [3, 4])], [4], (uri) => uri.endsWith("pulseq.pdf"))).toBe(true);
  });
});
