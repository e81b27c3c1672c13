import { describe, expect, it } from "vitest";
import { FailingChatModel, fakeStructuredModel, RecordingChatModel } from "../../test/helpers/fake-models.js";
import { loadProfiles } from "../sources/load.js";
import { planQuestion } from "./index.js";

const profiles = loadProfiles();

const llmAnswer = {
  intent: "example",
  top_k: 6,
  token_budget: 7000,
  multi_section_threshold: 1,
  return_full_documents: true,
  sources: ["examples", "api_reference"],
  reason: "The user wants a runnable script.",
};

describe("planQuestion with a chat model", () => {
  it("returns the model's structured plan, with key terms and identifiers from the question", async () => {
    const model = fakeStructuredModel(llmAnswer);
    const { plan, fallback } = await planQuestion({ question: "Give me code that calls makeAdc twice", profiles, chatModel: model });
    expect(fallback).toBeUndefined();
    expect(plan).toMatchObject({ ...llmAnswer, planner: "llm", identifiers: ["makeAdc"] });
    expect(plan.key_terms).toContain("makeadc");
  });

  it("lists every source with its summary in the prompt", async () => {
    const model = fakeStructuredModel(llmAnswer);
    await planQuestion({ question: "Give me code", profiles, chatModel: model });
    const system = String(model.calls[0]?.[0]?.content);
    for (const p of profiles) expect(system).toContain(`- ${p.name}: ${p.summary}`);
    expect(String(model.calls[0]?.[1]?.content)).toBe("Give me code");
  });

  it("drops source names the model made up, and says so", async () => {
    const { plan } = await planQuestion({
      question: "q",
      profiles,
      chatModel: fakeStructuredModel({ ...llmAnswer, sources: ["wiki", "docs"] }),
    });
    expect(plan.sources).toEqual(["docs"]);
    expect(plan.reason).toContain("dropped unknown sources: wiki");
  });

  it("still lets the input overrides win", async () => {
    const { plan } = await planQuestion({
      question: "q",
      profiles,
      chatModel: fakeStructuredModel(llmAnswer),
      overrides: { top_k: 2, sources: ["docs"] },
    });
    expect(plan).toMatchObject({ top_k: 2, sources: ["docs"], planner: "llm" });
  });

  it("falls back to the heuristic with a note when the model fails", async () => {
    const { plan, fallback } = await planQuestion({
      question: "What parameters does createClient accept?",
      profiles,
      chatModel: new FailingChatModel("503 Service Unavailable"),
    });
    expect(plan).toMatchObject({ planner: "heuristic", intent: "api" });
    expect(fallback).toMatch(/LLM planner failed \(503 Service Unavailable\); used the heuristic plan/);
  });

  it("falls back when the answer is not a valid plan", async () => {
    for (const model of [
      new RecordingChatModel(["I think it's an API question"]),
      fakeStructuredModel({ ...llmAnswer, intent: "poetry" }),
    ]) {
      const { plan, fallback } = await planQuestion({ question: "Show me an example of paging", profiles, chatModel: model });
      expect(plan).toMatchObject({ planner: "heuristic", intent: "example" });
      expect(fallback).toContain("LLM planner failed");
    }
  });
});

describe("planQuestion without a chat model", () => {
  it("uses the heuristic and applies overrides last", async () => {
    const { plan, fallback } = await planQuestion({ question: "Compare all the storage backends", profiles, overrides: { top_k: 5 } });
    expect(fallback).toBeUndefined();
    expect(plan).toMatchObject({ planner: "heuristic", intent: "comparison", top_k: 5, token_budget: 8000 });
  });
});
