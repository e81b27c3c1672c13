import { describe, expect, it } from "vitest";
import { loadProfiles } from "../sources/load.js";
import { asksFileLayout, asLayoutQuestion } from "./file-format.js";
import { heuristicPlan } from "./heuristic.js";

describe("asksFileLayout", () => {
  it.each([
    "I'm adding RF shimming to my sequence and need to know how the shim settings are written in the file",
    "I store my own parameters with seq.setDefinition, how do they end up in the .seq file?",
    "what's the format of a definition line?",
    "when seq.write puts an arbitrary gradient into the [GRADIENTS] section, what does each column mean?",
    "RF pulse use field values in the seq format",
    "which entries of the config file are optional?",
    "when seq.write exports an RF pulse with its offsets set, how are they stored on the [RF] line?",
    "I'm adding a gradient with seq.addBlock; what does the file format require for its delay?",
    "does the seq format allow two extensions in one block?",
    "if one event I pass to seq.addBlock lasts longer than the block duration, what does the seq format say the interpreter must do?",
    // Any line of a tagged section, as such, is the format's.
    "when I add my own entries with seq.setDefinition, how must a [DEFINITIONS] line be formatted?",
    "I'm passing two extension events to one seq.addBlock call; which four numbers make up an [EXTENSIONS] line?",
    "I create readouts with pp.make_adc and want to parse the [ADC] lines myself: in which unit is the dwell time?",
    // The specification named as where the answer is.
    "mr.makeTrigger cardiac trigger: how does the specification's example tell an input trigger from an output signal?",
    "which raster times does the FID example in the specification set?",
    // The specification as what says it.
    "mr.getSupportedLabels lists two flags: what the specification says they do",
    "seq.checkTiming complains about raster alignment; what does the specification require?",
    "pp.make_label SET and INC in one block: in what order does the spec apply them?",
  ])("reads %j as asking how a file lays it out", (q) => expect(asksFileLayout(q)).toBe(true));

  it.each([
    "How do I write a sequence to a file with seq.write?",
    "What parameters does mr.makeTrapezoid take?",
    "Which fields does the struct returned by makeAdc hold?",
    "What does the Returns section of the docs say?",
    "show me an example that reads a file",
    "what does pp.format_trace require as input?",
    "which options does the format function accept?",
    "is the [RF] line of my plot wrong?",
    "which spec values does mr.opts accept for the slew rate?",
    "I need a sequence that meets the scanner's specifications, can you show me one?",
    "does the spec sheet of my gradient coil matter for mr.opts?",
  ])("reads %j as something else", (q) => expect(asksFileLayout(q)).toBe(false));
});

describe("asLayoutQuestion", () => {
  const profiles = loadProfiles();

  it("searches only the document sources, as a concept question, and says why", () => {
    const plan = heuristicPlan("I store parameters with seq.setDefinition, how do they end up in the .seq file?", { profiles });
    const layout = asLayoutQuestion({ ...plan, intent: "api" }, profiles, ["docs"], "asks how a file lays it out");
    expect(layout).toMatchObject({ intent: "concept", sources: ["docs"], key_terms: plan.key_terms, identifiers: plan.identifiers });
    expect(layout.reason).toMatch(/^concept \(asks how a file lays it out; was /);
  });

  it("keeps a concept plan's budgets", () => {
    const plan = heuristicPlan("how are the checksums written in the archive file?", { profiles });
    expect(plan.intent).toBe("concept");
    const layout = asLayoutQuestion(plan, profiles, ["docs"], "asks how a file lays it out");
    expect(layout).toMatchObject({ top_k: plan.top_k, token_budget: plan.token_budget, sources: ["docs"] });
  });

  it("keeps the plan when the tenant has no document source", () => {
    const plan = heuristicPlan("how are the checksums written in the archive file?", { profiles });
    expect(asLayoutQuestion(plan, profiles, [], "asks how a file lays it out")).toBe(plan);
  });
});
