import { describe, expect, it } from "vitest";
import type { LoadedSection } from "../types.js";
import { codeLoader } from "./code.js";

const load = async (path: string, source: string) => (await codeLoader.load({ path, bytes: new TextEncoder().encode(source) }))[0]!;
// Loader metadata is free-form JSON; the tests read into it freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const meta = (s: LoadedSection) => s.metadata as Record<string, any>;

/** A help block in the style of the Pulseq toolbox (written for this test). */
const MAKE_RAMP = `function [ramp, dur] = makeRamp(channel, varargin)
%makeRamp Create a linear gradient ramp event.
%
%   PURPOSE
%     Build a ramp from zero to a target amplitude on one channel.
%
%   INPUTS
%     channel      [required]    char, 'x'|'y'|'z'
%     system       [optional]    struct from mr.opts; defaults to mr.opts() if omitted
%     'Amplitude'  [name/value]  double, target amplitude, Hz/m
%     'Duration'   [name/value]  double, ramp duration, seconds. Rounded up
%                                to the gradient raster.
%
%   OUTPUT
%     ramp  struct with fields .type, .channel, .amplitude
%     dur   double, seconds
%
%   EXAMPLE
%     r = mr.makeRamp('x', 'Amplitude', 1e5, 'Duration', 1e-3);

persistent parser
if isempty(parser)
    parser = inputParser;
    parser.FunctionName = 'makeRamp';
    parser.addRequired('channel', @ischar);
    parser.addOptional('system', [], @isstruct);
    parser.addParamValue('amplitude', 0, @isnumeric);
    parser.addParamValue('duration', 0, ...
        @(x) isnumeric(x) && x >= 0);
    parser.addParamValue('delay', 0, @isnumeric);
end
parse(parser, channel, varargin{:});
opt = parser.Results;
dur = roundUp(opt.duration, 10e-6);
ramp = struct('type', 'ramp', 'channel', channel, 'amplitude', opt.amplitude);

function out = roundUp(value, raster)
% round value up to a multiple of raster
out = ceil(value / raster) * raster;
`;

const CLASSDEF = `classdef Tracker < handle
    % Tracker   Keep a running list of block durations.
    %   t = Tracker(limit) starts an empty tracker.

    properties
        durations = [];  % seconds, one per block
        limit            % longest allowed total, seconds
    end

    methods
        function obj = Tracker(limit)
            % Tracker constructor
            obj.limit = limit;
        end

        function add(obj, dur)
            % add Append a block duration; errors past the limit.
            if sum(obj.durations) + dur > obj.limit
                error('Tracker:limit', 'over the limit at block %d', numel(obj.durations) + 1);
            end
            obj.durations(end+1) = dur; % note: 'end' in indexing and in this comment
            msg = 'a string with end and % inside';
        end
    end

    methods (Static)
        function t = fromList(list)
            % fromList Build a tracker from a list of durations.
            t = Tracker(inf);
            for i = 1:numel(list)
                t.add(list(i));
            end
        end
    end
end
`;

