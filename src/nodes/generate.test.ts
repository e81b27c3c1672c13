import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FailingChatModel, RecordingChatModel } from "../../test/helpers/fake-models.js";
import { localEmbeddings, planFor, stateWith } from "../../test/helpers/retrieval.js";
import { memoryStore } from "../../test/helpers/store.js";
import { THIN_EVIDENCE, WORKING_THEORY } from "../generation/extractive.js";
import { STYLE_INSTRUCTIONS } from "../generation/answer-style.js";
import { STRONG_SYSTEM_PROMPT, WEAK_SYSTEM_PROMPT } from "../generation/prompts.js";
import { normalizeSpace } from "../generation/text.js";
import { SourceProfileSchema } from "../sources/profile.js";
import type { ContextBlock, GateResult } from "../state/types.js";
import type { SqlStore } from "../storage/store.js";
import { buildRunContext } from "../context/build-context.js";
import type { RunContext } from "../context/run-context.js";
import type { AnswerStyle } from "../generation/answer-style.js";
import { generate } from "./generate.js";

let store: SqlStore;
let base: RunContext;

const signals = { top_score: 0.9, top3_avg: 0.8, strong_hits: 2, key_term_coverage: 1, non_substantive_share: 0 };
const strong: GateResult = { decision: "strong", signals, reason: "test" };
const weak: GateResult = { decision: "weak", signals, reason: "test" };

function block(n: number, text: string, over: Partial<ContextBlock> = {}): ContextBlock {
  return {
    n,
    source: "docs",
    uri: `/manuals/guide-${n}.pdf`,
    document_id: `d${n}`,
    title: "Guide",
    section: `Section ${n}`,
    section_path: [],
    page_start: n,
    page_end: n + 1,
    chunk_index: n,
    granularity: "section",
    part: null,
    text,
    tokens: 0,
    score: 0.5,
    rerank_score: 0.85,
    relevance: 0.85,
    chunk_ids: [`c${n}`],
    metadata: {},
    ...over,
  };
}

const context = [
  block(1, "Gradient waveforms are trapezoids. The slew rate limits how fast a gradient can ramp up. Cover art is blue."),
  block(2, "The ramp time equals the amplitude divided by the slew rate. Spoilers dephase the signal.", { relevance: 0.7 }),
  block(3, "Unrelated notes on coil cooling.", { relevance: 0.4 }),
];
const question = "How does the slew rate limit the gradient ramp?";

const run = (over: Partial<RunContext> = {}, gate: GateResult | null = strong, blocks = context) =>
  generate(stateWith({ question, plan: planFor(question), context: blocks, gate }), { context: { ...base, ...over } });

beforeAll(async () => {
  store = await memoryStore();
  base = buildRunContext({
    store,
    embeddings: await localEmbeddings(),
    profiles: [SourceProfileSchema.parse({ name: "docs", summary: "guides" })],
  });
});
afterAll(async () => {
  await store.close();
});

describe("generate, offline", () => {
  it("answers extractively with exact citations: every [n] is a block that holds the cited sentence", async () => {
    const out = await run();
    expect(out).toMatchObject({
      verdict: "strong",
      strategy: "extractive/strong",
      metadata: { models: { generator: "extractive" }, fallbacks: [] },
    });
    const cited = [...out.answer!.matchAll(/(?:^|\s)(.+?) \[(\d+)\]([.!?]?)/g)].map((m) => ({
      n: Number(m[2]),
      sentence: `${m[1]}${m[3]}`,
    }));
    expect(cited.map((c) => c.n)).toEqual([1, 2]);
    for (const { n, sentence } of cited) expect(normalizeSpace(context[n - 1]!.text)).toContain(sentence.trim());
    expect(out.citations!.map((c) => [c.n, c.snippet])).toEqual([
      [1, "The slew rate limits how fast a gradient can ramp up."],
      [2, "The ramp time equals the amplitude divided by the slew rate."],
    ]);
  });

  it("shows the context it used, each block under its citation header", async () => {
    const out = await run();
    expect(out.context_seen).toContain('*** [1] guide-1.pdf, Section: "Section 1", chunk 1, pages 1–2 (85% relevance)\nGradient waveforms');
    expect(out.context_seen).toContain("+ [2] guide-2.pdf");
    expect(out.context_seen).toContain("- [3] guide-3.pdf");
  });

  it("answers candidly in weak mode", async () => {
    const out = await run({}, weak);
    expect(out).toMatchObject({ verdict: "weak", strategy: "extractive/weak" });
    expect(out.answer!.startsWith(WORKING_THEORY)).toBe(true);
    expect(out.answer!.endsWith(THIN_EVIDENCE)).toBe(true);
  });

  it("opens by naming the details of a long request no indexed document mentions (gate.unmentioned)", async () => {
    const noted: GateResult = { ...weak, unmentioned: ["Hanning", "CPMG"] };
    const out = await run({}, noted);
    const [note, rest] = out.answer!.split("\n\n", 2);
    expect(note).toBe("No indexed document mentions Hanning or CPMG: the closest match is below, without them.");
    expect(rest!.startsWith(WORKING_THEORY)).toBe(true);
    expect(out.citations!.length).toBeGreaterThan(0);
    // The chat model is told to say so first.
    const model = new RecordingChatModel(["Working theory: ramps are slew-limited [1]."]);
    await run({ chatModel: model }, noted);
    expect(model.calls[0]![1]!.text).toContain(
      "(No indexed document mentions Hanning or CPMG: the closest match is below, without them. Say so first.)",
    );
  });

  it("says so when there is no context", async () => {
    const out = await run({}, weak, []);
    expect(out).toMatchObject({ citations: [], verdict: "weak", strategy: "none/weak", context_seen: "" });
    expect(out.answer).toMatch(/nothing/);
  });
});

