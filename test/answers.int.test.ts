import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCitations } from "../src/evaluation/judges.js";
import { createGraph } from "../src/graph/graph.js";
import { ingest } from "../src/ingestion/ingest.js";
import { codeLoader } from "../src/ingestion/loaders/code.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import type { EmbeddingProvider } from "../src/models/embeddings/types.js";
import type { Citation, ContextBlock, RankedChunk } from "../src/state/types.js";
import type { SqlStore } from "../src/storage/store.js";
import { ROOT } from "./helpers/demo-corpus.js";
import { memoryStore } from "./helpers/store.js";

// A small project-written corpus in MATLAB and Python (test/fixtures/api-corpus): one function in
// each language under its two spellings, a Sequence class in each, a demo that calls them often.
const FIXTURE = join(ROOT, "test/fixtures/api-corpus");
let store: SqlStore;
let embeddings: EmbeddingProvider;

beforeAll(async () => {
  store = await memoryStore();
  embeddings = await createEmbeddings("local/use-lite", { workers: 1 });
  await ingest({ store, embeddings, paths: [join(FIXTURE, "matlab"), join(FIXTURE, "python")], source: "api_reference" });
  await ingest({ store, embeddings, paths: [join(FIXTURE, "examples")], source: "examples" });
  await ingest({ store, embeddings, paths: [join(FIXTURE, "docs")], source: "docs" });
}, 120_000);
afterAll(async () => {
  await embeddings.close();
  await store.close();
});

const base = (uri: string) => uri.split("/").at(-1);

describe("alias index (built at ingest from the parsed names)", () => {
  it("resolves every spelling and both languages to the same entries", async () => {
    for (const names of [["makeRamp"], ["make_ramp"], ["MAKE_RAMP"]]) {
      const hits = await store.matchAliases(names, { filters: { sources: ["api_reference"] } });
      expect(hits.map((h) => h.metadata.name).sort()).toEqual(["makeRamp", "make_ramp"]);
    }
    const methods = await store.matchAliases(["add_block"]);
    expect(methods.map((h) => [base(h.uri), h.metadata.name]).sort()).toEqual([
      ["Sequence.m", "addBlock"],
      ["sequence.py", "add_block"],
    ]);
  });

  it("drops the aliases of a replaced or deleted document", async () => {
    const [doc] = (await store.listDocuments({ source: "api_reference" })).filter((d) => d.uri.endsWith("make_ramp.py"));
    await store.deleteDocuments("default", [doc!.id]);
    expect((await store.matchAliases(["make_ramp"])).map((h) => h.metadata.name)).toEqual(["makeRamp"]);
    await ingest({ store, embeddings, paths: [join(FIXTURE, "python")], source: "api_reference" });
    expect(await store.matchAliases(["makeRamp"])).toHaveLength(2);
  });

  it("ranks the entry a question names first, in the language its spelling says, above the demo calling it", async () => {
    const graph = createGraph({ store, embeddings, streamScratch: true });
    const top = async (question: string) => {
      let ranked: RankedChunk[] = [];
      for await (const u of await graph.stream({ question }, { streamMode: "updates" })) {
        const rr = (u as { rerank?: { ranked?: RankedChunk[] } }).rerank?.ranked;
        if (rr) ranked = rr;
      }
      return ranked.slice(0, 2).map((r) => `${base(r.uri)}:${String(r.metadata.name)}`);
    };
    expect((await top("What parameters does mr.makeRamp take?"))[0]).toBe("makeRamp.m:makeRamp");
    expect(await top("What parameters does pp.make_ramp take?")).toEqual(["make_ramp.py:make_ramp", "makeRamp.m:makeRamp"]);
    expect((await top("What does seq.addBlock do?"))[0]).toBe("Sequence.m:addBlock");
    expect((await top("What does seq.add_block do?"))[0]).toBe("sequence.py:add_block");
  });
});

