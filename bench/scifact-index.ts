/**
 * The SciFact index shared by bench/fit-reranker.ts and bench/retrieval.ts: a file-backed PGlite
 * with local/use-lite embeddings, built once (5-8 minutes on 2 cores) under scratch/ and reused.
 */
import { beirIdOfUri, readBeir, type BeirDataset } from "../src/evaluation/beir.js";
import { ingest } from "../src/ingestion/ingest.js";
import { withCache } from "../src/models/embeddings/cache.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import type { EmbeddingProvider } from "../src/models/embeddings/types.js";
import { SourceProfileSchema, type SourceProfile, type SourceProfileInput } from "../src/sources/profile.js";
import { openPGliteStore } from "../src/storage/pglite.js";
import type { SqlStore } from "../src/storage/store.js";

export const SCIFACT_SOURCE = "scifact";

export interface ScifactIndex {
  data: BeirDataset;
  store: SqlStore;
  embeddings: EmbeddingProvider;
  close(): Promise<void>;
}

/** Opens the index at `dbPath`, ingesting the corpus first when it is not all there. */
export async function openScifactIndex(dir: string, dbPath = "scratch/scifact-db"): Promise<ScifactIndex> {
  const data = await readBeir(dir, "train");
  const store = await openPGliteStore({ path: dbPath });
  const embeddings = await createEmbeddings("local/use-lite", { workers: 2 });
  const stats = await store.stats();
  if (stats.documents < data.documents.length) {
    console.error(`building the SciFact index at ${dbPath} (${stats.documents}/${data.documents.length} documents there)...`);
    const summary = await ingest({
      store,
      embeddings: withCache(embeddings, store.embeddingCache()),
      paths: [data.corpusPath],
      source: SCIFACT_SOURCE,
    });
    console.error(`ingested in ${summary.seconds.toFixed(0)} s`);
  }
  return { data, store, embeddings, close: async () => (await embeddings.close(), await store.close()) };
}

/** The profile the benches search SciFact with; `retrieval` overrides its defaults. */
export function scifactProfile(retrieval: NonNullable<SourceProfileInput["retrieval"]> = {}): SourceProfile {
  return SourceProfileSchema.parse({ name: SCIFACT_SOURCE, summary: "Scientific abstracts (BEIR SciFact)", retrieval });
}

/** Queries split in two by position: even ones fit, odd ones are held out. */
export function halves<T>(items: readonly T[]): { fit: T[]; heldOut: T[] } {
  return { fit: items.filter((_, i) => i % 2 === 0), heldOut: items.filter((_, i) => i % 2 === 1) };
}

/** BEIR document ids of ranked hits (child chunks map to their abstract). */
export const docIds = (hits: readonly { uri: string }[]) => hits.map((h) => beirIdOfUri(h.uri));
