import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgedOver, retrievalContext, stateWith } from "../../test/helpers/retrieval.js";
import type { RunContext } from "../context/run-context.js";
import { clarify } from "./clarify.js";
import { planner } from "./planner.js";
import { opensWithCue } from "./quality-gate.js";

// A real store holding a small corpus of company filings: the gate must notice a company, product
// or identifier that no indexed document mentions, and say so, instead of answering from a near miss.
let ctx: RunContext;

beforeAll(async () => {
  ctx = await retrievalContext(
    [
      {
        uri: "acme-10k.md",
        title: "Acme Corp annual report 2023",
        sections: [
          {
            title: "Revenue",
            content:
              "Acme Corp reported revenue of 12.4 billion dollars in fiscal 2023, up 8 percent, driven by the Roadrunner product line.",
          },
          {
            title: "Risk factors",
            content: "Acme Corp depends on a small number of suppliers for anvils and rockets, which it quickly ships.",
          },
        ],
      },
      {
        uri: "globex-10k.md",
        title: "Globex annual report 2023",
        sections: [
          {
            title: "Revenue",
            content: "Globex reported revenue of 3.1 billion dollars in fiscal 2023, with the Hammock platform growing fastest.",
          },
        ],
      },
      {
        uri: "api.md",
        title: "Client API",
        sections: [
          { title: "fetchFilings", content: "fetchFilings(company, year) returns the filings of a company for a year." },
          {
            title: "filings-cli",
            content: "Run filings-cli --all to fetch every filing of every company; --year limits the filings to one year.",
          },
          {
            title: "fetch_filings",
            content: "fetch_filings(company, year) is its Python name. Each filing carries its date. Add a year to narrow the search.",
          },
        ],
      },
      {
        uri: "terminal.md",
        title: "Filing terminal",
        sections: [
          {
            title: "Touch screen",
            content:
              "Tap the touch screen of the filing terminal to open a filing; each has its own color. Its home page shows the weather at each office.",
          },
        ],
      },
    ],
    [{ name: "docs", summary: "Annual reports of Acme Corp and Globex, and the filings client API" }],
  );
});
afterAll(async () => {
  await ctx.store.close();
});

const judged = (question: string) => judgedOver(ctx, question);
const stateOf = (question: string) => stateWith({ question, plan: null });

