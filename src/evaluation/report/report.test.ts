import { describe, expect, it } from "vitest";
import { sampleResults } from "../../../test/helpers/eval-results.js";
import { renderHtml } from "./html.js";
import { renderMarkdown } from "./markdown.js";
import { barChart, confusionMatrix } from "./svg.js";

describe("eval reports", () => {
  it("draws one rect per bar, scaled to the maximum, with labels escaped", () => {
    const svg = barChart(
      "t",
      [
        { label: "a<b", value: 0.5 },
        { label: "c", value: 1 },
      ],
      { max: 1 },
    );
    expect(svg.match(/<rect class="bar"/g)).toHaveLength(2);
    expect(svg).toContain('width="140.0"');
    expect(svg).toContain('width="280.0"');
    expect(svg).toContain("a&#60;b");
  });

  it("draws a 2x2 confusion matrix with the counts", () => {
    const svg = confusionMatrix("gate", {
      answerableAnswered: 12,
      answerableAbstained: 2,
      unanswerableAnswered: 1,
      unanswerableAbstained: 4,
    });
    expect(svg.match(/<rect class="cell"/g)).toHaveLength(4);
    expect(svg).toMatch(/>12<\/text>[\s\S]*>2<\/text>[\s\S]*>1<\/text>[\s\S]*>4<\/text>/);
  });

  it("writes a self-contained HTML page: a chart per metric, latency, the gate, and no external resource", () => {
    const html = renderHtml(sampleResults());
    expect(html.match(/<svg /g)).toHaveLength(5 + 1 + 2 + 1);
    expect(html).not.toMatch(/<script|src="http|href="http|@import/);
    expect(html).toContain("graph &#60;label&#62;");
  });

  it("puts N, every method and the graph's checks in the Markdown report", () => {
    const md = renderMarkdown(sampleResults());
    expect(md).toContain("N = 40 questions");
    for (const id of ["graph", "bm25", "dense", "rrf", "supabase", "langchain"]) expect(md).toContain(`${id} <label>`);
    expect(md).toContain("| routing accuracy | 92.9% (13/14) |");
    expect(md).toContain("| unanswerable | 0 | 4 |");
    expect(md).toContain("| hit@5 (answerable, judged) | 92.9% (13/14) |");
    expect(md).toContain("| 0.8–0.9 | 2 | 0.885 | 0.500 |");
  });

  it("draws the reliability diagram: one bar per non-empty bin at its observed share, and the diagonal", () => {
    const html = renderHtml(sampleResults());
    expect(html.match(/<rect class="bin"/g)).toHaveLength(2);
    expect(html).toContain('class="diagonal"');
    expect(html).toContain("predicted 0.89, observed 0.50 (n=2)");
  });
});
