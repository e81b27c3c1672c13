import { describe, expect, it } from "vitest";
import { writtenAsShortForm } from "./mined-synonyms.js";

/** The pattern the scan replaces (standing alone, or as one name of a compound), as it was written. */
function byPattern(text: string, key: string): boolean {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const alone = new RegExp(`(?<![\\p{L}\\p{N}_])(?<![\\p{L}\\p{N}]-)${escaped}(?![\\p{L}\\p{N}_])(?!-[\\p{L}\\p{N}])`, "giu");
  return [...text.matchAll(alone)].some((m) => (m[0].match(/[A-Z]/g)?.length ?? 0) >= 2 || /\d/.test(m[0]));
}

describe("writtenAsShortForm", () => {
  it("finds a short form standing alone or as one name of a compound", () => {
    expect(writtenAsShortForm("Does GRE beat spin echo?", "gre")).toBe(true);
    expect(writtenAsShortForm("the LKB1 AMPK axis", "ampk")).toBe(true);
    expect(writtenAsShortForm("Sirt1 and aging", "sirt1")).toBe(true);
    expect(writtenAsShortForm("the yolk sac", "sac")).toBe(false);
    expect(writtenAsShortForm("G-CSF levels", "csf")).toBe(false);
    expect(writtenAsShortForm("PD-1 blockade", "pd")).toBe(false);
    expect(writtenAsShortForm("Gre is a name", "gre")).toBe(false);
    expect(writtenAsShortForm("the MGRE sequence", "gre")).toBe(false);
  });

  const keys = ["gre", "pd", "csf", "sac", "a", "ab", "il-6", "il6", "x_y", "c.", "mir-21", "aa", "1a"];
  const texts = [
    "Does GRE beat spin echo? gre, Gre and GRE.",
    "PD-1, pd, PD_1, (PD) and -PD- in PD-L1/PD",
    "G-CSF and CSF-1 and csf, CSF",
    "AA AAA aAa aa-AA AA_ -AA -aA 1-AA",
    "IL-6 IL6 il-6 IL-6R anti-IL-6 IL-66",
    "X_Y x_y X_Yz _X_Y",
    "C. elegans C.elegans c. C.",
    "MIR-21 miR-21 mir-21a MIR-21-5p",
    "A a-a A-B 1A 1a a1 A_",
    "ab AB aB Ab AB- -AB AB-1 1-AB",
    "naïve T cells (Tregs) and ΔGRE or GRE² with Übergang SAC",
    "",
  ];
  it.each(keys)("agrees with the pattern it replaces for %j", (key) => {
    for (const text of texts) expect([text, writtenAsShortForm(text, key)]).toEqual([text, byPattern(text, key)]);
  });
});
