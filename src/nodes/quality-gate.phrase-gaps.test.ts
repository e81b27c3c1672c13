import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgedOver, retrievalContext } from "../../test/helpers/retrieval.js";
import type { RunContext } from "../context/run-context.js";
import { phraseGaps, type Presence } from "../evidence/judge.js";

// A real store holding a few sections of a phone manual. When the evidence is still weak after the
// broadened round, a word of the question's noun phrase that no document holds ("the iris scanner")
// says the near misses describe something else: ask, naming it.
let ctx: RunContext;

const manual = [
  {
    uri: "security.md",
    title: "Biometric security",
    sections: [
      {
        title: "Fingerprint recognition",
        content:
          "Register your fingerprint, then touch the sensor to unlock the phone. From Settings, tap Biometrics and security > Fingerprints, then follow the prompts.",
      },
      { title: "Face recognition", content: "Unlock the screen by looking at the front camera after registering your face." },
    ],
  },
  {
    uri: "camera.md",
    title: "Camera",
    sections: [
      { title: "Scan documents", content: "Point the camera at a document and tap the scanner button to save it as a flat image." },
    ],
  },
  {
    uri: "display.md",
    title: "Display",
    sections: [
      {
        title: "Font size and style",
        content:
          "Change the font size and style of the text on the screen. From Settings, tap Display > Font size and style, and drag the slider.",
      },
      { title: "Screen timeout", content: "Set how long the screen stays on before it turns off." },
    ],
  },
];
const profiles = [{ name: "docs", summary: "A phone's user manual" }];

beforeAll(async () => {
  ctx = await retrievalContext(manual, profiles);
});
afterAll(async () => {
  await ctx.store.close();
});

describe("gate: an unindexed word naming what is asked about, on weak evidence", () => {
  it("asks, naming the word, once the broadened round is still weak", async () => {
    const q = "How do I unlock the phone with the iris scanner?";
    const last = (await judgedOver(ctx, q, { attempt: 1 })).gate!;
    expect(last).toMatchObject({ decision: "clarify", missing: ["iris"] });
    expect(last.reason).toBe("No indexed document mentions iris.");
    // With a word the corpus holds, the same section answers: the fingerprint sensor unlocks the phone.
    expect((await judgedOver(ctx, "How do I unlock the phone with the fingerprint scanner?", { attempt: 1 })).gate!.decision).toBe(
      "strong",
    );
  });

  it("broadens first: the first round never asks on this rule", async () => {
    const first = (await judgedOver(ctx, "How do I unlock the phone with the iris scanner?")).gate!;
    expect(first.decision).toBe("broaden");
    expect(first.missing).toBeUndefined();
  });

  it("does not count an unindexed word outside a noun phrase", async () => {
    // "bigger" is in no document, but it says how, not what: the font size section answers it, weakly.
    const gate = (await judgedOver(ctx, "How do I make the text on the screen bigger?", { attempt: 1 })).gate!;
    expect(gate.decision).toBe("weak");
    expect(gate.missing).toBeUndefined();
  });

  it("does not ask for one unindexed detail of a long description (gate.weakUnknownShare)", async () => {
    // "magnifier" is in no document, but it is one of a dozen things this question names. Two strong
    // hits are needed here, so the evidence stays weak; with no share required the gate would ask.
    const q =
      "I want bigger text on the screen: change the font size and the style from Settings, drag the slider, and keep the magnifier off";
    const strict = { minStrongHits: 2 };
    const kept = await retrievalContext(manual, profiles, { gate: strict });
    const any = await retrievalContext(manual, profiles, { gate: { ...strict, weakUnknownShare: 0 } });
    try {
      const gate = (await judgedOver(kept, q, { attempt: 1 })).gate!;
      expect(gate.decision).toBe("weak");
      expect(gate.missing).toBeUndefined();
      expect((await judgedOver(any, q, { attempt: 1 })).gate).toMatchObject({ decision: "clarify", missing: ["magnifier"] });
    } finally {
      await kept.store.close();
      await any.store.close();
    }
  });

  it("does not count a word saying what kind of answer is wanted", async () => {
    // "beginner" is in no document; it is the planner's cue for a tutorial, not the thing asked about.
    const gate = (await judgedOver(ctx, "How do I change the font size? A beginner tutorial", { attempt: 1 })).gate!;
    expect(gate.decision).toBe("weak");
    expect(gate.missing).toBeUndefined();
  });

  it("can be switched off (gate.weakUnknownWord)", async () => {
    const off = await retrievalContext(manual, profiles, { gate: { weakUnknownWord: false } });
    try {
      const gate = (await judgedOver(off, "How do I unlock the phone with the iris scanner?", { attempt: 1 })).gate!;
      expect(gate.decision).toBe("weak");
      expect(gate.missing).toBeUndefined();
    } finally {
      await off.store.close();
    }
  });
});

describe("phraseGaps", () => {
  // df = 0 for every word given here; "phone" is indexed.
  const unindexed = (...words: string[]): Presence[] => [
    ...words.map((phrase) => ({ phrase, lexemes: [phrase], minDf: 0, phraseFound: null, indexed: true })),
    { phrase: "phone", lexemes: ["phone"], minDf: 12, phraseFound: null, indexed: true },
  ];
  const none = () => false;

  it("counts an unindexed word after a determiner or a preposition", () => {
    expect(phraseGaps("How do I unlock the phone with the iris scanner?", unindexed("iris", "unlock"), none)).toEqual(["iris"]);
    expect(phraseGaps("How do I send an SOS via satellite?", unindexed("satellite"), none)).toEqual(["satellite"]);
    // "for" and "about" open one too; so does a superlative after an opener, for the noun it ranks.
    expect(phraseGaps("What's a good recipe for sourdough bread?", unindexed("sourdough"), none)).toEqual(["sourdough"]);
    expect(phraseGaps("What is the largest ocean on Earth?", unindexed("ocean"), none)).toEqual(["ocean"]);
    expect(phraseGaps("Which ocean is largest?", unindexed("ocean"), none)).toEqual([]);
  });

  it("skips numbers, superlatives, intent cues, indexed words and words the evidence holds", () => {
    expect(phraseGaps("How do I record in the 8k mode?", unindexed("8k"), none)).toEqual([]);
    expect(phraseGaps("What is the simplest way to unlock the phone?", unindexed("simplest"), none)).toEqual([]);
    expect(phraseGaps("Unlocking the phone, as a beginner", unindexed("beginner"), none)).toEqual([]);
    expect(phraseGaps("Can I unlock the phone without rebooting?", unindexed("rebooting"), none)).toEqual([]);
    expect(phraseGaps("How do I unlock the phone?", unindexed(), none)).toEqual([]);
    expect(phraseGaps("How do I unlock the phone with the iris scanner?", unindexed("iris"), (t) => t === "iris")).toEqual([]);
  });
});
