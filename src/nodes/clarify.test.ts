import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planFor, stateWith } from "../../test/helpers/retrieval.js";
import { memoryStore } from "../../test/helpers/store.js";
import { SourceProfileSchema } from "../sources/profile.js";
import type { RankedChunk } from "../state/types.js";
import { clarify, nearMisses, OPEN_QUESTION } from "./clarify.js";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import type { SqlStore } from "../storage/store.js";
import { buildRunContext } from "../context/build-context.js";

// clarify reads the profiles and, for what the corpus covers and how rare the question's terms are, the store (empty here).
let store: SqlStore;
let ctx: ReturnType<typeof buildRunContext>;
beforeAll(async () => {
  store = await memoryStore();
  ctx = buildRunContext({ store, embeddings: {} as EmbeddingProvider, profiles: [] });
});
afterAll(async () => {
  await store.close();
});

let ids = 0;
function hit(
  relevance: number,
  docTitle: string,
  sectionTitle: string | null,
  content: string,
  metadata: Record<string, unknown> = {},
): RankedChunk {
  ids += 1;
  return {
    id: `c${ids}`,
    documentId: `d-${docTitle}`,
    parentId: null,
    source: "docs",
    uri: `/docs/${docTitle.toLowerCase()}.md`,
    docTitle,
    sectionTitle,
    sectionPath: sectionTitle ? [sectionTitle] : [],
    pageStart: null,
    pageEnd: null,
    chunkIndex: ids,
    kind: "section",
    tokenCount: 5,
    topics: [],
    content,
    metadata,
    score: relevance,
    lexicalScore: null,
    vectorScore: null,
    exactScore: null,
    lexicalRank: null,
    vectorRank: null,
    attempt: 0,
    scope: "global",
    source_rank: ids,
    rerank_score: relevance,
    relevance,
  };
}

const question = "How do I fix the timing error?";

describe("clarify", () => {
  it("asks 1–3 questions naming the near-miss sections and titles, and answers nothing", async () => {
    const ranked = [
      hit(0.2, "Pulseq Guide", "Timing checks", "Checks run on every block."),
      hit(0.19, "Pulseq Guide", "Timing checks", "More on the checks."),
      hit(0.18, "Pulseq Guide", "Contents", "Timing checks ..... 12", { pageRole: "toc" }),
      hit(0.17, "Coil Manual", "Cooling", "Helium levels must stay high."),
      hit(0.15, "Scanner Manual", "Block durations", "Block timing must be a multiple of the raster."),
      hit(0.1, "Release Notes", null, "Version 1.4 fixes a rounding error."),
      hit(0.05, "FAQ", "Raster times", "Timing questions."),
    ];
    const out = await clarify(stateWith({ question, plan: planFor(question), ranked }), { context: ctx });
    expect(out.clarifying_questions).toEqual([
      'Are you asking about "Timing checks" in "Pulseq Guide"?',
      'Are you asking about "Block durations" in "Scanner Manual"?',
      'Are you asking about "Release Notes"?',
    ]);
    expect(out).toMatchObject({ verdict: "clarify", strategy: "clarify", citations: [] });
    for (const q of out.clarifying_questions!) expect(out.answer).toContain(q);
    // The questions state nothing beyond the titles: remove them and only the template is left.
    const titles = ["Timing checks", "Pulseq Guide", "Block durations", "Scanner Manual", "Release Notes"];
    for (const q of out.clarifying_questions!) {
      const rest = titles.reduce((s, t) => s.replace(`"${t}"`, ""), q);
      expect(rest.replace(/\s+/g, " ").trim()).toMatch(/^Are you asking about (in )?\?$/);
    }
  });

  it("looks at the retrieved candidates too when nothing was ranked", () => {
    const candidates = { "0:docs:global": [hit(0.3, "Scanner Manual", "Gradient limits", "Limits per axis.")] };
    expect(nearMisses({ ranked: [], candidates }, ["gradient"])).toEqual([
      { title: "Scanner Manual", section: "Gradient limits", source: "docs" },
    ]);
  });

  it("asks one open question when nothing shares a word with the question", async () => {
    const ranked = [
      hit(0.3, "Guide", "Contents", "Timing ..... 4", { pageRole: "toc" }),
      hit(0.2, "Guide", "Spoilers", "Spoilers dephase."),
    ];
    const out = await clarify(stateWith({ question, plan: planFor(question), ranked }), { context: ctx });
    expect(out.clarifying_questions).toEqual([OPEN_QUESTION]);
  });

  it("says an out-of-scope question is outside the sources, naming what they hold", async () => {
    const q = "What is the capital of France?";
    const context = { ...ctx, profiles: [SourceProfileSchema.parse({ name: "docs", summary: "MRI sequence programming guides." })] };
    const out = await clarify(stateWith({ question: q, plan: planFor(q, { intent: "out_of_scope", top_k: 0 }) }), { context });
    expect(out.answer).toMatch(/^This corpus covers nothing yet; it has nothing on capital or france\./);
    expect(out.clarifying_questions).toEqual([OPEN_QUESTION]);
    expect(out.citations).toEqual([]);
  });
});
