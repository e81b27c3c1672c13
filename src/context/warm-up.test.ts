import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { doc, memoryStore, section } from "../../test/helpers/store.js";
import { createEmbeddings } from "../models/embeddings/create-embeddings.js";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import type { SqlStore } from "../storage/store.js";
import { buildRunContext } from "./build-context.js";
import { warmUp } from "./warm-up.js";

let store: SqlStore;
let embeddings: EmbeddingProvider;
beforeEach(async () => {
  store = await memoryStore();
  await store.writeDocuments([doc("topic.md", [section("What the documentation says about this topic, in plain words.")])]);
  embeddings = await createEmbeddings("local/use-lite", { workers: 0 });
});
afterEach(async () => {
  await embeddings.close();
  await store.close();
});

describe("warmUp", () => {
  it("runs its question through the graph: search, then the quality gate's term check", async () => {
    const searched = vi.spyOn(store, "hybridCandidates");
    const checked = vi.spyOn(store, "termPresence");
    const expanded = vi.spyOn(store, "getDocumentChunks");
    await warmUp(buildRunContext({ store, embeddings }));
    expect(searched).toHaveBeenCalled();
    expect(checked).toHaveBeenCalled();
    expect(expanded).toHaveBeenCalled();
  });

  it("does nothing once its signal is aborted", async () => {
    const searched = vi.spyOn(store, "hybridCandidates");
    await warmUp(buildRunContext({ store, embeddings }), { signal: AbortSignal.abort() });
    expect(searched).not.toHaveBeenCalled();
  });

  it("stops quietly when aborted mid-run, before its next node", async () => {
    const warming = new AbortController();
    const original = store.hybridCandidates.bind(store);
    vi.spyOn(store, "hybridCandidates").mockImplementation(async (...args) => {
      warming.abort();
      return original(...args);
    });
    // The expand node's read (the planner already asked the gate's term check, while the query embedded).
    const later = vi.spyOn(store, "getDocumentChunks");
    await expect(warmUp(buildRunContext({ store, embeddings }), { signal: warming.signal })).resolves.toBeUndefined();
    expect(later).not.toHaveBeenCalled();
  });
});