describe("answers from parsed structure", () => {
  it("lists every parameter with its kind, default and units, the returned fields, and cites each line", async () => {
    const graph = createGraph({ store, embeddings });
    const { answer, citations } = await graph.invoke({ question: "What are the inputs of mr.makeRamp?" });
    const n = citations.find((c) => c.uri.endsWith("makeRamp.m"))!.n;
    for (const line of [
      "- `channel` (required): char, 'x'|'y'|'z'",
      "- `system` (optional, default `mr.opts()`): struct from mr.opts; defaults to mr.opts() if omitted",
      "- `Duration` (name/value, default `0`): double, ramp duration, seconds, >0",
      "- `Amplitude` (name/value, default `0`): double, final amplitude, Hz/m",
      "- `delay` (name/value, default `0`): double, pre-event delay, seconds, default 0",
    ])
      expect(answer).toContain(`${line} [${n}]`);
    expect(answer).toContain("Calling pattern: `function grad=makeRamp(channel, varargin)`");
    expect(answer).toMatch(/- \.amplitude\s+double, final amplitude, Hz\/m/);
  });

  it("leads with what the question asks: the returns, or the one parameter named", async () => {
    const graph = createGraph({ store, embeddings });
    const returns = (await graph.invoke({ question: "What does pp.make_ramp return?" })).answer;
    expect(returns.split("\n")[2]).toMatch(/^Returns: grad : SimpleNamespace Ramp gradient event\. \[\d\]$/);
    expect(returns.split("\n").slice(0, 2).join("\n")).toMatch(/^`make_ramp` \(python\)\nCreate a ramp gradient event\. \[\d\]$/);
    const unit = (await graph.invoke({ question: "What unit is the duration of pp.make_ramp in?" })).answer;
    expect(unit.split("\n")[0]).toMatch(/^- `duration` \(optional, float, default `0\.0`\): Ramp duration in seconds \(s\)\. \[\d\]$/);
  });
});

describe("the language a question names", () => {
  it("answers from that language's entry when the name is spelled the other language's way", async () => {
    const graph = createGraph({ store, embeddings });
    const python = (await graph.invoke({ question: "Which arguments does seq.addBlock accept in Python?" })).answer;
    expect(python.split("\n")[0]).toBe("`add_block` (python)");
    const matlab = (await graph.invoke({ question: "What are the inputs of pp.make_ramp in MATLAB?" })).answer;
    expect(matlab.split("\n").find((l) => l.startsWith("`"))).toBe("`mr.makeRamp` (matlab)");
    // Without a language named, the question's own spelling decides.
    expect((await graph.invoke({ question: "Which arguments does seq.addBlock accept?" })).answer.split("\n")[0]).toMatch(
      /addBlock` \(matlab\)$/,
    );
  });
});

describe("a name written as a call", () => {
  it("answers from the function called, not from the namesake of the file the question also names", async () => {
    const graph = createGraph({ store, embeddings });
    const { answer } = await graph.invoke({ question: "which arguments does print_error_report() in check_timing.py accept?" });
    expect(answer).toContain("`print_error_report` (python)");
    for (const p of ["errors", "width", "indent"]) expect(answer).toContain(`- \`${p}\``);
    expect(answer.indexOf("`print_error_report`")).toBeLessThan(answer.indexOf("`check_timing` (python)") >>> 0);
  });
});