describe("generate, with a chat model", () => {
  it("asks the model with the mode's prompt and the formatted context, and cites what it cites", async () => {
    const model = new RecordingChatModel(["The slew rate caps how fast gradients ramp [1], so ramps take amplitude over slew rate [2]."]);
    const out = await run({ chatModel: model, chatModelId: "google/gemini-2.5-flash" });
    expect(out).toMatchObject({
      strategy: "llm/strong",
      verdict: "strong",
      metadata: { models: { generator: "google/gemini-2.5-flash" }, fallbacks: [] },
    });
    expect(out.citations!.map((c) => [c.n, c.snippet])).toEqual([
      [1, "The slew rate limits how fast a gradient can ramp up."],
      [2, "The ramp time equals the amplitude divided by the slew rate."],
    ]);
    const [system, human] = model.calls[0]!;
    expect(system!.text).toBe(STRONG_SYSTEM_PROMPT);
    expect(human!.text).toContain(out.context_seen!);
    expect(human!.text).toContain(question);
  });

  it("uses the weak prompt when the evidence is weak", async () => {
    const model = new RecordingChatModel(["Working theory: ramps are slew-limited [1]."]);
    const out = await run({ chatModel: model }, weak);
    expect(out.strategy).toBe("llm/weak");
    expect(model.calls[0]![0]!.text).toBe(WEAK_SYSTEM_PROMPT);
  });

  it("drops citations that point at no source and notes it", async () => {
    const model = new RecordingChatModel(["Ramps are slew-limited [1]. Coils need helium [7]. See also [2, 9]."]);
    const out = await run({ chatModel: model });
    expect(out.answer).toBe("Ramps are slew-limited [1]. Coils need helium. See also [2].");
    expect(out.citations!.map((c) => c.n)).toEqual([1, 2]);
    expect(out.metadata!.fallbacks).toEqual(["generator: removed citations pointing at no source: [7], [9]"]);
  });

  it("falls back to the extractive answer when the model fails, with a note", async () => {
    const out = await run({ chatModel: new FailingChatModel("429 quota exceeded"), chatModelId: "google/gemini-2.5-flash" });
    expect(out).toMatchObject({ strategy: "extractive/strong", metadata: { models: { generator: "extractive" } } });
    expect(out.metadata!.fallbacks).toEqual([
      "generator: google/gemini-2.5-flash failed (429 quota exceeded); used the extractive answerer",
    ]);
    expect(out.citations!.length).toBeGreaterThan(0);
  });
});

describe("generate, in the run's answer style (settings.generation.answerStyle, a tenant's answer_style)", () => {
  const styled = (answerStyle: AnswerStyle, over: Partial<RunContext> = {}, gate: GateResult | null = strong) =>
    run({ settings: { ...base.settings, generation: { ...base.settings.generation, answerStyle } }, ...over }, gate);

  it("lays the extractive answer out as bullets, with the same exact citations", async () => {
    const [plain, bullets] = [await run(), await styled("bullets")];
    expect(bullets.answer).toBe(plain.answer!.replace(/^/, "- ").replace(/(\]\.) /g, "$1\n- "));
    expect(bullets.answer!.split("\n").every((l) => /^- .+ \[\d\]\.$/.test(l))).toBe(true);
    expect(bullets.citations).toEqual(plain.citations);
  });

  it("answers in fewer sentences when concise", async () => {
    const count = (text: string) => (text.match(/\[\d\]/g) ?? []).length;
    const [plain, concise] = [await run(), await styled("concise")];
    expect(count(concise.answer!)).toBeLessThan(count(plain.answer!));
    expect(concise.answer).toBe("The slew rate limits how fast a gradient can ramp up [1].");
  });

  it("tells the chat model the style, in the strong and the weak prompt", async () => {
    for (const gate of [strong, weak]) {
      const model = new RecordingChatModel(["- Ramps are slew-limited [1]."]);
      await styled("bullets", { chatModel: model }, gate);
      const system = model.calls[0]![0]!.text;
      expect(system.startsWith(gate === strong ? STRONG_SYSTEM_PROMPT : WEAK_SYSTEM_PROMPT)).toBe(true);
      expect(system).toContain(STYLE_INSTRUCTIONS.bullets);
    }
  });

  it("fails before any run with a message naming the setting for an unknown style", () => {
    expect(() => buildRunContext({ ...base, settings: { generation: { answerStyle: "poetic" as AnswerStyle } } })).toThrow(
      /generation\.answerStyle/,
    );
  });
});
