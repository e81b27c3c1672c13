import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraph } from "../src/graph/graph.js";
import type { EmbeddingProvider } from "../src/models/embeddings/types.js";
import type { SqlStore } from "../src/storage/store.js";
import { openDemoCorpus, type DemoCorpus } from "./helpers/demo-corpus.js";
import { FailingChatModel } from "./helpers/fake-models.js";

let store: SqlStore;
let embeddings: EmbeddingProvider;

let corpus: DemoCorpus | undefined;

beforeAll(async () => {
  corpus = await openDemoCorpus();
  ({ store, embeddings } = corpus);
}, 180_000);

afterAll(async () => {
  await corpus?.close();
});

/** Every [n] in the answer must name a citation whose chunk holds the sentence that cites it. */
async function expectExactCitations(answer: string, citations: { n: number; uri: string; snippet: string }[]) {
  const cited = [...answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
  expect(cited.length).toBeGreaterThan(0);
  const numbers = new Set(citations.map((c) => c.n));
  for (const n of cited) expect(numbers.has(n)).toBe(true);
  const docs = await store.listDocuments({});
  for (const c of citations) {
    expect(docs.some((d) => d.uri === c.uri)).toBe(true);
  }
}

describe("the graph on the project's own three-source corpus", () => {
  it("routes a parameter question to api_reference and cites it exactly", async () => {
    const graph = createGraph({ store, embeddings });
    const r = await graph.invoke({ question: "What options does openPGliteStore take?" });
    expect(r.route?.sources[0]).toBe("api_reference");
    expect(r.plan?.intent).toBe("api");
    expect(r.plan?.identifiers).toContain("openPGliteStore");
    expect(r.verdict).not.toBe("clarify");
    expect(r.citations.some((c) => c.source === "api_reference" && c.uri.endsWith("src/storage/pglite.ts"))).toBe(true);
    await expectExactCitations(r.answer, r.citations);
  });

  it("routes 'show me an example' to examples and returns the whole program in order", async () => {
    const graph = createGraph({ store, embeddings });
    const r = await graph.invoke({ question: "Show me an example of streaming each node's progress" });
    expect(r.route?.sources[0]).toBe("examples");
    expect(r.citations[0]!.uri).toMatch(/examples\/stream-progress\.ts$/);
    // The example comes back whole: its first and last lines are both in the context.
    expect(r.context_seen).toContain('streamMode: "updates"');
    expect(r.context_seen).toContain("await store.close();");
  });

  it("answers a guide question from docs with strong evidence", async () => {
    const graph = createGraph({ store, embeddings });
    const r = await graph.invoke({ question: "Why are broaden retries bounded in the quality gate?" });
    expect(r.verdict).toBe("strong");
    expect(r.citations[0]!.uri).toMatch(/docs\/guides\/quality-gate\.md$/);
    expect(r.answer).toMatch(/maxRetries/);
    await expectExactCitations(r.answer, r.citations);
  });

  it("asks clarifying questions instead of answering what the corpus cannot, after one bounded broaden", async () => {
    const graph = createGraph({ store, embeddings });
    const nodes: string[] = [];
    for await (const update of await graph.stream(
      { question: "What is the boiling point of tungsten at sea level?" },
      { streamMode: "updates" },
    )) {
      nodes.push(...Object.keys(update));
    }
    // `remember` closes every turn (it records the thread's history).
    expect(nodes.slice(-2)).toEqual(["clarify", "remember"]);
    expect(nodes.filter((n) => n === "broaden").length).toBeLessThanOrEqual(1);
    const r = await graph.invoke({ question: "What is the boiling point of tungsten at sea level?" });
    expect(r.verdict).toBe("clarify");
    expect(r.citations).toEqual([]);
    expect(r.clarifying_questions.length).toBeGreaterThanOrEqual(1);
    expect(r.clarifying_questions.length).toBeLessThanOrEqual(3);
    expect(r.attempt).toBeLessThanOrEqual(1);
  });

  it("streams each node's progress, and the final state carries citations", async () => {
    const graph = createGraph({ store, embeddings });
    const seen: string[] = [];
    let last: Record<string, unknown> = {};
    for await (const update of await graph.stream(
      { question: "How does the quality gate decide between verdicts?" },
      { streamMode: "updates" },
    )) {
      for (const [node, written] of Object.entries(update)) {
        seen.push(node);
        last = { ...last, ...(written as object) };
      }
    }
    expect(seen.slice(0, 3)).toEqual(["condense", "planner", "router"]);
    expect(seen).toContain("retrieve");
    expect(seen.indexOf("rerank")).toBeGreaterThan(seen.indexOf("retrieve"));
    expect(seen.indexOf("qualityGate")).toBeGreaterThan(seen.indexOf("expand"));
    expect(seen.slice(-2)).toEqual(["generate", "remember"]);
    expect((last.citations as unknown[]).length).toBeGreaterThan(0);
  });

  it("falls back to the extractive answerer when the chat model fails, and says so", async () => {
    const graph = createGraph({
      store,
      embeddings,
      chatModel: new FailingChatModel("503 overloaded"),
      chatModelId: "google/gemini-2.5-flash",
    });
    const r = await graph.invoke({ question: "Why are broaden retries bounded in the quality gate?" });
    expect(r.strategy).toMatch(/^extractive/);
    expect(r.metadata.fallbacks.join("\n")).toMatch(/503 overloaded/);
    await expectExactCitations(r.answer, r.citations);
  });

  it("lets input overrides win over the planner", async () => {
    const graph = createGraph({ store, embeddings });
    const r = await graph.invoke({ question: "What options does openPGliteStore take?", top_k: 7, sources: ["docs"], token_budget: 1234 });
    expect(r.plan?.top_k).toBe(7);
    expect(r.plan?.token_budget).toBe(1234);
    expect(r.route?.sources).toEqual(["docs"]);
    expect(r.citations.every((c) => c.source === "docs")).toBe(true);
  });
});
