import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_SOURCES } from "../../src/cli/demo.js";
import { ingest } from "../../src/ingestion/ingest.js";
import type { EmbeddingProvider } from "../../src/models/embeddings/types.js";
import type { SqlStore } from "../../src/storage/store.js";

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
