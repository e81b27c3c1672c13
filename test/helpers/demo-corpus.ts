import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_SOURCES } from "../../src/cli/demo.js";
import { ingest } from "../../src/ingestion/ingest.js";
import { createEmbeddings } from "../../src/models/embeddings/create-embeddings.js";
import type { EmbeddingProvider } from "../../src/models/embeddings/types.js";
import type { SqlStore } from "../../src/storage/store.js";
import { memoryStore } from "./store.js";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Ingests the project-written corpus of three sources (API reference from TSDoc in src/, the
 * guides in docs/guides, the programs in examples/) into `store`.
 */
export async function ingestDemoCorpus(store: SqlStore, embeddings: EmbeddingProvider): Promise<void> {
  for (const { source, paths } of DEMO_SOURCES) {
    await ingest({ store, embeddings, paths: paths.map((p) => join(ROOT, p)), source });
  }
}

/** A real in-memory store holding the demo corpus, with the local model that embedded it. */
export interface DemoCorpus {
  store: SqlStore;
  embeddings: EmbeddingProvider;
  close(): Promise<void>;
}

/** Opens a fresh in-memory store and ingests the demo corpus into it (one worker: tests share the cores). */
export async function openDemoCorpus(): Promise<DemoCorpus> {
  const store = await memoryStore();
  const embeddings = await createEmbeddings("local/use-lite", { workers: 1 });
  await ingestDemoCorpus(store, embeddings);
  return {
    store,
    embeddings,
    async close() {
      await embeddings.close();
      await store.close();
    },
  };
}
