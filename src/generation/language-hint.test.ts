import { describe, expect, it } from "vitest";
import type { ContextBlock } from "../state/types.js";
import type { FormattedBlock } from "./format.js";
import { namedLanguage } from "./language-hint.js";

const block = (uri: string, language: string): FormattedBlock => {
  const b = { n: 1, uri, text: "", title: "", metadata: { language } } as unknown as ContextBlock;
  return { block: b, formatter: "api", header: "", body: "", text: "" };
};
const blocks = [
  block("/data/pulseq/matlab/+mr/@Sequence/Sequence.m", "matlab"),
  block("/data/pypulseq/src/pypulseq/Sequence/sequence.py", "python"),
];

describe("namedLanguage", () => {
  it("reads a language's name or alias", () => {
    expect(namedLanguage("How do I plot it in Python?", blocks)).toBe("python");
    expect(namedLanguage("the MATLAB version of addBlock", blocks)).toBe("matlab");
    expect(namedLanguage("is there an Octave way?", blocks)).toBe("matlab");
  });

  it("reads a py… package that is a folder of that language's files", () => {
    expect(namedLanguage("Which parameters does seq.plot accept in pypulseq?", blocks)).toBe("python");
    // A py… word that is no folder of the context says nothing.
    expect(namedLanguage("Does pylori infection change the sequence?", blocks)).toBeUndefined();
  });

  it("says nothing when the question names no language, or several, or one the context lacks", () => {
    expect(namedLanguage("Which parameters does seq.plot accept?", blocks)).toBeUndefined();
    expect(namedLanguage("Compare the MATLAB and Python versions", blocks)).toBeUndefined();
    expect(namedLanguage("Show it in JavaScript", blocks)).toBeUndefined();
  });
});
