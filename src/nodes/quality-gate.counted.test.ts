import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgedOver, retrievalContext } from "../../test/helpers/retrieval.js";
import type { RunContext } from "../context/run-context.js";
import { corpusGaps, countedTerm, type Presence } from "../evidence/judge.js";

// A real store holding a few sections of a phone manual: what a "how many" question counts must be
// in the corpus; framing words (superlatives, words in -ing) are not what a question asks about.
let ctx: RunContext;

const manual = [
  {
    uri: "battery.md",
    title: "Battery",
    sections: [
      {
        title: "Fast wireless charging",
        content:
          "Enable or disable fast wireless charging when using a supported charger. From Settings, tap Device care > Battery > Charging, then tap Fast wireless charging.",
      },
      { title: "Power saving", content: "Extend battery life by limiting background apps and lowering the screen brightness." },
    ],
  },
  {
    uri: "calls.md",
    title: "Phone",
    sections: [
      {
        title: "Switch to headset or speaker",
        content: "Listen to the call using the speaker or through a Bluetooth headset. Tap Speaker to hear the caller using the speaker.",
      },
      { title: "Decline a call", content: "Drag Decline to the left to reject an incoming call and send it to voicemail." },
    ],
  },
  {
    uri: "security.md",
    title: "Biometric security",
    sections: [
      {
        title: "Fingerprint recognition",
        content:
          "Register up to four fingerprints, then touch the sensor to unlock the phone. From Settings, tap Biometrics and security > Fingerprints.",
      },
    ],
  },
  {
    uri: "camera.md",
    title: "Camera",
    sections: [
      {
        title: "Quick launch",
        content: "Press the Side key twice to open the camera quickly from any screen. From Settings, tap Advanced features > Side key.",
      },
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

describe("gate: what a 'how many' question counts", () => {
  it("asks, naming it, when no document holds what is counted", async () => {
    // The charging section matches every other word: it still says nothing in watts.
    const gate = (await judgedOver(ctx, "How many watts does the phone support for fast wireless charging?")).gate!;
    expect(gate).toMatchObject({ decision: "clarify", missing: ["watts"] });
    expect(gate.reason).toBe("No indexed document mentions watts.");
  });

  it("answers when the corpus holds it", async () => {
    const gate = (await judgedOver(ctx, "How many fingerprints can I register to unlock the phone?")).gate!;
    expect(gate.decision).not.toBe("clarify");
    expect(gate.missing).toBeUndefined();
  });

  it("reads the key term right after 'how many' or 'how much', not a verb", () => {
    expect(countedTerm("How many watts does fast charging use?", ["many", "watts", "fast", "charging"])).toBe("watts");
    expect(countedTerm("how much storage is left", ["much", "storage", "left"])).toBe("storage");
    expect(countedTerm("How much does a repair cost?", ["much", "repair", "cost"])).toBeUndefined();
    expect(countedTerm("How do I charge faster?", ["charge", "faster"])).toBeUndefined();
  });
});

describe("gate: framing words are not what is asked about", () => {
  const presence = (absent: string[], present: string[]): Presence[] => [
    ...absent.map((phrase) => ({ phrase, lexemes: [phrase], minDf: 0, phraseFound: null, indexed: true })),
    ...present.map((phrase) => ({ phrase, lexemes: [phrase], minDf: 5, phraseFound: null, indexed: true })),
  ];
  const settings = { requireConstraints: true, unknownTermShare: 0.5 } as never;

  it("does not count superlatives and words in -ing among the unindexed key terms", () => {
    const terms = ["quickest", "camera", "hunting", "app"];
    expect(corpusGaps(presence(["quickest", "hunting"], ["camera", "app"]), [], terms, settings)).toEqual([]);
    // Two unindexed nouns are still what the question asks about.
    expect(corpusGaps(presence(["tripod", "gimbal"], ["camera", "app"]), [], ["tripod", "camera", "gimbal", "app"], settings)).toEqual([
      "tripod",
      "gimbal",
    ]);
  });

  it("answers the question on the real store", async () => {
    const gate = (await judgedOver(ctx, "What's the quickest way to get to the camera without hunting for the app?")).gate!;
    expect(gate.missing).toBeUndefined();
    expect(gate.decision).not.toBe("clarify");
  });
});
