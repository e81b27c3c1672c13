import { describe, expect, it } from "vitest";
import { expandQuery, expansions, synonymIndex } from "./synonyms.js";

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
});
