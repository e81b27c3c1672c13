import { describe, expect, it } from "vitest";
import { loadProfiles } from "../sources/load.js";
import { heuristicPlan } from "./heuristic.js";
import { asExampleRequest, headNounTerms, headTerms, namesAThing } from "./noun-phrase.js";

describe("namesAThing", () => {
  it.each([
    "SE-EPI with ramp sampling, no diffusion",
    "just a simple FID sequence",
    "UTE in pypulseq",
    "balanced SSFP (TrueFISP) sequence",
    "python EPI that sets LABELs for recon",
    "VACUUM FULL locking",
    "where can I find a python EPI that sets labels for recon?",
    "I'm looking for a sticky footer layout",
    "is there a diffusion EPI that sets the prospective motion correction flag?",
    "do you have a plain Cartesian 2D gradient echo for pypulseq, without labels?",
    // A description listing what the thing has runs long without a verb (25 words).
    "EPI without ramp sampling, 7 slices and 4 repetitions, a physio trigger before each volume, three navigator echoes, and line/slice/segment labels in the data header",
    // A cue in the relative clause describes the thing ("step by step" is no tutorial asked for).
    "do you have a bare-bones gradient echo for a teaching session that can then be extended step by step?",
    // After a search frame, what follows the head describes the thing, however long and whatever its
    // words ("field of view", "output pulse" are no API question here).
    "is there a spin-echo EPI for three 3 mm slices at TE 40 ms, 64 by 64 over a 250 mm field of view, with a fat-sat pulse, crushers around the refocusing pulse, 6/8 partial Fourier, ramp sampling with the phase blips overlapping the readout, and a trigger output pulse at every slice excitation?",
    // The name, then its settings listed after a colon, however many (52 words).
    "plain 2D spoiled gradient echo: one 3 mm slice, 256 mm field of view, a 10 degree 3 ms sinc excitation, TE 5 ms, TR 12 ms, a 3200 us readout flat top, 1 ms prephasing gradients, the phase-encoding gradient rewound in the spoiler block, a readout spoiler of twice the readout area and RF spoiling",
    "I'm after a Cartesian multi-shot turbo spin echo in which the echo train fills several lines",
    // "do you have the … variant": a search frame too.
    "do you have the fast radial gradient echo variant that rotates each spoke with a general three-dimensional rotation routine and returns to zero before the next pulse?",
  ])("reads %j as the name of a thing", (q) => expect(namesAThing(q)).toBe(true));

  it.each([
    "[BLOCKS] section format",
    "gradient raster time",
    "What is a gradient echo?",
    "show me a basic TSE",
    "mr.makeSincPulse parameters",
    "pp.make_block_pulse",
    "the sequence fails the timing check",
    "GRE is too slow",
    "How do I write a UTE sequence",
    "Lecanemab slows cognitive decline in early Alzheimer's disease.",
    "is there a function that rotates gradients?",
    "is there a way to export the waveforms?",
    "is there a parameter for the ADC dead time?",
    "do you have a tutorial on gradient moments?",
    "a step-by-step tutorial that builds a gradient echo",
    // After the colon a question, not a list.
    "TE 5 ms and TR 10 ms: what does the specification say about them?",
    "RF spoiling in the gradient echo: is it on by default?",
  ])("reads %j as something else", (q) => expect(namesAThing(q)).toBe(false));
});

describe("headTerms", () => {
  it("keeps the words before the first modifier", () => {
    expect(headTerms("gradient echo with GRAPPA undersampling and ACS lines")).toEqual(["gradient", "echo"]);
    expect(headTerms("sodium ZTE / PETRA sequence")).toEqual(["sodium", "zte"]);
    expect(headTerms("balanced SSFP (TrueFISP) sequence")).toEqual(["balanced", "ssfp"]);
    expect(headTerms("SE-EPI with ramp sampling, no diffusion")).toEqual(["se", "epi"]);
  });

  it("ends the head before a participle saying what it is modelled on", () => {
    expect(headTerms("ramp-sampled EPI modelled on the Siemens BOLD EPI, with navigators")).toEqual(["ramp", "sampled", "epi"]);
    expect(headTerms("a spin echo based on the vendor's TSE")).toEqual(["spin", "echo"]);
  });

  it("reads the head after a search frame", () => {
    expect(headTerms("where can I find a python gradient echo that sets labels?")).toEqual(["python", "gradient", "echo"]);
    expect(headTerms("I'm looking for a radial GRE")).toEqual(["radial", "gre"]);
    expect(headTerms("is there a diffusion EPI that sets the motion correction flag?")).toEqual(["diffusion", "epi"]);
  });
});

describe("headNounTerms", () => {
  it("keeps the head's last two words, the noun its premodifiers describe", () => {
    expect(headNounTerms("is there a plain Cartesian RF-spoiled 2D gradient echo for pypulseq, without labels?")).toEqual([
      "gradient",
      "echo",
    ]);
  });

  it("takes the words after a hyphenated compound, which modifies them", () => {
    expect(headNounTerms("is there a basic gradient-echo EPI without ramp sampling, just for teaching, no labels?")).toEqual(["epi"]);
    expect(headNounTerms("multi-slice EPI that positions slices by translating the FOV")).toEqual(["epi"]);
    // More than two words after it: the last two, as without a compound.
    expect(headNounTerms("T1-weighted 3D inversion recovery MPRAGE")).toEqual(["recovery", "mprage"]);
  });

  it("is undefined when the head is the noun already", () => {
    expect(headNounTerms("diffusion EPI with prospective motion correction")).toBeUndefined();
    expect(headNounTerms("UTE in pypulseq")).toBeUndefined();
  });
});

describe("asExampleRequest", () => {
  it("re-sizes a concept plan as an example request and says why", () => {
    const profiles = loadProfiles();
    const plan = heuristicPlan("diffusion EPI with prospective motion correction", { profiles });
    expect(plan.intent).toBe("concept");
    const example = asExampleRequest(plan, profiles, "names a thing");
    expect(example).toMatchObject({ intent: "example", return_full_documents: true, key_terms: plan.key_terms });
    expect(example.sources[0]).toBe("examples");
    expect(example.reason).toMatch(/^example \(names a thing; was concept/);
  });
});
