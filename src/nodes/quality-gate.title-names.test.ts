import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgedOver, retrievalContext } from "../../test/helpers/retrieval.js";
import type { RunContext } from "../context/run-context.js";

// A real store holding a phone manual's sections that name features in title case ("Link to
// Windows") and use the words of another feature's name ("Circle to Search") apart: the feature
// the manual names is covered, the one whose name no section writes is not.
let ctx: RunContext;

beforeAll(async () => {
  ctx = await retrievalContext([
    {
      uri: "manual/link-to-windows.md",
      title: "Link to Windows",
      sections: [
        {
          content:
            "Link to Windows connects your phone to a Windows computer. Open Settings, tap Connected devices, then Link to Windows, and sign in to the same account on the computer to see the phone's notifications and photos.",
        },
      ],
    },
    {
      uri: "manual/finder.md",
      title: "Finder",
      sections: [
        {
          content:
            "Search for content on the phone: tap Search on the Apps screen and enter a keyword. A circle around an app icon means it has new notifications; the screen shows the results as you type.",
        },
      ],
    },
  ]);
});
afterAll(async () => {
  await ctx.store.close();
});

describe("gate: a title-case name holding a lower-case 'to' or 'of'", () => {
  it("asks about a name whose words each occur but which no section writes (Circle to Search), naming it", async () => {
    const gate = (await judgedOver(ctx, "How do I use Circle to Search on whatever is on the screen?")).gate!;
    expect(gate).toMatchObject({ decision: "clarify", missing: ["Circle to Search"] });
  });

  it("answers for a name the manual writes (Link to Windows)", async () => {
    const gate = (await judgedOver(ctx, "How do I connect the phone to my computer with Link to Windows?")).gate!;
    expect(gate.missing).toBeUndefined();
    expect(gate.decision).not.toBe("clarify");
  });
});
