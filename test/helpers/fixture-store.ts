import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { ingest } from "../../src/ingestion/ingest.js";
import { createEmbeddings } from "../../src/models/embeddings/create-embeddings.js";
import type { EmbeddingProvider } from "../../src/models/embeddings/types.js";
import type { SqlStore } from "../../src/storage/store.js";
import { memoryStore } from "./store.js";

/**
 * The real embedded store and local model over a project-written fixture corpus, for one test
 * file: opened and ingested before its tests (each source from its folders under `fixture`, in
 * the order given), closed after them.
 * @example
 * const corpus = fixtureStore(join(ROOT, "test/fixtures/examples-corpus"), { examples: ["demos"], docs: ["docs"] });
 * createGraph({ store: corpus.store, embeddings: corpus.embeddings });
 */
export function fixtureStore(
  fixture: string,
  sources: Record<string, string[]>,
): { readonly store: SqlStore; readonly embeddings: EmbeddingProvider } {
  let store: SqlStore | undefined;
  let embeddings: EmbeddingProvider | undefined;
  beforeAll(async () => {
    store = await memoryStore();
    embeddings = await createEmbeddings("local/use-lite", { workers: 1 });
    for (const [source, folders] of Object.entries(sources)) {
      await ingest({ store, embeddings, paths: folders.map((f) => join(fixture, f)), source });
    }
  }, 120_000);
  afterAll(async () => {
    await embeddings?.close();
    await store?.close();
  });
  return {
    get store() {
      if (!store) throw new Error("fixtureStore: the store opens in beforeAll");
      return store;
    },
    get embeddings() {
      if (!embeddings) throw new Error("fixtureStore: the model loads in beforeAll");
      return embeddings;
    },
  };
}
