import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraph } from "../src/graph/graph.js";
import { ingest } from "../src/ingestion/ingest.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import type { EmbeddingProvider } from "../src/models/embeddings/types.js";
import type { Plan, RankedChunk } from "../src/state/types.js";
import type { SqlStore } from "../src/storage/store.js";
import { ROOT } from "./helpers/demo-corpus.js";
import { memoryStore } from "./helpers/store.js";

// Near-twin demo programs that differ in the values they set (TE, TR, flip angle, slices) and in
// what they add (labels, navigators, a trigger): test/fixtures/protocols-corpus.
const FIXTURE = join(ROOT, "test/fixtures/protocols-corpus");
let store: SqlStore;
let embeddings: EmbeddingProvider;

beforeAll(async () => {
  store = await memoryStore();
  embeddings = await createEmbeddings("local/use-lite", { workers: 1 });
  await ingest({ store, embeddings, paths: [join(FIXTURE, "demos")], source: "examples" });
}, 120_000);
afterAll(async () => {
  await embeddings.close();
  await store.close();
});

const base = (uri: string) => uri.split("/").at(-1);

async function ask(question: string, quantityMatch?: { bonus?: number; relevance?: number }, rerank: { refusedName?: number } = {}) {
  const settings = { retrieval: { rerank: { ...rerank, ...(quantityMatch ? { quantityMatch } : {}) } } };
  const graph = createGraph({ store, embeddings, settings, streamScratch: true });
  let ranked: RankedChunk[] = [];
  let first: RankedChunk[] | undefined;
  let firstRanked: RankedChunk[] = [];
  let plan: Plan | undefined;
  let answer = "";
  for await (const u of await graph.stream({ question }, { streamMode: "updates" })) {
    const update = u as Record<string, { ranked?: RankedChunk[]; plan?: Plan; answer?: string }>;
    if (update.planner?.plan) plan = update.planner.plan;
    if (update.rerank?.ranked) {
      ranked = update.rerank.ranked;
      first ??= ranked;
      firstRanked = first;
    }
    for (const node of ["generate", "clarify"]) if (update[node]?.answer) answer = update[node]!.answer!;
  }
  const files = (list: RankedChunk[]) => [...new Set(list.map((r) => base(r.uri)))];
  // `firstRound`: the first search's order (a broadened round re-ranks a wider pool).
  return { files: files(ranked), firstRound: files(first ?? []), firstRanked, answer, plan };
}

/** Each fixture program by its header comment, its first line. */
const headers = new Map(
  readdirSync(join(FIXTURE, "demos")).map((f) => [
    readFileSync(join(FIXTURE, "demos", f), "utf8")
      .split("\n")[0]!
      .trim(),
    f,
  ]),
);

/** The program whose code the answer fences first, known by the header comment its code block opens with. */
const fenced = (answer: string) => headers.get(/```matlab\n([^\n]*)/.exec(answer)?.[1]?.trim() ?? "");

describe("example requests that state a protocol's values", () => {
  // Twins named alike ("fast", "T1w": neither word asked for), that differ in TE, TR and flip angle.
  const fast = "I need a gradient echo with TE 5 ms, TR 12 ms and a 10 degree flip; can you give me the code?";
  const t1w = "I need a gradient echo with TE 4.3 ms, TR 10 ms and a 15 degree flip; can you give me the code?";

  it("ranks first the twin that sets the values the request states", async () => {
    const [a, b] = await Promise.all([ask(fast), ask(t1w)]);
    expect(a.firstRound[0]).toBe("writeGradientEcho_fast.m");
    expect(b.firstRound[0]).toBe("writeGradientEcho_t1w.m");
    expect(fenced(a.answer)).toBe("writeGradientEcho_fast.m");
  }, 60_000);

  it("gives the twin setting most of the stated values at least quantityMatch.relevance × its share", async () => {
    const relevanceOf = (r: Awaited<ReturnType<typeof ask>>) =>
      Math.max(...r.firstRanked.filter((c) => base(c.uri) === "writeGradientEcho_t1w.m").map((c) => c.relevance));
    const [floored, bare] = await Promise.all([ask(t1w), ask(t1w, { relevance: 0 })]);
    expect(relevanceOf(floored)).toBeGreaterThanOrEqual(0.6 * 0.5);
    expect(relevanceOf(bare)).toBeLessThan(relevanceOf(floored));
  }, 60_000);

  it("without quantityMatch (bonus 0) the values decide nothing: both requests rank the same twin first", async () => {
    const [a, b] = await Promise.all([ask(fast, { bonus: 0 }), ask(t1w, { bonus: 0 })]);
    expect(a.firstRound[0]).toMatch(/^writeGradientEcho_/);
    expect(b.firstRound[0]).toBe(a.firstRound[0]);
  }, 60_000);
});

describe("a bare noun phrase that describes a program by its settings", () => {
  it("is a request for an example even when no program is named for its head", async () => {
    // Three values decide in the heuristic (PROTOCOL_VALUES); two, in a bare noun phrase, in the planner node.
    const { plan, answer } = await ask("a minimal protocol for the phantom: one slice, 10 degree flip, TE 5 ms, TR 12 ms");
    expect(plan?.intent).toBe("example");
    expect(plan?.reason).toContain("states its settings(10 degree, 5 ms, 12 ms)");
    const two = await ask("a minimal protocol for the phantom: one slice, TE 5 ms, TR 12 ms");
    expect(two.plan?.intent).toBe("example");
    expect(two.plan?.reason).toContain("describes a thing by 2 measured settings");
    expect(fenced(answer)).toBe("writeGradientEcho_fast.m");
  }, 60_000);

  it("is not, without the settings: a name no program has stays a concept", async () => {
    const { plan } = await ask("a minimal protocol for the phantom");
    expect(plan?.intent).toBe("concept");
  }, 60_000);

  it("is a request for an example when its head is the kind the examples are and it describes one", async () => {
    // "protocol" is in half the fixture programs' titles: what they are, not which one.
    const { plan, answer } = await ask("a protocol for the phantom, spoiled, with a Cartesian readout of one slice");
    expect(plan?.intent).toBe("example");
    expect(plan?.reason).toContain("describes a protocol, the kind every example is");
    expect(fenced(answer)).toMatch(/^writeGradientEcho_(fast|t1w)\.m$/);
  }, 60_000);
});

describe("an example request that refuses what a program is named for", () => {
  it("halves that program's relevance (retrieval.rerank.refusedName)", async () => {
    const question =
      "the simplest multi-slice gradient-echo EPI: blips between readouts, no navigators, no labels, no trigger. Can you give me the code?";
    const relevanceOf = (r: Awaited<ReturnType<typeof ask>>, file: string) =>
      Math.max(...r.firstRanked.filter((c) => base(c.uri) === file).map((c) => c.relevance));
    const [refused, kept] = await Promise.all([ask(question), ask(question, undefined, { refusedName: 1 })]);
    expect(relevanceOf(refused, "writeEpi_label.m")).toBeCloseTo(0.5 * relevanceOf(kept, "writeEpi_label.m"));
    expect(relevanceOf(refused, "writeEpi.m")).toBeCloseTo(relevanceOf(kept, "writeEpi.m"));
    expect(fenced(refused.answer)).toBe("writeEpi.m");
  }, 60_000);
});
