/**
 * Example: ingest a folder and ask one question, fully offline.
 * Run: npx tsx examples/ask-a-question.ts docs/guides "How are retries bounded?"
 */
import { createEmbeddings, createGraph, ingest, openPGliteStore, withCache } from "../src/index.js";

const [folder = "docs/guides", question = "How does the quality gate decide?"] = process.argv.slice(2);

// An in-memory store keeps the example self-contained; pass a directory path to keep the index.
const store = await openPGliteStore({ path: "memory" });
const embeddings = withCache(await createEmbeddings("local/use-lite"), store.embeddingCache());
try {
  const summary = await ingest({ store, embeddings, paths: [folder], source: "docs" });
  console.log(`indexed ${summary.documents.added} documents, ${summary.sections} sections`);

  const graph = createGraph({ store, embeddings });
  const result = await graph.invoke({ question });
  console.log(result.answer);
  for (const c of result.citations) {
    console.log(`[${c.n}] ${c.title}, section "${c.section}" (${Math.round(c.rerank_score * 100)}%)`);
  }
} finally {
  await embeddings.close();
  await store.close();
}
