import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { extractIdentifiers, extractKeyTerms } from "../planner/terms.js";
import { SourceProfileSchema } from "../sources/profile.js";
import type { ContextBlock } from "../state/types.js";
import { ANSWER_STYLES, STYLE_INSTRUCTIONS, type AnswerStyle } from "./answer-style.js";
import { extractiveAnswer, THIN_EVIDENCE, WORKING_THEORY } from "./extractive.js";
import { formatContext } from "./format.js";
import { buildMessages, STRONG_SYSTEM_PROMPT, systemPrompt, WEAK_SYSTEM_PROMPT } from "./prompts.js";
import { loadConfig } from "../config/config.js";
import { defaultRunSettings } from "../config/run-settings.js";
import { normalizeSpace } from "./text.js";

const settings = defaultRunSettings().generation;
const profiles = [SourceProfileSchema.parse({ name: "docs", summary: "d" })];

function block(n: number, text: string, relevance: number): ContextBlock {
  return {
    n,
    source: "docs",
    uri: `doc${n}.md`,
    document_id: `d${n}`,
    title: `Doc ${n}`,
    section: null,
    section_path: [],
    page_start: null,
    page_end: null,
    chunk_index: 0,
    granularity: "section",
    part: null,
    text,
    tokens: 0,
    score: 1,
    rerank_score: relevance,
    relevance,
    chunk_ids: [`c${n}`],
    metadata: {},
  };
}

const blocks = formatContext(
  [
    block(
      1,
      "Gradient waveforms are built from trapezoids. The slew rate limits how fast a gradient can ramp. A higher slew rate shortens the ramp time of each gradient. The weather was fine that day.",
      0.9,
    ),
    block(
      2,
      "RF pulses excite spins. Gradient ramp time equals amplitude divided by slew rate. The scanner checks every gradient against the slew rate limit before it runs. Peripheral nerve stimulation also caps the usable slew rate.",
      0.7,
    ),
  ],
  profiles,
  settings,
).blocks;
const question = "How does the slew rate limit the gradient ramp time?";

const answer = (style?: AnswerStyle, mode: "strong" | "weak" = "strong") =>
  extractiveAnswer({
    blocks,
    keyTerms: extractKeyTerms(question),
    identifiers: extractIdentifiers(question),
    mode,
    settings: settings.extractive,
    style,
  });

/** Each `[n]` of an answer with the quoted text before it, bullet markers and framing removed. */
function cited(text: string): Array<{ n: number; sentence: string }> {
  const body = text.replace(WORKING_THEORY, "").replace(THIN_EVIDENCE, "").replace(/^- /gm, "");
  return [...body.matchAll(/\s*(.+?) \[(\d+)\]([.!?])?(?=\s|$)/g)].map((m) => ({
    n: Number(m[2]),
    sentence: `${m[1]}${m[3] ?? ""}`.trim(),
  }));
}

function expectExact(text: string) {
  const all = cited(text);
  expect(all.length).toBeGreaterThan(0);
  for (const { n, sentence } of all) expect(normalizeSpace(blocks.find((b) => b.block.n === n)!.body)).toContain(sentence);
}

describe("answer styles, extractive", () => {
  it("keeps today's answer when no style is set (standard)", () => {
    expect(answer().answer).toBe(answer("standard").answer);
    expect(answer().quotes).toHaveLength(4);
  });

  it("concise quotes fewer sentences, detailed more, every [n] exact", () => {
    const counts = Object.fromEntries((["concise", "standard", "detailed"] as const).map((s) => [s, answer(s).quotes.length]));
    expect(counts.concise).toBeLessThan(counts.standard!);
    expect(counts.detailed).toBeGreaterThan(counts.standard!);
    expect(counts.concise).toBeLessThanOrEqual(2);
    for (const style of ANSWER_STYLES) expectExact(answer(style).answer);
    expect(answer("concise").answer).toBe(
      "The slew rate limits how fast a gradient can ramp [1]. A higher slew rate shortens the ramp time of each gradient [1].",
    );
  });

  it("bullets put one cited quote per line, the same quotes as standard", () => {
    const { answer: text, quotes } = answer("bullets");
    const lines = text.split("\n");
    expect(lines).toHaveLength(answer("standard").quotes.length);
    expect(quotes.map((q) => q.text)).toEqual(answer("standard").quotes.map((q) => q.text));
    for (const line of lines) expect(line).toMatch(/^- .+ \[\d\]\.$/);
    expect(lines[0]).toBe("- The slew rate limits how fast a gradient can ramp [1].");
    expectExact(text);
  });

  it("bullets in weak mode: the working theory heads the list and the note closes it", () => {
    const text = answer("bullets", "weak").answer;
    expect(text.startsWith(`${WORKING_THEORY}\n- The slew rate`)).toBe(true);
    expect(text.endsWith(`[2].\n\n${THIN_EVIDENCE}`)).toBe(true);
    expectExact(text);
  });
});

describe("answer styles, prompts", () => {
  it("leave both system prompts as they were for standard", () => {
    expect(systemPrompt("strong")).toBe(STRONG_SYSTEM_PROMPT);
    expect(systemPrompt("weak", "standard")).toBe(WEAK_SYSTEM_PROMPT);
  });

  it("add the style's instruction to the strong and the weak prompt", () => {
    for (const style of ["concise", "detailed", "bullets"] as const) {
      for (const mode of ["strong", "weak"] as const) {
        const system = buildMessages(question, "[1] ...", mode, style)[0]![1];
        expect(system.startsWith(mode === "strong" ? STRONG_SYSTEM_PROMPT : WEAK_SYSTEM_PROMPT)).toBe(true);
        expect(system.endsWith(STYLE_INSTRUCTIONS[style])).toBe(true);
      }
    }
    expect(systemPrompt("strong", "bullets")).toMatch(/one statement per line starting with "- "/);
  });
});

describe("answer style setting", () => {
  it("defaults to standard and takes a valid style under generation", () => {
    expect(defaultRunSettings().generation.answerStyle).toBe("standard");
    expect(loadConfig({ env: {}, cwd: "/nonexistent", overrides: { generation: { answerStyle: "bullets" } } }).generation.answerStyle).toBe(
      "bullets",
    );
  });

  it("refuses an unknown style, naming the field and the choices", () => {
    const error = (() => {
      try {
        loadConfig({ env: {}, cwd: "/nonexistent", overrides: { generation: { answerStyle: "poetic" as "bullets" } } });
      } catch (e) {
        return e;
      }
    })();
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/generation\.answerStyle: .*'standard' \| 'concise' \| 'detailed' \| 'bullets'/);
  });
});
