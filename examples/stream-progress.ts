/**
 * Example: stream each node's progress with streamMode "updates", then print the citations
 * carried by the final state.
 * Run: npx tsx examples/stream-progress.ts "What parameters does ingest take?"
 */
import { createEmbeddings, createGraph, ingest, openPGliteStore } from "../src/index.js";

const question = process.argv[2] ?? "What parameters does ingest take?";
const store = await openPGliteStore({ path: "memory" });
const embeddings = await createEmbeddings("local/use-lite");
try {
  await ingest({ store, embeddings, paths: ["src/ingestion/ingest.ts"], source: "api_reference" });
  const graph = createGraph({ store, embeddings });

  // Each chunk of the stream is { nodeName: updateWrittenByThatNode }.
  for await (const update of await graph.stream({ question }, { streamMode: "updates" })) {
    for (const [node, written] of Object.entries(update)) {
      console.log(`node ${node} finished, wrote: ${Object.keys(written ?? {}).join(", ")}`);
    }
  }

  // The final state (same thread of work) carries the answer and citations.
  const final = await graph.invoke({ question });
  console.log(final.answer);
  console.log(final.citations.map((c) => `[${c.n}] ${c.uri}`).join("\n"));
} finally {
  await embeddings.close();
  await store.close();
}
