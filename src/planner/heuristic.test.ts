import { describe, expect, it } from "vitest";
import { loadProfiles } from "../sources/load.js";
import { heuristicPlan } from "./heuristic.js";
import { applyOverrides } from "./overrides.js";

const profiles = loadProfiles();
const plan = (q: string) => heuristicPlan(q, { profiles });

describe("heuristicPlan intents", () => {
  it.each([
    ["What parameters does createClient accept?", "api"],
    ["What does parse_config return?", "api"],
    ["Which options does the export command take, and their defaults?", "api"],
    ["Show me an example of uploading a file", "example"],
    ["Is there a sample script for batch imports?", "example"],
    ["I'm a beginner: walk me through setting up my first project", "tutorial"],
    ["How do I get started with the CLI?", "tutorial"],
    ["Why does connect() fail with a timeout error?", "debugging"],
    ["The export is not working and I see E-1234", "debugging"],
    ["What is eventual consistency?", "concept"],
    ["Explain why the file format stores shapes compressed", "concept"],
    ["Compare the sync and async clients", "comparison"],
    ["Give an overview of all the available storage backends", "comparison"],
    ["hello!", "out_of_scope"],
    ["thanks a lot", "out_of_scope"],
    ["tell me a joke", "out_of_scope"],
    ["What's the weather like in Paris?", "out_of_scope"],
    ["What parameters does the weather endpoint take?", "api"],
    // The format or its reader as the subject outweighs the function named beside it.
    ["adc dwell time units in the seq format", "concept"],
    ["required extensions: what must an interpreter do with ones it does not know", "concept"],
    ["I'm parsing a file written by seq.write and need to know how numbers are stored", "concept"],
    ["How do I write a sequence to a .seq file with seq.write?", "tutorial"],
    ["how do I load an existing .seq file in python and look at what's inside?", "tutorial"],
    // Two sections of the format named outweigh the functions that write them.
    ["[TRAP] and [GRADIENTS] event IDs from mr.makeTrapezoid and mr.makeArbitraryGrad: may they overlap", "concept"],
    ["   ", "out_of_scope"],
  ])("%s → %s", (question, intent) => {
    expect(plan(question).intent).toBe(intent);
  });

  // Tasks: what the user wants made, in a corpus with examples, is asked for as an example; how to
  // use a named function, or what something is, stays with the API or the docs.
  it.each([
    ["I want to acquire spectra with a double spin echo. How would I write that?", "example"],
    ["I need to image the beating heart with a triggered cine. How do I set that up?", "example"],
    ["I'd like a Cartesian sequence with labels. What does that look like?", "example"],
    ["How would I set up a basic spin-echo scan with crusher gradients?", "example"],
    ["Using the toolkit, I need a 3D scan with an inversion pulse and labelled lines.", "example"],
    ["I want to acquire an undersampled image. How do I build the sampling pattern and the sequence?", "example"],
    ["How would I set up a fast scan with a fixed TR?", "example"],
    ["How do I build an RF pulse from an arbitrary waveform with makeArbitraryRf?", "tutorial"],
    ["How do I write a sequence to a file with seq.write?", "tutorial"],
    ["What parameters does makeTrapezoid take?", "api"],
    ["What does the trigger event do?", "concept"],
  ])("task: %s → %s", (question, intent) => {
    expect(plan(question).intent).toBe(intent);
  });

  // How users ask for code, whatever it is about: each cue alone decides, and the words that look
  // like a cue but are not one (data "samples", a hash's "signature", "I need to know") do not.
  it.each([
    ["I'm trying to build a retry queue for our workers, can you give me the code?", "example", "asks for the code"],
    ["need a small rate limiter without external dependencies, where's the code?", "example", "asks for the code"],
    ["Could I see the script that migrates the tables?", "example", "asks for the code"],
    ["need a simple two-column page layout with a sticky footer", "example", "asks to build one"],
    ["need to write an importer that runs on the old server", "example", "asks to build one"],
    ["Is there a sample project for OAuth login?", "example", "asks for an example"],
    ["I need to know how timestamps are stored in the log file", "concept", undefined],
    ["Where do the audio samples sit within a frame?", "concept", undefined],
    ["How is the sha256 signature at the end of a release file computed?", "concept", undefined],
    ["What is the signature of createClient?", "api", "parameters"],
  ])("how users ask: %s → %s", (question, intent, cue) => {
    const p = plan(question);
    expect(p.intent).toBe(intent);
    if (cue) expect(p.reason).toContain(`${cue}(`);
  });

  // Asking to see a named thing in use is a request for an example that uses it; how a file lays
  // something out is the specification's question, even naming the method that writes the file.
  it.each([
    ["I'd like to see createClient used in an actual project, is there one?", "example", "asks to see it used"],
    ["Is paginate() called in a real application anywhere?", "example", "asks to see it used"],
    ["Where is createClient used?", "example", "asks to see it used"],
    ["Which options are used in the retry policy?", "api", undefined],
    [
      "I save my settings with config.setOption, how do they end up in the .ini file, what's the format of an option line?",
      "concept",
      "asks how a file lays it out",
    ],
    ["how are the checksums written in the archive file?", "concept", "asks how a file lays it out"],
    ["record field values in the log format", "concept", "asks how a file lays it out"],
    ["How do I write a sequence to a file with seq.write?", "tutorial", undefined],
    ["What parameters does the file reader take?", "api", undefined],
  ])("usage and layout: %s → %s", (question, intent, cue) => {
    const p = plan(question);
    expect(p.intent).toBe(intent);
    if (cue) expect(p.reason).toContain(`${cue}(`);
    else expect(p.reason).not.toMatch(/asks to see it used|asks how a file lays it out/);
  });

  // A request that states the settings of what it wants describes one program: where the corpus has
  // examples it asks for that program, whatever else its words look like (an "output" trigger, a
  // "default" setting); fewer measured values, or no examples to give, leave the other cues to decide.
  it("reads a request stating three or more measured settings as asking for the program that sets them", () => {
    const described =
      "ramp-sampled spin-echo EPI with an output trigger on each excitation, 2 ms sinc pulses, 64 by 64 over 250 mm, TE 40 ms";
    const p = plan(described);
    expect(p.intent).toBe("example");
    expect(p.reason).toContain("states its settings(2 ms, 250 mm, 40 ms)");
    expect(heuristicPlan(described, { profiles, examples: false }).intent).toBe("api");
    expect(plan("What unit is the output delay in: 10 us or 10 ms?").intent).toBe("api");
    expect(plan("plain 3D gradient echo, 8 degree hard pulse, TE 10 ms, TR 40 ms").intent).toBe("example");
  });

  it("reads a task as steps, not an example, when the corpus has no examples", () => {
    expect(heuristicPlan("How would I set up a second profile?", { profiles, examples: false }).intent).toBe("tutorial");
    expect(heuristicPlan("How would I set up a second profile?", { profiles }).intent).toBe("example");
  });

  it("explains itself in one line naming the cues that decided", () => {
    const p = plan("What parameters does createClient accept?");
    expect(p.reason).toMatch(/^api \(.*parameters.*identifier\(createClient\)/);
    expect(p.reason).not.toContain("\n");
    expect(p.planner).toBe("heuristic");
  });

  it("reads a field of view as a setting, not a struct's fields", () => {
    expect(plan("a 250 mm field of view").reason).not.toContain("inputs/outputs");
    expect(plan("the fields of the returned struct").reason).toContain("inputs/outputs");
  });

  it("is deterministic", () => {
    const q = "Compare all the retry options of the HTTP client";
    expect(plan(q)).toEqual(plan(q));
  });
});

describe("heuristicPlan budgets and sources", () => {
  it("keeps a simple question small", () => {
    const p = plan("What does parse_config return?");
    expect(p).toMatchObject({ top_k: 3, token_budget: 2000, return_full_documents: false });
  });

  it("gives 'compare all' the most results and tokens", () => {
    const p = plan("Compare all the authentication methods");
    expect(p).toMatchObject({ intent: "comparison", top_k: 15, token_budget: 8000 });
  });

  it("gives examples room for whole scripts", () => {
    const p = plan("Show me a complete example of a crawler");
    expect(p.token_budget).toBeGreaterThanOrEqual(6000);
    expect(p.return_full_documents).toBe(true);
  });

  it("grows top_k with each extra identifier", () => {
    expect(plan("What is the difference between readFile and readFileSync and openStream?").top_k).toBeGreaterThan(
      plan("What is the difference between the two readers?").top_k,
    );
  });

  it("orders sources by intent: API first for parameters, examples first for learning and examples", () => {
    expect(plan("What arguments does createClient take?").sources).toEqual(["api_reference", "examples", "docs"]);
    expect(plan("Show me an example of pagination").sources[0]).toBe("examples");
    expect(plan("Tutorial for beginners on pagination").sources.slice(0, 2)).toEqual(["examples", "api_reference"]);
    expect(plan("Why does paginate() throw an error?").sources.slice(0, 2)).toEqual(["api_reference", "examples"]);
    expect(plan("Explain the concept of cursors").sources[0]).toBe("docs");
  });

  it("searches nothing when out of scope", () => {
    expect(plan("how are you?")).toMatchObject({ intent: "out_of_scope", top_k: 0, sources: [] });
  });

  it("fills key terms and identifiers", () => {
    const p = plan("Why does mr.makeTrapezoid reject my FlatTime?");
    expect(p.identifiers).toEqual(["mr.makeTrapezoid", "makeTrapezoid", "FlatTime"]);
    expect(p.key_terms).toEqual(["mr.maketrapezoid", "reject", "flattime"]);
  });
});

describe("applyOverrides", () => {
  it("lets every input override win and says so", () => {
    const p = applyOverrides(plan("Compare all the authentication methods"), {
      top_k: 4,
      token_budget: 1000,
      multi_section_threshold: 5,
      return_full_documents: true,
      sources: ["docs"],
    });
    expect(p).toMatchObject({ top_k: 4, token_budget: 1000, multi_section_threshold: 5, return_full_documents: true, sources: ["docs"] });
    expect(p.reason).toContain("input overrides sources=docs, top_k=4");
  });

  it("searches a forced source even when the question looked out of scope", () => {
    const p = applyOverrides(plan("hello"), { sources: ["docs"] });
    expect(p.top_k).toBeGreaterThan(0);
    expect(p.sources).toEqual(["docs"]);
  });

  it("changes nothing without overrides", () => {
    const p = plan("What is a cursor?");
    expect(applyOverrides(p, {})).toEqual(p);
  });
});
