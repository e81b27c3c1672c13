/**
 * Example: tag documents with a topic at ingestion, then ask within that topic. Topic-scoped
 * (local) results are interleaved with corpus-wide (global) ones: local, local, global.
 * Run: npx tsx examples/topic-scoped-search.ts
 */
import { createEmbeddings, createGraph, ingest, openPGliteStore } from "../src/index.js";

const store = await openPGliteStore({ path: "memory" });
const embeddings = await createEmbeddings("local/use-lite");
try {
  await ingest({ store, embeddings, paths: ["docs/guides/quality-gate.md"], source: "docs", topics: ["gating"] });
  await ingest({ store, embeddings, paths: ["docs/guides/retrieval.md"], source: "docs", topics: ["ranking"] });
  const graph = createGraph({ store, embeddings });
  const result = await graph.invoke({ question: "What counts as strong evidence?", topic: "gating" });
  console.log(result.answer);
} finally {
  await embeddings.close();
  await store.close();
}
