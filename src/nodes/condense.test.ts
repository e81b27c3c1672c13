import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { FailingChatModel, fakeStructuredModel } from "../../test/helpers/fake-models.js";
import { stateWith } from "../../test/helpers/retrieval.js";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import type { SqlStore } from "../storage/store.js";
import type { Turn } from "../state/state.js";
import { buildRunContext } from "../context/build-context.js";
import { condense } from "./condense.js";
import { remember } from "./remember.js";

// condense reads neither the store nor the embeddings; it only needs a valid context.
const base = buildRunContext({ store: {} as SqlStore, embeddings: {} as EmbeddingProvider, profiles: [] });
const history: Turn[] = [
  { question: "What does makeTrapezoid return?", standalone: "What does makeTrapezoid return?", answer: "A trapezoid event [1]." },
];

describe("condense", () => {
  it("rewrites a follow-up deterministically offline and clears the previous turn's work", async () => {
    const state = stateWith({ question: "and its parameters?", history, attempt: 1, candidates: { "1:api:global": [] }, answer: "old" });
    const update = await condense(state, { context: base });
    expect(update.standalone_question).toBe("What about makeTrapezoid's parameters?");
    // The question is written back as asked, and joins the conversation as the user's message.
    expect(update.question).toBe("and its parameters?");
    expect(update.messages.map((m) => [m.getType(), m.content])).toEqual([["human", "and its parameters?"]]);
    const reset = update as unknown as Record<string, unknown>;
    expect(reset.attempt).toBe(0);
    expect(reset.answer).toBe("");
    expect((reset.candidates as { value: unknown }).value).toEqual({});
    expect(update.metadata.value.models.condense).toBe("deterministic");
  });

  it("takes the question from a trailing human message, adding no message of its own", async () => {
    const state = stateWith({
      question: "an earlier turn's question",
      messages: [new AIMessage("an answer"), new HumanMessage("What does makeTrapezoid return?")],
    });
    const update = await condense(state, { context: base });
    expect(update.question).toBe("What does makeTrapezoid return?");
    expect(update.messages).toEqual([]);
  });

  it("leaves the first question of a thread alone", async () => {
    const update = await condense(stateWith({ question: "What does makeTrapezoid return?" }), { context: base });
    expect(update.standalone_question).toBe("What does makeTrapezoid return?");
    expect(update.metadata.value.models.condense).toBe("none");
  });

  it("uses the chat model's rewrite when one is configured", async () => {
    const model = fakeStructuredModel({ standalone: "What parameters does makeTrapezoid take?" });
    const update = await condense(stateWith({ question: "and its parameters?", history }), {
      context: { ...base, chatModel: model, chatModelId: "fake/model" },
    });
    expect(update.standalone_question).toBe("What parameters does makeTrapezoid take?");
    expect(update.metadata.value.models.condense).toBe("llm/fake/model");
    expect(JSON.stringify(model.calls[0])).toContain("makeTrapezoid");
  });

  it("falls back to the deterministic rewrite when the model fails, and says so", async () => {
    const update = await condense(stateWith({ question: "and its parameters?", history }), {
      context: { ...base, chatModel: new FailingChatModel() },
    });
    expect(update.standalone_question).toBe("What about makeTrapezoid's parameters?");
    expect(update.metadata.value.fallbacks[0]).toMatch(/condense: LLM rewrite failed \(503/);
  });

  it("remember records the user's words, the standalone question and the answer", async () => {
    const state = stateWith({
      question: "and its parameters?",
      standalone_question: "What about makeTrapezoid's parameters?",
      answer: "amplitude [1]",
    });
    expect((await remember(state)).history).toEqual([
      { question: "and its parameters?", standalone: "What about makeTrapezoid's parameters?", answer: "amplitude [1]" },
    ]);
  });
});
