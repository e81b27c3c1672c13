import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FailingChatModel, fakeStructuredModel } from "../../test/helpers/fake-models.js";
import { memoryStore } from "../../test/helpers/store.js";
import { createEmbeddings } from "../models/embeddings/index.js";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import { loadProfiles } from "../sources/load.js";
import type { GraphStateType } from "../state/state.js";
import type { SqlStore } from "../storage/store.js";
import { buildRunContext } from "../context/build-context.js";
import type { RunContext } from "../context/run-context.js";
import { planner } from "./planner.js";

let store: SqlStore;
let embeddings: EmbeddingProvider;
const profiles = loadProfiles();
beforeAll(async () => {
  store = await memoryStore();
  embeddings = await createEmbeddings("local/use-lite", { workers: 0 });
});
afterAll(async () => {
  await store?.close();
  await embeddings?.close();
});

/** The state the planner reads: the input fields (unset ones undefined, as the graph has them) and the standalone question. */
const stateWith = (input: Partial<GraphStateType>) =>
  ({ plan: null, route: null, attempt: 0, standalone_question: input.question, ...input }) as GraphStateType;

const run = (input: Partial<GraphStateType>, extra: Partial<RunContext> = {}) =>
  planner(stateWith(input), { context: { ...buildRunContext({ store, embeddings, profiles }), ...extra } });

describe("planner", () => {
  it("plans offline and records the planner and its time", async () => {
    const update = await run({ question: "What parameters does createClient accept?" });
    expect(update.plan).toMatchObject({ intent: "api", planner: "heuristic", sources: ["api_reference", "examples", "docs"] });
    expect(update.metadata?.models).toEqual({ planner: "heuristic" });
    expect(update.metadata?.timings_ms?.plan).toBeGreaterThanOrEqual(0);
    expect(update.metadata?.fallbacks ?? []).toEqual([]);
  });

  it("applies the input overrides last", async () => {
    const update = await run({
      question: "Compare all the storage backends",
      top_k: 4,
      token_budget: 900,
      sources: ["docs"],
      return_full_documents: true,
      multi_section_threshold: 7,
    });
    expect(update.plan).toMatchObject({
      top_k: 4,
      token_budget: 900,
      sources: ["docs"],
      return_full_documents: true,
      multi_section_threshold: 7,
    });
  });

  it("uses the chat model when the context has one", async () => {
    const chatModel = fakeStructuredModel({
      intent: "tutorial",
      top_k: 5,
      token_budget: 6000,
      multi_section_threshold: 2,
      return_full_documents: true,
      sources: ["examples", "api_reference"],
      reason: "A beginner wants to learn.",
    });
    const update = await run({ question: "teach me the basics" }, { chatModel, chatModelId: "google/gemini-2.5-flash" });
    expect(update.plan).toMatchObject({ intent: "tutorial", planner: "llm", sources: ["examples", "api_reference"] });
    expect(update.metadata?.models).toEqual({ planner: "llm/google/gemini-2.5-flash" });
  });

  it("falls back to the heuristic and notes why when the chat model fails", async () => {
    const update = await run({ question: "Show me an example of paging" }, { chatModel: new FailingChatModel("quota exceeded") });
    expect(update.plan).toMatchObject({ intent: "example", planner: "heuristic" });
    expect(update.metadata?.models).toEqual({ planner: "heuristic" });
    expect(update.metadata?.fallbacks).toEqual([expect.stringContaining("LLM planner failed (quota exceeded)")]);
  });

  it("plans chit-chat as out of scope with nothing to retrieve", async () => {
    const update = await run({ question: "good morning!" });
    expect(update.plan).toMatchObject({ intent: "out_of_scope", top_k: 0, sources: [] });
  });
});
