import { describe, expect, it } from "vitest";
import { deriveIndex, expandQuery, expansions, synonymIndex } from "./synonyms.js";

describe("synonyms", () => {
  it("index both ways and merge groups that share a phrase", () => {
    const index = synonymIndex({ rf: ["radiofrequency"], radiofrequency: ["radio frequency"] });
    expect([...(index.get("radio frequency") ?? [])].sort()).toEqual(["radiofrequency", "rf"]);
    expect([...(index.get("rf") ?? [])].sort()).toEqual(["radio frequency", "radiofrequency"]);
  });

  it("expand whole words and phrases only, case-insensitively", () => {
    const index = synonymIndex({ te: ["echo time"], rf: ["radiofrequency"] });
    expect(expansions("Set the TE", index)).toEqual(["echo time"]);
    expect(expansions("what is the echo time?", index)).toEqual(["te"]);
    expect(expansions("a steady state sequence", index)).toEqual([]);
    expect(expansions("the rfblock", index)).toEqual([]);
  });

  it("append expansions and extra terms to the question, without repeating it", () => {
    const index = synonymIndex({ rf: ["radiofrequency"] });
    expect(expandQuery("rf pulse", index, ["pulse", "shape"])).toEqual({
      text: "rf pulse radiofrequency shape",
      added: ["radiofrequency", "shape"],
    });
    expect(expandQuery("nothing here", index)).toEqual({ text: "nothing here", added: [] });
  });

  it("writes each added word once, and none the question has: BM25 counts a repeated query word each time", () => {
    const index = synonymIndex({ "g-csf": ["granulocyte colony-stimulating factor", "granulocyte colony stimulating factor"] });
    const { text, added } = expandQuery("G-CSF mobilises stem cells as a factor", index);
    expect(added).toHaveLength(2);
    expect(text).toBe("G-CSF mobilises stem cells as a factor granulocyte colony stimulating");
  });

  it("find phrases after hyphens, phrases of several words and phrases starting with a non-word character", () => {
    const index = new Map<string, string[]>([
      ["fisp", ["fast imaging"]],
      ["true-fisp", ["bssfp"]],
      ["echo time", ["te"]],
      ["-1", ["minus one"]],
      ["β-blockers", ["beta blockers"]],
    ]);
    expect(expansions("A True-FISP sequence", index)).toEqual(["fast imaging", "bssfp"]);
    expect(expansions("the echo  time, in ms", index)).toEqual(["te"]);
    expect(expansions("PD-1 blockade", index)).toEqual([]);
    expect(expansions("a version -1 build", index)).toEqual(["minus one"]);
    expect(expansions("β-blockers improve outcomes", index)).toEqual(["beta blockers"]);
    expect(expansions("echoes timed", index)).toEqual([]);
  });

  it("derive a copy with phrases replaced or removed, in the parent's order", () => {
    const parent = synonymIndex({ rf: ["radiofrequency"], te: ["echo time"], tr: ["repetition time"] });
    const derived = deriveIndex(
      parent,
      new Map([
        ["te", null],
        ["rf", ["radio frequency"]],
        ["absent", ["ignored"]],
      ]),
    );
    expect([...derived.keys()]).toEqual([...parent.keys()].filter((k) => k !== "te"));
    expect(expansions("rf with te and tr", derived)).toEqual(["radio frequency", "repetition time"]);
    // The parent is unchanged.
    expect(expansions("rf with te and tr", parent)).toEqual(["radiofrequency", "echo time", "repetition time"]);
  });
});
