import { describe, expect, it } from "vitest";
import { nameStems, quantityScores, statedQuantities, writesQuantity, writtenValues } from "./quantities.js";

describe("statedQuantities", () => {
  it("reads numbers with their units in SI, and what they are of", () => {
    const q = statedQuantities("minimal FLASH: one slice, 10 degree flip, TE 5 ms, TR 12 ms, 6/8 partial Fourier");
    expect(q.map((x) => x.values)).toEqual([[10], [0.005], [0.012], [0.75]]);
    expect(q.map((x) => x.labels)).toEqual([["flip"], ["te"], ["tr"], ["partial", "fourier"]]);
  });

  it("gives a list its last number's unit", () => {
    expect(statedQuantities("echo times of roughly 4, 7 and 12 ms").map((x) => x.values)).toEqual([[0.004], [0.007], [0.012]]);
  });

  it("takes numbers glued to a word for names, and a glued unit for a unit", () => {
    expect(statedQuantities("2D T1 at 3T with B0 maps").map((x) => x.text)).toEqual([]);
    expect(statedQuantities("TR 10ms, 300us pulse").map((x) => x.values)).toEqual([[0.01], [0.0003]]);
  });

  it("skips filler words to find the label before a number, and stops at one after it", () => {
    expect(statedQuantities("TE just over 4 ms")[0]!.labels).toEqual(["te"]);
    expect(statedQuantities("TE just over 4 ms and TR 10 ms").map((q) => q.labels)).toEqual([["te"], ["tr"]]);
  });
});

describe("writtenValues", () => {
  it("names each value by the variable it is assigned to or what a comment says it is", () => {
    const written = writtenValues("TE=[4.38 6.84 12]*1e-3;\nNdummy=10; % number of dummy scans\nalpha = 5*1e-1;\n% TR 20 ms");
    expect(written.get(0.00684)).toEqual(new Set(["te"]));
    expect([...written.get(10)!]).toEqual(expect.arrayContaining(["dummy", "ndummy"]));
    expect(written.has(0.5)).toBe(true);
    expect(written.get(0.02)).toEqual(new Set(["tr"]));
  });

  it("reads a Python default under its parameter's name, not its type's", () => {
    expect(writtenValues("def main(ti: float = 140e-3, n_slices: int = 3):").get(0.14)).toEqual(new Set(["ti"]));
  });

  it("does not read a number in a name as a value", () => {
    expect(writtenValues("gx2 = makeTrapezoid(x1e3)").has(2)).toBe(false);
  });
});

describe("nameStems", () => {
  it("splits camel case and underscores and reads a leading N as 'number of'", () => {
    expect(nameStems("Nslices")).toEqual(expect.arrayContaining(["nslice", "slice"]));
    expect(nameStems("flip_angle_deg")).toEqual(expect.arrayContaining(["flip", "angle", "deg"]));
  });
});

describe("writesQuantity", () => {
  const [te] = statedQuantities("TE 5 ms");
  it("is sure of a value named as the question names it, less of one under another name, and within 10%", () => {
    expect(writesQuantity(writtenValues("TE = 5e-3;"), te!)).toBe(1);
    expect(writesQuantity(writtenValues("delay = 5.2e-3;"), te!)).toBe(0.5);
    expect(writesQuantity(writtenValues("TE = 6e-3;"), te!)).toBe(0);
  });
});

describe("quantityScores", () => {
  const programs = new Map([
    ["writeGradientEcho.m", "alpha=10; TR=12e-3; TE=5e-3; Nslices=1;"],
    ["writeGradientEcho_label.m", "alpha=15; TR=10e-3; TE=4.3e-3; Nslices=1;"],
    ["writeGRE_multiEcho_label.m", "alpha=15; TR=20e-3; TE=[4.38 6.84 12]*1e-3; Nslices=1;"],
  ]);

  it("ranks the near-twin that sets the stated values first", () => {
    const best = (q: string) => [...quantityScores(q, programs)].sort((a, b) => b[1] - a[1])[0]![0];
    expect(best("minimal FLASH, 10 degree flip, TE 5 ms, TR 12 ms")).toBe("writeGradientEcho.m");
    expect(best("plain GRE, TE just over 4 ms and TR 10 ms")).toBe("writeGradientEcho_label.m");
    expect(best("field mapping GRE at echo times of roughly 4, 7 and 12 ms")).toBe("writeGRE_multiEcho_label.m");
  });

  it("counts a value named as asked by its own rarity, not by every bare occurrence of the number", () => {
    const scores = quantityScores(
      "TE 5 ms",
      new Map([
        ["a.m", "TE = 5e-3;"],
        ["b.m", "d = 5e-3;"],
        ["c.m", "x = 5e-3;"],
      ]),
    );
    expect(scores.get("a.m")).toBeCloseTo(1);
    expect(scores.get("b.m")).toBeCloseTo(0.5 * (Math.log(4 / 3) / Math.log(4)));
  });

  it("gives nothing for a value every program sets, nor when no quantity is stated", () => {
    expect(quantityScores("a single slice: 1 slice", programs).get("writeGradientEcho.m")).toBeCloseTo(Math.log(4 / 3) / Math.log(4));
    expect([...quantityScores("a plain gradient echo", programs).values()]).toEqual([0, 0, 0]);
  });
});