describe("citations of an entry inside a whole-document block", () => {
  // An entry long enough to be split into child chunks comes back as the whole file, its parsed
  // entry in the block's `metadata.sections`: the parameter lines the answer lists from that
  // structure must still be found in the block they cite (as the generator was shown it).
  const NAMES = ["maxGrad", "maxSlew", "riseTime", "rfDeadTime", "adcDeadTime", "gradRasterTime", "rfRasterTime", "blockRaster"];
  let dir: string;
  let own: SqlStore;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sw-whole-entry-"));
    mkdirSync(join(dir, "+mr"));
    const body = Array.from(
      { length: 160 },
      (_, i) => `limit${i} = checkLimit(parser.Results.${NAMES[i % NAMES.length]!}, ${i}); % bound ${i}`,
    );
    writeFileSync(
      join(dir, "+mr", "setLimits.m"),
      [
        "function out=setLimits(varargin)",
        "%setLimits Set gradient and timing limits of the MR system.",
        "%",
        "%   INPUTS",
        ...NAMES.map((n) => `%     '${n}'   [name/value]  double, the ${n} limit of the system`),
        "persistent parser",
        "if isempty(parser)",
        "    parser = inputParser;",
        ...NAMES.map((n) => `    parser.addParamValue('${n}', [], @isnumeric);`),
        "end",
        "parse(parser, varargin{:});",
        ...body,
        "out = parser.Results;",
        "end",
        "",
      ].join("\n"),
    );
    own = await memoryStore();
    await ingest({ store: own, embeddings, paths: [dir], source: "api_reference" });
  }, 120_000);
  afterAll(async () => {
    await own.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("finds every parameter line in the block it cites", async () => {
    const graph = createGraph({ store: own, embeddings, streamScratch: true });
    const r = { answer: "", citations: [] as Citation[], context: [] as ContextBlock[] };
    for await (const u of await graph.stream(
      { question: "How do I set maxGrad and maxSlew with mr.setLimits?" },
      { streamMode: "updates" },
    ))
      for (const update of Object.values(u as Record<string, Partial<typeof r> | null>)) if (update) Object.assign(r, update);
    const block = r.context.find((b) => b.n === r.citations.find((c) => c.uri.endsWith("setLimits.m"))?.n);
    expect(block?.granularity).toBe("document");
    expect(Array.isArray(block?.metadata.sections)).toBe(true);
    for (const n of NAMES) expect(r.answer).toContain(`- \`${n}\` (name/value, default \`[]\`)`);
    const check = checkCitations(r);
    expect(check.resolved).toBe(check.markers);
    expect(check.supported, r.answer).toBe(check.markers);
  });
});

describe("the entry a question names is the evidence", () => {
  it("lists every parsed parameter when the question's wording matches nothing but the name", async () => {
    const graph = createGraph({ store, embeddings });
    for (const question of ["What arguments does mr.makeRamp accept?", "What does pp.make_ramp need as input?"]) {
      const { answer, citations } = await graph.invoke({ question });
      const file = question.includes("pp.") ? "make_ramp.py" : "makeRamp.m";
      const n = citations.find((c) => c.uri.endsWith(file))?.n;
      expect(n, question).toBeDefined();
      const [doc] = await codeLoader.load({
        path: join(FIXTURE, question.includes("pp.") ? "python/pp" : "matlab/+mr", file),
        bytes: new Uint8Array(readFileSync(join(FIXTURE, question.includes("pp.") ? "python/pp" : "matlab/+mr", file))),
      });
      const params = (doc!.sections[0]!.metadata!.params as { name: string }[]).map((p) => p.name).filter((p) => p !== "varargin");
      expect(params.length).toBeGreaterThan(2);
      for (const name of params) expect(answer, `${question}: ${name}`).toContain(`- \`${name}\``);
    }
  });

  it("answers a how-to question naming an entry from that entry, with the parameter it names first", async () => {
    const graph = createGraph({ store, embeddings, streamScratch: true });
    let top: RankedChunk | undefined;
    let answer = "";
    for await (const u of await graph.stream({ question: "How do I set the delay with mr.makeRamp?" }, { streamMode: "updates" })) {
      const update = u as { rerank?: { ranked?: RankedChunk[] }; generate?: { answer?: string } };
      if (update.rerank?.ranked) top = update.rerank.ranked[0];
      if (update.generate?.answer) answer = update.generate.answer;
    }
    expect(`${base(top!.uri)}:${String(top!.metadata.name)}`).toBe("makeRamp.m:makeRamp");
    expect(answer.split("\n")[0]).toMatch(/^- `delay` \(name\/value, default `0`\): double, pre-event delay, seconds, default 0 \[\d\]$/);
  });
});

describe("examples whole", () => {
  it("returns the example file's code as one fenced block under its header comment, cited", async () => {
    const graph = createGraph({ store, embeddings });
    const { answer, citations } = await graph.invoke({ question: "Show me an example of a ramp echo sequence" });
    const n = citations.find((c) => c.uri.endsWith("writeRampEcho.m"))!.n;
    expect(answer).toContain(`% A ramp echo demo: ramps the read gradient up and down around one ADC. [${n}]\n\`\`\`matlab\n`);
    expect(answer).toContain("for i = 1:16\n    seq.addBlock(up);\n    seq.addBlock(down);\nend\nseq.write('ramp_echo.seq');\n```");
  });
});
