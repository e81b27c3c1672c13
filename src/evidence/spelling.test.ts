import { describe, expect, it } from "vitest";
import { compounds, dialects, spellingVariants } from "./spelling.js";

describe("spellingVariants", () => {
  it("joins, hyphenates and spaces letters and digits", () => {
    expect(spellingVariants("IL6")).toEqual(expect.arrayContaining(["IL-6", "IL 6"]));
    expect(spellingVariants("IL-6")).toContain("IL6");
  });

  it("spells Greek letters out and back, and reads a Latin look-alike after a code as Greek", () => {
    expect(spellingVariants("TNF-alpha")).toContain("TNF-α");
    expect(spellingVariants("PPARγ")).toContain("PPARgamma");
    expect(spellingVariants("PPARy")).toEqual(expect.arrayContaining(["PPARγ", "PPARgamma"]));
    expect(spellingVariants("NF-kB")).toContain("NF-κB");
  });

  it("reads l for I and 0 for o inside codes, not inside words", () => {
    expect(spellingVariants("elF3")).toContain("eIF3");
    expect(spellingVariants("fox0")).toContain("foxo");
    expect(spellingVariants("I-carnitine")).toContain("l-carnitine");
    expect(spellingVariants("makeSpiralGradient")).toEqual([]);
    expect(spellingVariants("IBP")).toEqual([]);
  });

  it("drops a plain qualifying word from a code, never a number or a short letter", () => {
    expect(spellingVariants("Rad53-dependent")).toContain("Rad53");
    expect(spellingVariants("iPSCderived")).toEqual(expect.arrayContaining(["iPSC-derived", "iPSC"]));
    expect(spellingVariants("NF-kB-dependent")).toEqual(expect.arrayContaining(["NF-kB", "NF-κB"]));
    expect(spellingVariants("TrueFISP")).toContain("True-FISP");
    expect(spellingVariants("B-tree")).toEqual([]);
    expect(spellingVariants("PostgreSQL 17").every((v) => v.includes("17"))).toBe(true);
    expect(spellingVariants("DENV-3").every((v) => v.includes("3"))).toBe(true);
    expect(spellingVariants("Initech")).toEqual([]);
  });

  it("spells a place's adjective as the place", () => {
    expect(spellingVariants("Algerian")).toEqual(["Algeria", "Alger"]);
    expect(spellingVariants("Korean")).toEqual(["Korea"]);
    expect(spellingVariants("Android")).toEqual([]);
  });

  it("spells a plain word the British and the American way", () => {
    expect(dialects("colours")).toEqual(["colors"]);
    expect(dialects("color")).toEqual(["colour"]);
    expect(dialects("organised")).toEqual(["organized"]);
    expect(dialects("centre")).toEqual(["center"]);
    expect(dialects("licence")).toEqual(["license"]);
    expect(dialects("water")).toEqual([]);
    expect(dialects("odour")).toEqual(["odor"]);
    expect(dialects("tour")).toEqual([]);
    expect(dialects("Colour")).toEqual([]);
  });

  it("writes a plain word closed or open, and nothing else", () => {
    expect(compounds("touchscreen")).toContain("touch screen");
    expect(compounds("touch screen")).toEqual(["touchscreen"]);
    // Too short to hold two words, or not a plain lower-case word.
    expect(compounds("screen")).toEqual([]);
    expect(compounds("TouchScreen")).toEqual([]);
    expect(spellingVariants("touchscreen")).toEqual([]);
  });

  it("writes a several-word name's hyphens as spaces, not a one-word name's", () => {
    expect(spellingVariants("RecQ-class DNA")).toContain("RecQ class DNA");
    expect(spellingVariants("Cnp1 N-tail")).toContain("Cnp1 N tail");
    expect(spellingVariants("G-CSF")).not.toContain("G CSF");
  });
});
