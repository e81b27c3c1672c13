import { AIMessage, AIMessageChunk, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraph } from "../src/graph/graph.js";
import { InputError } from "../src/state/input.js";
import type { Citation } from "../src/state/types.js";
import { openDemoCorpus, type DemoCorpus } from "./helpers/demo-corpus.js";
import { RecordingChatModel } from "./helpers/fake-models.js";

let corpus: DemoCorpus;

beforeAll(async () => {
  corpus = await openDemoCorpus();
}, 240_000);

afterAll(async () => {
  await corpus?.close();
});

const QUESTION = "Why are broaden retries bounded in the quality gate?";

/** The AI message chunks a run streams in `messages` mode, with the node that sent each. */
async function streamedChunks(stream: AsyncIterable<unknown>) {
  const chunks: { text: string; node: string; id?: string }[] = [];
  for await (const [message, meta] of stream as AsyncIterable<[BaseMessage, { langgraph_node: string }]>) {
    if (AIMessageChunk.isInstance(message)) chunks.push({ text: String(message.content), node: meta.langgraph_node, id: message.id });
  }
  return chunks;
}

describe("the conversation as LangChain messages", () => {
  it("streams the extractive answer sentence by sentence as AI message chunks that add up to the answer", async () => {
    const graph = createGraph({ ...corpus, checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "chunks" } };
    const chunks = await streamedChunks(await graph.stream({ question: QUESTION }, { ...thread, streamMode: "messages" }));
    const state = (await graph.getState(thread)).values as { answer: string; verdict: string; messages: BaseMessage[] };
    expect(state.verdict).toBe("strong");
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((c) => c.node === "generate")).toBe(true);
    expect(chunks.map((c) => c.text).join("")).toBe(state.answer);
    // The conversation: the question as a human message, the answer as an AI message with its citations.
    expect(state.messages.map((m) => m.getType())).toEqual(["human", "ai"]);
    const [asked, answered] = state.messages as [HumanMessage, AIMessage];
    expect(asked.content).toBe(QUESTION);
    expect(answered.content).toBe(state.answer);
    expect(answered.id).toBe(chunks[0]!.id);
    const citations = answered.additional_kwargs.citations as Citation[];
    expect(citations[0]!.uri).toMatch(/docs\/guides\/quality-gate\.md$/);
    expect(answered.additional_kwargs.verdict).toBe("strong");
    expect(answered.response_metadata.strategy).toBe("extractive/strong");
  });

  it("takes {messages} as input, the last human message being the question, and answers a follow-up in the thread", async () => {
    const graph = createGraph({ ...corpus, checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "follow-up" } };
    const first = await graph.invoke({ messages: [{ role: "user", content: "What options does openPGliteStore take?" }] }, thread);
    expect(first.citations.some((c) => c.uri.endsWith("src/storage/pglite.ts"))).toBe(true);
    const second = await graph.invoke({ messages: [new HumanMessage("and what does it return?")] }, thread);
    expect(second.standalone_question).toBe("What does openPGliteStore return?");
    const { values } = await graph.getState(thread);
    const messages = values.messages as BaseMessage[];
    expect(messages.map((m) => m.getType())).toEqual(["human", "ai", "human", "ai"]);
    expect(messages[3]!.content).toBe(second.answer);
    // A later turn asked with `question` joins the same conversation.
    await graph.invoke({ question: "Show me an example of streaming each node's progress" }, thread);
    const after = (await graph.getState(thread)).values.messages as BaseMessage[];
    expect(after.map((m) => m.getType())).toEqual(["human", "ai", "human", "ai", "human", "ai"]);
    expect(after[4]!.content).toBe("Show me an example of streaming each node's progress");
  });

  it("streams a chat model's answer token by token, and none of its internal calls (the planner's)", async () => {
    const ANSWER = "Broaden rounds are capped by maxRetries, one by default [1].";
    // The planner's structured call gets this text too, fails to parse it, and falls back to the heuristic.
    const chatModel = new RecordingChatModel([ANSWER]);
    const graph = createGraph({ ...corpus, chatModel, checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "llm" } };
    const chunks = await streamedChunks(await graph.stream({ question: QUESTION }, { ...thread, streamMode: "messages" }));
    const { values } = await graph.getState(thread);
    expect(values.strategy).toBe("llm/strong");
    expect(chunks.length).toBeGreaterThan(5);
    expect(new Set(chunks.map((c) => c.node))).toEqual(new Set(["generate"]));
    expect(chunks.map((c) => c.text).join("")).toBe(values.answer);
    expect((values.messages as AIMessage[]).at(-1)!.id).toBe(chunks[0]!.id);
  });

  it("streams a clarification as a message too, with the clarifying questions attached", async () => {
    const graph = createGraph({ ...corpus, checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "clarify" } };
    const chunks = await streamedChunks(
      await graph.stream({ question: "When do the rocket skates launch?" }, { ...thread, streamMode: "messages" }),
    );
    const { values } = await graph.getState(thread);
    expect(values.verdict).toBe("clarify");
    expect(chunks.map((c) => c.text).join("")).toBe(values.answer);
    const answered = (values.messages as AIMessage[]).at(-1)!;
    expect(answered.additional_kwargs.clarifying_questions).toEqual(values.clarifying_questions);
  });
});

describe("the state a thread keeps", () => {
  it("checkpoints what a follow-up needs: a typical question's final state under 40 KB, its values stream under 150 KB", async () => {
    const graph = createGraph({ ...corpus, checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "size" } };
    let streamed = 0;
    let last: Record<string, unknown> = {};
    for await (const values of await graph.stream(
      { question: "Show me an example of streaming each node's progress" },
      { ...thread, streamMode: "values" },
    )) {
      streamed += JSON.stringify(values).length;
      last = values as Record<string, unknown>;
    }
    expect(last.verdict).not.toBe("clarify");
    const state = JSON.stringify((await graph.getState(thread)).values);
    expect(state.length).toBeLessThanOrEqual(40 * 1024);
    expect(streamed).toBeLessThanOrEqual(150 * 1024);
    // Scratch lists stay out of the checkpoint; the answer and its citations are in it.
    const values = (await graph.getState(thread)).values;
    expect(values).not.toHaveProperty("candidates");
    expect(values).not.toHaveProperty("ranked");
    expect((values.citations as Citation[]).length).toBeGreaterThan(0);
    console.log(`state ${state.length} B, values stream ${streamed} B`);
  });
});

describe("the input schema", () => {
  const invalid = async (input: Record<string, unknown>) => {
    const graph = createGraph({ ...corpus });
    return graph.invoke(input as { question: string }).then(
      () => undefined,
      (error: unknown) => error,
    );
  };

  it.each([
    [{ question: QUESTION, top_k: 0 }, "top_k"],
    [{ question: QUESTION, top_k: 51 }, "top_k"],
    [{ question: QUESTION, top_k: "five" }, "top_k"],
    [{ question: QUESTION, sources: [] }, "sources"],
    [{ question: QUESTION, sources: ["nowhere"] }, "sources"],
    [{ question: QUESTION, token_budget: 10 }, "token_budget"],
    [{ question: QUESTION, tenant: "" }, "tenant"],
    [{ question: "   " }, "question"],
    [{}, "question"],
    [{ messages: [] }, "question"],
  ])("refuses %j with an InputError naming %s", async (input, field) => {
    const error = await invalid(input);
    expect(InputError.isInstance(error), String(error)).toBe(true);
    expect((error as InputError).field).toBe(field);
  });
});
