import { describe, expect, it } from "vitest";
import type { ContextBlock } from "../state/types.js";
import { exampleAnswer, windowStart } from "./example-answer.js";
import type { FormattedBlock } from "./format.js";

const example = (n: number, uri: string, language: string, code: string): FormattedBlock => {
  const block = { n, uri, title: uri.split("/").at(-1), text: code, part: null, metadata: { language } } as unknown as ContextBlock;
  return { block, formatter: "example", header: "", body: code, text: code };
};
const label = example(1, "/demoSeq/writeGradientEcho_label.m", "matlab", "% a GRE with labels\nseq = mr.Sequence();");
const multi = example(2, "/demoSeq/writeGRE_multiEcho_label.m", "matlab", "% a multi-echo GRE with labels\nseq = mr.Sequence();");
const python = example(3, "/scripts/write_gre_label.py", "python", "# a GRE with labels\nseq = pp.Sequence()");

describe("exampleAnswer", () => {
  it("answers with the best-ranked example's code, fenced and cited under its header", () => {
    const { answer } = exampleAnswer({ blocks: [label, multi], maxChars: 2000 })!;
    expect(answer).toBe("% a GRE with labels [1]\n```matlab\n% a GRE with labels\nseq = mr.Sequence();\n```");
  });

  it("takes a later near-twin when its file name says clearly better what is asked", () => {
    const score = (uri: string) => (uri.includes("multiEcho") ? 0.6 : 0.4);
    expect(exampleAnswer({ blocks: [label, multi], maxChars: 2000, titleScore: score })!.answer).toMatch(
      /^% a multi-echo GRE with labels \[2\]/,
    );
    // A name that is only a little better does not overturn the ranking.
    const close = (uri: string) => (uri.includes("multiEcho") ? 0.42 : 0.4);
    expect(exampleAnswer({ blocks: [label, multi], maxChars: 2000, titleScore: close })!.answer).toMatch(/^% a GRE with labels \[1\]/);
  });

  it("keeps to the language the question names", () => {
    const { answer } = exampleAnswer({ blocks: [label, python], maxChars: 2000, question: "Show me a GRE with labels in Python" })!;
    expect(answer).toMatch(/^# a GRE with labels \[3\]\n```python\n/);
  });
});

describe("windowStart", () => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `x${i} = ${i};`);
  const lines = ["% a long demo", ...body(40), "", "% check the pulse profile", "[bw, f0] = mr.calcRfBandwidth(rf);", ...body(40)];

  it("starts at the paragraph using a name the question asks about when the top would not show it", () => {
    const start = windowStart(lines, 200, ["mr.calcRfBandwidth", "calcRfBandwidth"]);
    expect(lines[start]).toBe("% check the pulse profile");
  });

  it("starts at the top when the call fits, the name is only in a comment, or no name is asked about", () => {
    expect(windowStart(lines, 5000, ["mr.calcRfBandwidth", "calcRfBandwidth"])).toBe(0);
    expect(windowStart(["% calls makeSincPulse later", ...body(40)], 100, ["makeSincPulse"])).toBe(0);
    expect(windowStart(lines, 200, [])).toBe(0);
  });

  it("shows what leads to a call near the end, from a paragraph's start, when the rest of the file fits", () => {
    const tail = ["% a long demo", ...body(40), "", "% the loop", ...body(6), "", "%% listen to the sequence", "seq.sound();"];
    const start = windowStart(tail, 200, ["seq.sound", "sound"]);
    expect(tail[start]).toBe("% the loop");
    expect(tail.slice(start).join("\n").length).toBeLessThanOrEqual(200);
  });

  it("fences the part holding the call, saying what it leaves out above and below", () => {
    const long = example(1, "/demoSeq/writeEpiRS.m", "matlab", lines.join("\n"));
    const { answer } = exampleAnswer({ blocks: [long], maxChars: 200, identifiers: ["mr.calcRfBandwidth", "calcRfBandwidth"] })!;
    expect(answer).toMatch(
      /^% a long demo \[1\]\n```matlab\n… \(42 lines before in writeEpiRS\.m\)\n% check the pulse profile\n\[bw, f0\] = mr\.calcRfBandwidth\(rf\);/,
    );
    expect(answer).toMatch(/… \(\d+ more lines? in writeEpiRS\.m\)\n```$/);
  });
});
