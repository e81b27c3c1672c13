import { describe, expect, it } from "vitest";
import { calledNames, callerChunks, callersOnly, callerUris, callsName, uncommented } from "./name-callers.js";

describe("calledNames", () => {
  it("keeps code names in their most qualified spelling, not plain words or format tags", () => {
    expect(calledNames(["mr.aux.isOctave", "isOctave"])).toEqual(["mr.aux.isOctave"]);
    expect(calledNames(["EPI", "pp.make_trapezoid", "make_trapezoid", "[RF]"])).toEqual(["pp.make_trapezoid"]);
  });
});

describe("callsName", () => {
  it("finds the name as written, not inside a longer name", () => {
    expect(callsName("if ~mr.aux.isOctave()", "mr.aux.isOctave")).toBe(true);
    expect(callsName("rot = mr.rotate3D(g)", "mr.rotate")).toBe(false);
    expect(callsName("x = myseq.read(f)", "seq.read")).toBe(false);
    expect(callsName("seq.read('a.seq')", "seq.read")).toBe(true);
  });
});

describe("callerChunks", () => {
  const chunk = (id: string, uri: string, content: string) => ({ id, uri, content });
  it("marks the chunks calling a name few of the files call", () => {
    const pool = [
      chunk("1", "a.m", "x = tb.slr(1);"),
      chunk("2", "a.m", "seq.write('a')"),
      chunk("3", "b.m", "seq.write('b')"),
      chunk("4", "c.m", "seq.write('c')"),
    ];
    expect([...callerChunks(pool, ["tb.slr"], 0.5)]).toEqual(["1"]);
    // Every file calls seq.write: it sets none apart.
    expect(callerChunks(pool, ["seq.write"], 0.5).size).toBe(0);
  });
});

describe("uncommented", () => {
  it("drops commented-out code lines of the file's language, keeps prose comments and unknown languages whole", () => {
    expect(uncommented("% seq.sound(); % the tone\nseq.write('a');", "matlab")).toBe("seq.write('a');");
    expect(uncommented("# seq.plot()\nseq.write('a')", "python")).toBe("seq.write('a')");
    expect(uncommented("% seq.sound();", undefined)).toBe("% seq.sound();");
    // A comment in prose still refers to what it names.
    expect(uncommented("% leaned towards the Siemens EPI_BOLD sequence", "matlab")).toBe("% leaned towards the Siemens EPI_BOLD sequence");
    expect(uncommented("%ro_dur=5120e-6;\n%[a, b] = f(x);", "matlab")).toBe("");
  });
});

describe("callerChunks: calls commented out", () => {
  it("counts a call in a comment line as none, so the files that run it stand out", () => {
    const code = (id: string, uri: string, content: string) => ({ id, uri, content, language: "matlab" });
    const pool = [
      code("1", "live.m", "seq.sound();"),
      code("2", "epi.m", "% seq.sound(); % simulate the tone"),
      code("3", "epiRS.m", "% seq.sound();"),
      code("4", "tse.m", "seq.write('t')"),
    ];
    // Three of four files write the name, but only one calls it.
    expect([...callerChunks(pool, ["seq.sound"], 0.5)]).toEqual(["1"]);
  });
});

describe("callersOnly", () => {
  it("chooses among the callers when any is there, else among all", () => {
    const files = [{ uri: "a.m" }, { uri: "b.m" }];
    expect(callersOnly(files, (f) => f.uri, callerUris([{ uri: "b.m", calls: true }, { uri: "a.m" }]))).toEqual([{ uri: "b.m" }]);
    expect(callersOnly(files, (f) => f.uri, new Set(["z.m"]))).toEqual(files);
  });
});
