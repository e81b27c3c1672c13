import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgedOver, retrievalContext } from "../../test/helpers/retrieval.js";
import type { RunContext } from "../context/run-context.js";

// A real store holding demo scripts that name sequences their own way (True-FISP a.k.a. bSSFP, a
// PROPELLER comment, no BLADE, no arterial spin labeling): a question naming them another way is
// answered, one about what no document holds is not.
let ctx: RunContext;

beforeAll(async () => {
  ctx = await retrievalContext([
    {
      uri: "demoSeq/writeTrufi.m",
      title: "writeTrufi.m",
      sections: [
        {
          content:
            "% we define here a really crude True-FISP a.k.a. bSSFP sequence\n% with the shortest achievable TR for the given resolution\nseq = mr.Sequence(sys);",
        },
      ],
    },
    {
      uri: "demoSeq/writeTSEprop.m",
      title: "writeTSEprop.m",
      sections: [
        {
          content:
            "%% Create a TSE sequence and export for execution\n% turbo spin echo readout, k-space strips rotated like a propeller\nseq = mr.Sequence(sys);",
        },
      ],
    },
    {
      uri: "demoSeq/writeCineGradientEcho.m",
      title: "writeCineGradientEcho.m",
      sections: [
        {
          content:
            "% this is a naive segmented cardiac cine GRE sequence\n% define the trigger to play out\ntrig=mr.makeTrigger('physio1','duration', 2000e-6);\nseq.addBlock(trig); % wait for the cardiac trigger",
        },
      ],
    },
    {
      uri: "demoSeq/writeEpi.m",
      title: "writeEpi.m",
      sections: [{ content: "% a demo EPI sequence with labels for the slice counter\nseq = mr.Sequence(sys);" }],
    },
  ]);
});
afterAll(async () => {
  await ctx.store.close();
});

describe("gate: names written another way", () => {
  it("counts a joined name the corpus hyphenates (TrueFISP, True-FISP) among the covered key terms", async () => {
    const gate = (await judgedOver(ctx, "Is there an example of a balanced SSFP (TrueFISP) sequence with the shortest achievable TR?"))
      .gate!;
    expect(gate.missing).toBeUndefined();
    expect(gate.decision).not.toBe("clarify");
    // truefisp (as True-FISP), sequence, shortest, achievable, TR: 5 of the 7 key terms.
    expect(gate.signals.key_term_coverage).toBeGreaterThanOrEqual(5 / 7 - 1e-9);
  });

  it("does not require a name in parentheses after a required name the corpus holds (PROPELLER (BLADE))", async () => {
    const gate = (await judgedOver(ctx, "How would I write a PROPELLER (BLADE) turbo spin-echo sequence with rotated blades?")).gate!;
    expect(gate.missing).toBeUndefined();
    expect(gate.decision).not.toBe("clarify");
  });

  it("does not require a name the corpus lacks when the question gives its other name in parentheses (BLADE (PROPELLER))", async () => {
    const gate = (await judgedOver(ctx, "How would I write a BLADE (PROPELLER) turbo spin-echo sequence with rotated blades?")).gate!;
    expect(gate.missing).toBeUndefined();
    expect(gate.decision).not.toBe("clarify");
  });

  it("still requires it after words the corpus lacks: arterial spin labeling (pCASL)", async () => {
    const gate = (await judgedOver(ctx, "Show me an arterial spin labeling (pCASL) example sequence")).gate!;
    expect(gate).toMatchObject({ decision: "clarify", missing: ["pCASL"] });
  });

  it("does not require a name that only says how the thing asked is done (ECG-triggered) when the best passage does it", async () => {
    const gate = (await judgedOver(ctx, "How do I write an ECG-triggered, segmented cardiac cine gradient-echo sequence?")).gate!;
    expect(gate.missing).toBeUndefined();
    expect(gate.decision).not.toBe("clarify");
    // Gated is not triggered: the best passage does not do what the attribute says.
    const gated = (await judgedOver(ctx, "How do I write an ECG-gated, segmented cardiac cine gradient-echo sequence?")).gate!;
    expect(gated.decision).toBe("clarify");
    expect(gated.missing?.[0]).toMatch(/^ECG/);
  });

  it("answers a long request whose one unknown name is a detail among twenty or more, noting it; asks when it is the subject", async () => {
    const long =
      "Is there a naive segmented cardiac cine gradient echo sequence that waits for the cardiac trigger before each segment, " +
      "with a long trigger duration on the physio channel, eight heart phases over fifteen heartbeats, a small flip angle, " +
      "short echo and repetition times, a thin slice, a wide field of view and Hanning apodization of the excitation pulse?";
    const state = await judgedOver(ctx, long);
    expect(state.plan!.key_terms.length).toBeGreaterThanOrEqual(21);
    expect(state.gate!.missing).toBeUndefined();
    expect(state.gate!.decision).not.toBe("clarify");
    expect(state.gate!.unmentioned).toEqual(["Hanning"]);
    expect(state.gate!.reason).toContain("No indexed document mentions Hanning: the closest match is below, without it.");
    // Asked about alone, the name is what the question is about.
    const short = (await judgedOver(ctx, "Is there a cine sequence with Hanning apodization?")).gate!;
    expect(short).toMatchObject({ decision: "clarify", missing: ["Hanning"] });
    expect(short.unmentioned).toBeUndefined();
  });

  it("still requires it when the name before it is in no document either", async () => {
    const gate = (await judgedOver(ctx, "How would I write a MOLLI (ShMOLLI) sequence?")).gate!;
    expect(gate.decision).toBe("clarify");
    expect(gate.missing).toEqual(expect.arrayContaining(["ShMOLLI"]));
  });
});

describe("gate: an attribute read in what the expander keeps", () => {
  // A program whose trigger is set up in its second part, not in the header that matches the request.
  let cine: RunContext;
  beforeAll(async () => {
    cine = await retrievalContext([
      {
        uri: "demoSeq/writeCineSegmented.m",
        title: "writeCineSegmented.m",
        sections: [
          {
            content:
              "% a segmented cardiac cine spoiled gradient echo, eight heart phases over fifteen heartbeats\nphases = 8; heartbeats = 15;",
          },
          {
            content:
              "% define the trigger to play out before each segment\nwait=mr.makeTrigger('physio1','duration', 2000e-6);\nseq.addBlock(wait);",
          },
        ],
      },
      {
        uri: "demoSeq/writeEpi.m",
        title: "writeEpi.m",
        sections: [{ content: "% a demo EPI sequence with labels for the slice counter" }],
      },
    ]);
  });
  afterAll(async () => {
    await cine.store.close();
  });

  it("reads ECG-triggered in the whole program the expander keeps, not only in the chunk that matched", async () => {
    const q = "Is there an ECG-triggered segmented cardiac cine spoiled gradient echo with eight heart phases over fifteen heartbeats?";
    const whole = { intent: "example" as const, return_full_documents: true };
    const gate = (await judgedOver(cine, q, { plan: whole, expanded: true })).gate!;
    expect(gate.missing).toBeUndefined();
    expect(gate.decision).not.toBe("clarify");
    // The matched header alone says nothing of a trigger: without the expanded program, ECG stays required.
    const alone = (await judgedOver(cine, q, { plan: whole })).gate!;
    expect(alone).toMatchObject({ decision: "clarify", missing: ["ECG"] });
  });
});
