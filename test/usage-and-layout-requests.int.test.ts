import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createGraph } from "../src/graph/graph.js";
import type { Plan } from "../src/state/types.js";
import type { SqlStore } from "../src/storage/store.js";
import type { EmbeddingProvider } from "../src/models/embeddings/types.js";
import { ROOT } from "./helpers/demo-corpus.js";
import { fixtureStore } from "./helpers/fixture-store.js";

// How users ask beyond "show me an example" (issue 12, blind8): to see a named function used in a
// real script, whether a thing exists ("is there a …?"), how a file format lays something out
// (answered by the format's documentation even when the question names the method writing the
// file), and a class's method written as a possessive. Over project-written fixture corpora with
// API, examples and docs sources.
const settings = { retrieval: { synonyms: {} } };
const usage = fixtureStore(join(ROOT, "test/fixtures/usage-corpus"), { api_reference: ["matlab"], examples: ["examples"], docs: ["docs"] });
const tagCorpus = fixtureStore(join(ROOT, "test/fixtures/tag-corpus"), { docs: ["docs"] });
const demos = fixtureStore(join(ROOT, "test/fixtures/examples-corpus"), { examples: ["demos"], docs: ["docs"] });

async function ask(question: string, { store, embeddings }: { store: SqlStore; embeddings: EmbeddingProvider }) {
  const graph = createGraph({ store, embeddings, settings, streamScratch: true });
  let answer = "";
  let plan: Plan | undefined;
  let citations: { uri: string }[] = [];
  for await (const u of await graph.stream({ question }, { streamMode: "updates" })) {
    const update = u as Record<string, { answer?: string; plan?: Plan; citations?: { uri: string }[] }>;
    plan = update.planner?.plan ?? plan;
    for (const node of ["generate", "clarify"]) {
      if (update[node]?.answer) answer = update[node]!.answer!;
      if (update[node]?.citations) citations = update[node]!.citations!;
    }
  }
  return { answer, plan, files: citations.map((c) => c.uri.split("/").at(-1)) };
}

describe("usage requests", () => {
  it("answers 'I'd like to see X used in an actual script' with the example calling it, fenced around the call", async () => {
    const { answer, plan, files } = await ask("I'd like to see tb.writeTable used in an actual script, is there one?", usage);
    expect(plan?.intent).toBe("example");
    expect(plan?.reason).toContain("asks to see it used(");
    expect(files[0]).toBe("writeSpectrumTable.m");
    const fence = /```matlab\n([\s\S]*?)```/.exec(answer)?.[1] ?? "";
    expect(fence).toContain("tb.writeTable(tbl, 'spectrum.tbl', 'Precision', 4);");
  });
});

describe("which example calls a named function", () => {
  it("answers with the script whose code calls it, though another script's name matches the other words", async () => {
    const { answer, plan, files } = await ask("which demo script that plots lines calls tb.aux.isLegacy?", usage);
    expect(plan?.intent).toBe("example");
    expect(files[0]).toBe("writeNoiseFloor.m");
    expect(/```matlab\n([\s\S]*?)```/.exec(answer)?.[1]).toContain("if ~tb.aux.isLegacy()");
  });

  it("does not count a call commented out: the one script that runs it answers", async () => {
    // All three scripts write tb.playSound, two only in a commented-out line.
    const { answer, files } = await ask("show me a demo script that plots a line of samples and plays it with tb.playSound", usage);
    expect(files[0]).toBe("writeNoiseFloor.m");
    expect(/```matlab\n([\s\S]*?)```/.exec(answer)?.[1]).toContain("tb.playSound([rec.rows.value]);");
  });

  it("does not prefer callers of a name every example calls", async () => {
    const { files } = await ask("show me a demo that plots a straight line with tb.writeTable", usage);
    // Two of the three examples call tb.writeTable: the name picks nothing, the question's words do.
    expect(files[0]).toBe("writeLinePlot.m");
  });
});

describe("questions about how a file lays something out", () => {
  it("answers from the format's documentation, not from the API entry of the method named", async () => {
    const { answer, plan, files } = await ask(
      "I write my rows with tb.writeTable, how do they end up in the .tbl file, what does each column of a row line mean?",
      usage,
    );
    expect(plan).toMatchObject({ intent: "concept", sources: ["docs"] });
    expect(plan?.reason).toContain("asks how a file lays it out");
    expect(files).toEqual(["table-format.md"]);
    expect(answer).toMatch(/sample time in seconds/);
  });

  it("reads 'what does the file format require' and 'on the [ROWS] line' as layout questions, whatever method is named", async () => {
    for (const question of [
      "I'm adding rows with tb.writeTable; what does the file format require for the time column?",
      "when tb.writeTable exports a row, how is its time stored on the [ROWS] line?",
    ]) {
      const { plan, files } = await ask(question, usage);
      expect(plan).toMatchObject({ intent: "concept", sources: ["docs"] });
      expect(files).toEqual(["table-format.md"]);
    }
  });
});

describe("a format's [TAG] named by a layout question", () => {
  it("answers with the documentation section headed by the tag, though another section holds more of the question's words", async () => {
    const { answer, files } = await ask(
      "I'm adding notes to rows with tb.addNote; how do they end up on the [NOTES] line of the table file?",
      tagCorpus,
    );
    expect(files).toContain("table-spec.md");
    expect(answer).toContain('<id> "<text>"');
  });
});

describe("a class's method written as a possessive", () => {
  it("answers from the method's entry, not the class's", async () => {
    const { answer, plan, files } = await ask("what are the inputs of tb.Library's find_row?", usage);
    expect(plan?.identifiers).toEqual(["tb.Library.find_row", "find_row"]);
    expect(files[0]).toBe("find_row.m");
    // A method's first argument is its object, as the code loader parses MATLAB methods.
    for (const name of ["rows", "newRow"]) expect(answer).toContain(`\`${name}\``);
  });
});

describe("'is there a …?' naming a thing", () => {
  it("asks for the example named for the thing, its head noun when premodifiers name nothing", async () => {
    const { answer, plan, files } = await ask("is there a Cartesian RF-spoiled gradient echo, without labels?", demos);
    expect(plan?.intent).toBe("example");
    // Named for the whole head (its name's every word said) or for its head noun alone.
    expect(plan?.reason).toMatch(/names a thing: writeGradientEcho(_label)?\.m is named for "([^"]* )?echo"/);
    expect(files[0]).toBe("writeGradientEcho.m");
    expect(answer).toContain("```matlab\n% a basic gradient echo demo");
  });

  it("leaves 'is there a way to …' a how-to", async () => {
    const { plan } = await ask("is there a way to export the readout samples?", demos);
    expect(plan?.intent).not.toBe("example");
  });
});