describe("codeLoader: MATLAB", () => {
  it("accepts source extensions", () => {
    for (const p of ["a.m", "b.py", "c.ts", "d.tsx", "e.js", "f.mjs", "g.cjs", "h.d.ts"]) expect(codeLoader.accepts(p)).toBe(true);
    expect(codeLoader.accepts("notes.txt")).toBe(false);
  });

  it("reads a function with its help block, inputParser defaults and a local function", async () => {
    const doc = await load("matlab/+mr/makeRamp.m", MAKE_RAMP);
    expect(doc).toMatchObject({ uri: "matlab/+mr/makeRamp.m", title: "makeRamp.m", format: "code", metadata: { language: "matlab" } });
    expect(doc.sections.map((s) => s.path)).toEqual([["makeRamp"], ["roundUp"]]);

    const [main, local] = doc.sections as [LoadedSection, LoadedSection];
    expect(meta(main)).toMatchObject({
      language: "matlab",
      kind: "function",
      name: "makeRamp",
      qualifiedName: "mr.makeRamp",
      signature: "function [ramp, dur] = makeRamp(channel, varargin)",
    });
    expect(meta(main).description).toBe(
      "Create a linear gradient ramp event.\n\nBuild a ramp from zero to a target amplitude on one channel.",
    );
    expect(meta(main).params).toEqual([
      { name: "channel", description: "[required] char, 'x'|'y'|'z'" },
      { name: "system", description: "[optional] struct from mr.opts; defaults to mr.opts() if omitted", default: "mr.opts()" },
      { name: "Amplitude", description: "[name/value] double, target amplitude, Hz/m", default: "0" },
      { name: "Duration", description: "[name/value] double, ramp duration, seconds. Rounded up to the gradient raster.", default: "0" },
      { name: "delay", default: "0" },
    ]);
    expect(meta(main).returns).toContain("ramp  struct with fields .type, .channel, .amplitude");

    // The doc comes first, without comment markers, then the code without the help lines.
    expect(main.content.startsWith("makeRamp Create a linear gradient ramp event.")).toBe(true);
    expect(main.content).toContain("\n\nfunction [ramp, dur] = makeRamp(channel, varargin)\n\npersistent parser");
    expect(main.content).not.toContain("%   INPUTS");
    expect(main.content).not.toContain("function out = roundUp");

    expect(meta(local)).toMatchObject({
      kind: "function",
      name: "roundUp",
      returns: "out",
      description: "round value up to a multiple of raster",
    });
    expect(meta(local).params).toEqual([{ name: "value" }, { name: "raster" }]);
  });

  it("reads a classdef: the class with its properties, then methods under [Class, method]", async () => {
    const doc = await load("matlab/+mr/@Tracker/Tracker.m", CLASSDEF);
    expect(doc.sections.map((s) => [s.path, meta(s).kind])).toEqual([
      [["Tracker"], "class"],
      [["Tracker", "Tracker"], "method"],
      [["Tracker", "add"], "method"],
      [["Tracker", "fromList"], "method"],
    ]);
    const [cls, ctor, add, fromList] = doc.sections as LoadedSection[];
    expect(meta(cls!)).toMatchObject({ signature: "classdef Tracker < handle", qualifiedName: "mr.Tracker" });
    expect(meta(cls!).description).toBe("Keep a running list of block durations.\nt = Tracker(limit) starts an empty tracker.");
    expect(cls!.content).toContain("durations = [];  % seconds, one per block");
    expect(cls!.content).not.toContain("obj.limit = limit;");

    // The constructor keeps its input; ordinary methods drop the object; static ones keep all inputs.
    expect(meta(ctor!).params).toEqual([{ name: "limit" }]);
    expect(meta(add!).params).toEqual([{ name: "dur" }]);
    expect(meta(add!).description).toBe("Append a block duration; errors past the limit.");
    expect(add!.content).toContain("msg = 'a string with end and % inside';");
    expect(add!.content).not.toContain("fromList");
    expect(meta(fromList!)).toMatchObject({ qualifiedName: "mr.Tracker.fromList", returns: "t", params: [{ name: "list" }] });
  });

  it("makes a function in an @Class folder a method of that class", async () => {
    const src =
      "function write(obj, filename)\n%WRITE Write the sequence to a file.\n%   write(seqObj, 'out.seq')\nfid = fopen(filename, 'w');\nfclose(fid);\n";
    const doc = await load("matlab/+mr/@Sequence/write.m", src);
    expect(doc.sections).toHaveLength(1);
    expect(doc.sections[0]!.path).toEqual(["Sequence", "write"]);
    expect(meta(doc.sections[0]!)).toMatchObject({
      kind: "method",
      qualifiedName: "mr.Sequence.write",
      params: [{ name: "filename" }],
      description: "Write the sequence to a file.\nwrite(seqObj, 'out.seq')",
    });
  });

  it("keeps a script whole as one section, titled by file name and opening comment", async () => {
    const body = Array.from({ length: 80 }, (_, i) => `seq.addBlock(mr.makeDelay(${i + 1}e-3)); % block ${i + 1}`);
    const src = `% a tiny demo that plays eighty delay blocks\n% and writes them out\nsys = mr.opts();\nseq = mr.Sequence(sys);\n${body.join("\n")}\nseq.write('delays.seq');\n`;
    const doc = await load("matlab/demoSeq/writeDelays.m", src);
    expect(doc.sections).toHaveLength(1);
    const [script] = doc.sections as [LoadedSection];
    expect(script.title).toBe("writeDelays.m (write delays): a tiny demo that plays eighty delay blocks");
    expect(meta(script)).toMatchObject({ kind: "script", language: "matlab", params: [] });
    expect(meta(script).description).toBe("a tiny demo that plays eighty delay blocks\nand writes them out");
    expect(script.content).toContain("% block 80");
    expect(script.content).toContain("seq.write('delays.seq');");
    expect(script.content).not.toContain("more lines");
  });

  it("titles a script without an opening comment by its file name, and lists its local functions", async () => {
    const src = "x = helper(2);\ndisp(x);\n\nfunction y = helper(v)\n  % helper doubles v\n  y = 2 * v;\nend\n";
    const doc = await load("demoSeq/writeX.m", src);
    expect(doc.sections.map((s) => [s.title, meta(s).kind])).toEqual([
      ["writeX.m (write X)", "script"],
      ["helper", "function"],
    ]);
    expect(doc.sections[1]!.content).toBe("helper doubles v\n\nfunction y = helper(v)\n  y = 2 * v;\nend");
  });

  it("cuts long function bodies after 60 lines", async () => {
    const lines = Array.from({ length: 100 }, (_, i) => `a${i} = ${i};`);
    const doc = await load("long.m", `function long()\n% long does many things\n${lines.join("\n")}\n`);
    const content = doc.sections[0]!.content;
    expect(content).toContain("a58 = 58;");
    expect(content).not.toContain("a59 = 59;");
    expect(content).toMatch(/… \(41 more lines\)$/);
  });

  it("takes a help block written before the function line", async () => {
    const src =
      "function main()\nx = scale(1);\nend\n\n% scale Multiply by the global factor.\n% Inputs\n%   v   value to scale\nfunction out = scale(v)\nout = 3 * v;\nend\n";
    const doc = await load("two.m", src);
    const scale = doc.sections.find((s) => s.title === "scale")!;
    expect(meta(scale)).toMatchObject({
      description: "Multiply by the global factor.",
      params: [{ name: "v", description: "value to scale" }],
    });
  });
});
