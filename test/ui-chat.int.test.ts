import { DefaultChatTransport, readUIMessageStream, type UIMessage } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRunContext } from "../src/context/build-context.js";
import { startServer, type RunningServer } from "../src/server/server.js";
import { loadProfiles } from "../src/sources/load.js";
import { openDemoCorpus, type DemoCorpus } from "./helpers/demo-corpus.js";

// The Vercel AI SDK's own client (the transport `useChat` uses, and its stream reader) against
// POST /api/chat: no hand parser.

let corpus: DemoCorpus;
let server: RunningServer;

beforeAll(async () => {
  corpus = await openDemoCorpus();
  server = await startServer({ context: buildRunContext({ ...corpus, profiles: loadProfiles() }), port: 0 });
}, 240_000);

afterAll(async () => {
  await server?.close();
  await corpus?.close();
});

type Meta = { verdict: string | null; strategy: string; clarifying_questions: string[]; thread_id: string; standalone_question: string };
type ChatMessage = UIMessage<unknown, { sourcewise: Meta }>;

/** Sends the chat's messages as `useChat` does and reads the assistant message the stream builds. */
async function send(chatId: string, messages: ChatMessage[]): Promise<ChatMessage> {
  const transport = new DefaultChatTransport<ChatMessage>({ api: `${server.url}/api/chat` });
  const stream = await transport.sendMessages({
    chatId,
    messages,
    trigger: "submit-message",
    messageId: undefined,
    abortSignal: undefined,
  });
  let last: ChatMessage | undefined;
  for await (const message of readUIMessageStream<ChatMessage>({ stream, terminateOnError: true })) last = message;
  return last!;
}

const user = (text: string): ChatMessage => ({ id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text }] });
const textOf = (m: ChatMessage) => m.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");

describe("POST /api/chat (AI SDK UI message stream)", () => {
  it("streams the answer text, one source part per citation, and a data part with verdict and strategy", async () => {
    const question = user("Why are broaden retries bounded in the quality gate?");
    const answer = await send("chat-1", [question]);
    expect(answer.role).toBe("assistant");
    const text = textOf(answer);
    expect(text).toMatch(/\[1\]/);
    const sources = answer.parts.filter((p) => p.type === "source-document");
    expect(sources.length).toBeGreaterThan(0);
    expect(sources[0]).toMatchObject({ sourceId: "citation-1", mediaType: "text/markdown", filename: "quality-gate.md" });
    const meta = (sources[0] as { providerMetadata?: { sourcewise?: { n: number; uri: string; relevance: number } } }).providerMetadata
      ?.sourcewise;
    expect(meta?.uri).toMatch(/docs\/guides\/quality-gate\.md$/);
    expect(meta?.relevance).toBeGreaterThan(0);
    // Every [n] in the text has its source part.
    const cited = new Set([...text.matchAll(/\[(\d+)\]/g)].map((m) => `citation-${m[1]}`));
    expect([...cited].every((id) => sources.some((s) => (s as { sourceId: string }).sourceId === id))).toBe(true);
    const data = answer.parts.find((p) => p.type === "data-sourcewise") as { data: Meta } | undefined;
    expect(data?.data).toMatchObject({ verdict: "strong", strategy: "extractive/strong", thread_id: "chat-1" });

    // The chat id is the thread: a follow-up is rewritten from the first turn.
    const followUp = await send("chat-1", [question, answer, user("and how many rounds are there?")]);
    const followData = followUp.parts.find((p) => p.type === "data-sourcewise") as { data: Meta };
    expect(followData.data.standalone_question).not.toBe("and how many rounds are there?");
  });

  it("streams a clarification with its questions in the data part", async () => {
    const answer = await send("chat-2", [user("When do the rocket skates launch?")]);
    const data = answer.parts.find((p) => p.type === "data-sourcewise") as { data: Meta };
    expect(data.data.verdict).toBe("clarify");
    expect(data.data.clarifying_questions.length).toBeGreaterThan(0);
    expect(textOf(answer)).toContain(data.data.clarifying_questions[0]!);
  });

  it("answers with the UI message stream headers and refuses a body that is not useChat's", async () => {
    const res = await fetch(`${server.url}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: "chat-3", messages: [user("What does openPGliteStore return?")] }),
    });
    expect(res.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");
    expect((await res.text()).trimEnd().endsWith("data: [DONE]")).toBe(true);
    const bad = await fetch(`${server.url}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "hi" }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { field: string }).field).toBe("id");
    const assistantLast = await fetch(`${server.url}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: "chat-3", messages: [{ id: "a", role: "assistant", parts: [{ type: "text", text: "hello" }] }] }),
    });
    expect(assistantLast.status).toBe(400);
    expect(((await assistantLast.json()) as { field: string }).field).toBe("messages");
    // A preflight is answered (no 405).
    expect((await fetch(`${server.url}/api/chat`, { method: "OPTIONS" })).status).toBe(204);
  });
});
