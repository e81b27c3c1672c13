import { describe, expect, it } from "vitest";
import type { ContextBlock } from "../state/types.js";
import { exampleAnswer } from "./example-answer.js";
import type { FormattedBlock } from "./format.js";

const example = (n: number, uri: string, language: string, code: string): FormattedBlock => {
  const block = { n, uri, title: uri.split("/").at(-1), text: code, part: null, metadata: { language } } as unknown as ContextBlock;
  return { block, formatter: "example", header: "", body: code, text: code };
};
const label = example(1, "/demoSeq/writeGradientEcho_label.m", "matlab", "% a GRE with labels\nseq = mr.Sequence();");
const python = example(2, "/scripts/write_gre_label.py", "python", "# a GRE with labels\nseq = pp.Sequence()");

describe("exampleAnswer", () => {
  it("answers with the best-ranked example's code, fenced and cited under its header", () => {
    const { answer } = exampleAnswer({ blocks: [label, python], maxChars: 2000 })!;
    expect(answer).toBe("% a GRE with labels [1]\n```matlab\n% a GRE with labels\nseq = mr.Sequence();\n```");
  });

  it("keeps to the language the question names", () => {
    const { answer } = exampleAnswer({ blocks: [label, python], maxChars: 2000, question: "Show me a GRE with labels in Python" })!;
    expect(answer).toMatch(/^# a GRE with labels \[2\]\n```python\n/);
  });
});