describe("gate: what the corpus does not cover", () => {
  it("asks, naming the company, when no indexed document mentions it", async () => {
    const state = await judged("What revenue did Initech report in fiscal 2023?");
    expect(state.gate).toMatchObject({ decision: "clarify", missing: ["Initech"] });
    expect(state.gate!.reason).toBe("No indexed document mentions Initech.");
    const { answer, clarifying_questions } = await clarify(state, { context: ctx });
    expect(answer).toMatch(
      /^This corpus covers Annual reports of Acme Corp and Globex, and the filings client API \(\d+ documents, such as .+\); it has nothing on Initech\./,
    );
    // No near miss is offered as if it were the thing asked about.
    expect(answer).not.toContain("Globex annual report");
    expect(clarifying_questions).toHaveLength(1);
  });

  it("does not ask when the company is in the corpus", async () => {
    const state = await judged("What revenue did Globex report in fiscal 2023?");
    expect(state.gate!.decision).not.toBe("clarify");
    expect(state.gate!.missing).toBeUndefined();
  });

  it("names a function that does not exist, and not one that does", async () => {
    expect((await judged("What does fetchQuarterlyEarnings return?")).gate).toMatchObject({
      decision: "clarify",
      missing: ["fetchQuarterlyEarnings"],
    });
    expect((await judged("What does fetchFilings return?")).gate!.decision).not.toBe("clarify");
  });

  it("asks when a product name never occurs as a phrase, though each word does", async () => {
    // "Acme" and "Hammock" are both indexed; "Acme Hammock" is not a product any document names.
    expect((await judged("How fast did the Acme Hammock platform grow?")).gate).toMatchObject({
      decision: "clarify",
      missing: ["Acme Hammock"],
    });
  });

  it('names a code name no document writes, though its words stand side by side in one ("date. Add")', async () => {
    expect((await judged("What does date_add return for a filing?")).gate).toMatchObject({ decision: "clarify", missing: ["date_add"] });
    expect((await judged("What does fetch_filings return for a company?")).gate!.decision).not.toBe("clarify");
  });

  it('names a product no document names, though its words\' stems stand side by side ("quickly ships")', async () => {
    expect((await judged("Does Acme Corp deliver rockets with Quick Ship?")).gate).toMatchObject({
      decision: "clarify",
      missing: ["Quick Ship"],
    });
  });

  it("names an option of the command line no document writes whole, though its name is a stop word", async () => {
    expect((await judged("How do I use filings-cli --where to filter the filings?")).gate).toMatchObject({
      decision: "clarify",
      missing: ["--where"],
    });
    expect((await judged("How do I use filings-cli --all to fetch the filings?")).gate!.decision).not.toBe("clarify");
    // Matched whole, in the corpus and in the evidence: "--year" does not hold `--yea`.
    expect((await judged("How do I use filings-cli --yea to limit the filings?")).gate).toMatchObject({
      decision: "clarify",
      missing: ["--yea"],
    });
  });

  it("does not require the names a question gives its own things, but names a code name it asks about", async () => {
    // fetch_filings is documented; acme_2023_raw is the user's own table, which no filing writes.
    expect((await judged("Can fetch_filings write its rows into my acme_2023_raw table?")).gate!.missing).toBeUndefined();
    expect(
      (await judged("Can fetch_filings write its rows into a table called acme_2023_raw in our database?")).gate!.missing,
    ).toBeUndefined();
    expect((await judged("Is there a function called fetch_all_filings for my reports?")).gate).toMatchObject({
      decision: "clarify",
      missing: ["fetch_all_filings"],
    });
  });

  it("does not require a value the question compares with, nor an intent cue opening it", async () => {
    expect((await judged("Which Acme Corp revenue lines have region = 'EU' in fiscal 2023?")).gate!.missing).toBeUndefined();
    expect((await judged("Beginner here: what revenue did Globex report in fiscal 2023?")).gate!.missing).toBeUndefined();
  });

  it("excuses an intent cue only when it opens a sentence as one word, not a name holding one", () => {
    expect(opensWithCue("Beginner", "Beginner here: what does DELETE do?")).toBe(true);
    expect(opensWithCue("Single Take", "How do I shoot with Single Take?")).toBe(false);
    expect(opensWithCue("Tutorial", "Is there a Tutorial mode on the phone?")).toBe(false);
  });

  it("asks when one of a terse question's two words is in no document", async () => {
    expect((await judged("sourdough in filings?")).gate).toMatchObject({ decision: "clarify", missing: ["sourdough"] });
    // In a longer question the one unknown word may be a paraphrase: it alone does not make the question uncovered.
    expect((await judged("How do I sourdough my filings up?")).gate!.missing).toBeUndefined();
  });

  it("reads a plain word written closed as the corpus writes it open (touchscreen), or in the other English spelling (colour)", async () => {
    expect((await judged("touchscreen in filings?")).gate!.missing).toBeUndefined();
    expect((await judged("trackpad in filings?")).gate).toMatchObject({ decision: "clarify", missing: ["trackpad"] });
    // The other English spelling of a plain word: "colour" where the corpus writes color.
    expect((await judged("colour of filings?")).gate!.missing).toBeUndefined();
  });

  it("requires neither a day of the week nor the owner of a possessive as part of the name owned", async () => {
    expect((await judged("Did Globex report its revenue every Sunday in fiscal 2023?")).gate!.missing).toBeUndefined();
    expect((await judged("What revenue did Globex's Hammock platform report in fiscal 2023?")).gate!.missing).toBeUndefined();
    expect((await judged("What revenue did Initech's Hammock platform report in fiscal 2023?")).gate).toMatchObject({
      decision: "clarify",
      missing: ["Initech"],
    });
  });

  it("plans an everyday topic the corpus speaks of as a question to search, not as out of scope", async () => {
    const { plan } = await planner(stateOf("What weather does the terminal's home page show?"), { context: ctx });
    expect(plan!.intent).not.toBe("out_of_scope");
    expect(plan!.reason).toContain('the corpus mentions "weather"');
    expect((await planner(stateOf("Any good recipe for the office party?"), { context: ctx })).plan!.intent).toBe("out_of_scope");
  });

  it("asks when most of the question's words are in no document (off-topic)", async () => {
    const gate = (await judged("How do I bake sourdough bread?")).gate!;
    expect(gate.decision).toBe("clarify");
    expect(gate.missing).toEqual(["bake", "sourdough", "bread"]);
  });
});
