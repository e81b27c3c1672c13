import { describe, expect, it } from "vitest";
import type { Turn } from "../state/state.js";
import { deterministicRewrite, isFollowUp } from "./rewrite.js";

const turn = (standalone: string): Turn => ({ question: standalone, standalone, answer: "…" });

describe("deterministicRewrite", () => {
  const history = [turn("What does makeTrapezoid return?")];

  it("puts the previous subject in place of a pronoun", () => {
    expect(deterministicRewrite("and its parameters?", history)).toBe("What about makeTrapezoid's parameters?");
    expect(deterministicRewrite("How do I call it with a flat time?", history)).toBe("How do I call makeTrapezoid with a flat time?");
  });

  it("attaches a fragment to the subject", () => {
    expect(deterministicRewrite("the default units?", history)).toBe("What about the default units for makeTrapezoid?");
  });

  it("asks the previous question of a new name after 'what about'", () => {
    expect(deterministicRewrite("what about makeSincPulse?", history)).toBe("What does makeSincPulse return?");
  });

  it("leaves a question that stands alone, or a first question, unchanged", () => {
    expect(deterministicRewrite("What is an EPI sequence?", history)).toBe("What is an EPI sequence?");
    expect(deterministicRewrite("How does makeSincPulse work?", history)).toBe("How does makeSincPulse work?");
    expect(deterministicRewrite("and its parameters?", [])).toBe("and its parameters?");
  });

  it("uses key terms when the previous question named no identifier", () => {
    const out = deterministicRewrite("why is that?", [turn("Why are broaden retries bounded?")]);
    expect(out).toContain("broaden retries");
  });
});

describe("isFollowUp", () => {
  it("spots connectors, pronouns without names, and fragments", () => {
    expect(isFollowUp("and the return value?")).toBe(true);
    expect(isFollowUp("what does it return")).toBe(true);
    expect(isFollowUp("return value?")).toBe(true);
    expect(isFollowUp("What does mr.makeTrapezoid return?")).toBe(false);
    expect(isFollowUp("Explain gradient spoiling in spin echo sequences")).toBe(false);
  });
});
