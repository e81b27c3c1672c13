import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BinaryOperatorAggregate, MemorySaver } from "@langchain/langgraph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraph } from "../src/graph/graph.js";
import { openCheckpointer, THREADS_SCHEMA } from "../src/memory/checkpointer.js";
import { openPGliteStore } from "../src/storage/pglite.js";
import type { SharedPGlite } from "../src/storage/shared/shared-pglite.js";
import type { EmbeddingProvider } from "../src/models/embeddings/types.js";
import { GraphState, InputState, SCRATCH_KEYS } from "../src/state/state.js";
import type { SqlStore } from "../src/storage/store.js";
import { openDemoCorpus, type DemoCorpus } from "./helpers/demo-corpus.js";

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

describe("conversation memory", () => {
  it("rewrites a follow-up from the thread (MemorySaver) and searches with the rewrite", async () => {
    const graph = createGraph({ store, embeddings, checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "t1" } };
    const first = await graph.invoke({ question: "What does makeTrapezoid return?" }, thread);
    expect(first.standalone_question).toBe("What does makeTrapezoid return?");
    const second = await graph.invoke({ question: "and its parameters?" }, thread);
    expect(second.standalone_question).toContain("makeTrapezoid");
    expect(second.plan?.identifiers).toContain("makeTrapezoid");
    const state = await graph.getState(thread);
    expect(state.values.history.map((t: { question: string }) => t.question)).toEqual([
      "What does makeTrapezoid return?",
      "and its parameters?",
    ]);
    // Another thread starts fresh.
    const other = await graph.invoke({ question: "and its parameters?" }, { configurable: { thread_id: "t2" } });
    expect(other.standalone_question).toBe("and its parameters?");
  });

  it("answers a follow-up exactly like its standalone rewrite asked afresh: nothing of earlier turns leaks", async () => {
    const graph = createGraph({ store, embeddings, checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "fresh" } };
    await graph.invoke({ question: "Why are broaden retries bounded in the quality gate?" }, thread);
    await graph.invoke({ question: "What options does openPGliteStore take?" }, thread);
    const follow = await graph.invoke({ question: "and what does it return?" }, thread);
    expect(follow.standalone_question).toBe("What does openPGliteStore return?");
    const fresh = await createGraph({ store, embeddings }).invoke({ question: follow.standalone_question });
    expect(follow.route?.sources).toEqual(fresh.route?.sources);
    expect(follow.metadata.candidates_per_source).toEqual(fresh.metadata.candidates_per_source);
    expect(follow.attempt).toBe(fresh.attempt);
    expect(follow.citations.map((c) => c.uri)).toEqual(fresh.citations.map((c) => c.uri));
    expect(follow.answer).toBe(fresh.answer);
  });

  it("keeps threads in the store's own database, shared with a second process's client of it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sw-threads-"));
    const owner = await openPGliteStore({ path: dir, share: { onNotice: () => {} } });
    const client = await openPGliteStore({ path: dir, share: { onNotice: () => {} } });
    try {
      expect((await (client.client as SharedPGlite).state()).role).toBe("client");
      const a = await openCheckpointer({ threads: "pglite", client: owner.client });
      const b = await openCheckpointer({ threads: "pglite", client: client.client });
      expect(a.kind).toBe("pglite:store");
      const thread = { configurable: { thread_id: "shared" } };
      await createGraph({ store, embeddings, checkpointer: a.saver }).invoke({ question: "What does makeTrapezoid return?" }, thread);
      const r = await createGraph({ store, embeddings, checkpointer: b.saver }).invoke({ question: "and its parameters?" }, thread);
      expect(r.standalone_question).toContain("makeTrapezoid");
      const { rows } = await owner.client.query<{ n: number }>(
        `select count(distinct checkpoint_id)::int as n from ${THREADS_SCHEMA}.checkpoints where thread_id = 'shared'`,
      );
      expect(rows[0]!.n).toBeGreaterThan(1);
    } finally {
      await client.close();
      await owner.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("persists threads in PostgresSaver on PGlite across two graph instances", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sourcewise-threads-"));
    try {
      const a = await openCheckpointer({ threads: "pglite", pglitePath: dir });
      const thread = { configurable: { thread_id: "persisted" } };
      try {
        await createGraph({ store, embeddings, checkpointer: a.saver }).invoke({ question: "What does makeTrapezoid return?" }, thread);
      } finally {
        await a.close();
      }
      const b = await openCheckpointer({ threads: "pglite", pglitePath: dir });
      try {
        const r = await createGraph({ store, embeddings, checkpointer: b.saver }).invoke({ question: "and its parameters?" }, thread);
        expect(r.standalone_question).toContain("makeTrapezoid");
      } finally {
        await b.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("starts a follow-up turn with no leftover per-turn field, for every field of the state schema", async () => {
    const graph = createGraph({ store, embeddings, checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "reset" } };
    const overrides = {
      sources: ["api_reference"],
      topic: "storage",
      tenant: "default",
      top_k: 7,
      return_full_documents: true,
      multi_section_threshold: 5,
      token_budget: 3000,
    };
    await graph.invoke({ question: "What options does openPGliteStore take?", ...overrides }, thread);
    await graph.invoke({ question: "and what does it return?" }, thread);
    // The checkpoints of the second turn, oldest first: the one whose next node is the planner holds the state condense left.
    const steps = [];
    for await (const snapshot of graph.getStateHistory(thread)) steps.unshift(snapshot);
    const starts = steps.map((s, i) => ({ s, i })).filter(({ s }) => s.next.includes("planner"));
    expect(starts).toHaveLength(2);
    const [first, second] = [steps.at(-1)!.values, starts[1]!.s.values];
    // Every field of the schema, listed from the schema itself: a field added later is checked too.
    // Scratch (candidates, ranked, context) is neither checkpointed nor in a snapshot: nothing to carry over.
    const fields = Object.keys(GraphState.spec).filter((f) => !SCRATCH_KEYS.includes(f));
    const inputs = new Set(Object.keys(InputState.spec));
    const carried = new Set(["question", "history", "messages", "standalone_question", "metadata"]);
    const leftovers: string[] = [];
    for (const field of fields) {
      if (carried.has(field)) continue;
      const channel = (GraphState.spec as Record<string, unknown>)[field];
      const fallback = channel instanceof BinaryOperatorAggregate ? channel.initialValueFactory?.() : undefined;
      if (JSON.stringify(second[field]) !== JSON.stringify(fallback))
        leftovers.push(`${field}=${JSON.stringify(second[field]).slice(0, 60)}`);
    }
    expect(leftovers).toEqual([]);
    // The first turn did leave work behind, so the check above is not vacuous.
    const changed = fields.filter(
      (f) =>
        !carried.has(f) &&
        !inputs.has(f) &&
        JSON.stringify(first[f]) !==
          JSON.stringify(
            ((GraphState.spec as Record<string, unknown>)[f] as BinaryOperatorAggregate<unknown, unknown>).initialValueFactory?.(),
          ),
    );
    expect(changed).toEqual(
      expect.arrayContaining(["answer", "citations", "verdict", "strategy", "plan", "route", "context_seen", "gate"]),
    );
    // The thread keeps its history, and condense wrote this turn's question and fresh metadata.
    expect(second.history).toHaveLength(1);
    expect(second.standalone_question).toBe("What does openPGliteStore return?");
    expect(Object.keys(second.metadata.timings_ms)).toEqual(["condense"]);
    expect(second.metadata.fallbacks).toEqual([]);
  });
});
