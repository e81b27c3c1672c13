import { createEmbeddings } from "../models/embeddings/create-embeddings.js";
import { withCache } from "../models/embeddings/cache.js";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import { openStore } from "../storage/open-store.js";
import type { SqlStore } from "../storage/store.js";
import type { Config } from "./config.js";

/** The store and models a command works with, built from configuration. */
export interface Runtime {
  config: Config;
  store: SqlStore;
  /** Cached in the store: a re-ingest or a re-run embeds nothing twice. */
  embeddings: EmbeddingProvider;
  close(): Promise<void>;
}

/** Options of {@link openRuntime}. */
export interface OpenRuntimeOptions {
  /**
   * Load the local query embedding model while the store opens, for commands that answer
   * questions: in a worker thread of its own, so it loads on another core. @default false
   */
  warmQueries?: boolean;
}

/**
 * Opens the configured store and embedding model. Nothing is loaded before this is called.
 * @example
 * const rt = await openRuntime(loadConfig());
 * try { ... } finally { await rt.close(); }
 */
export async function openRuntime(config: Config, { warmQueries = false }: OpenRuntimeOptions = {}): Promise<Runtime> {
  const embeddings = await createEmbeddings(config.embeddings, { workers: config.embeddingWorkers, queryWorker: warmQueries });
  // The local query model loads while the store opens (~0.4 s of CPU in a cold start); a remote one is not called for it.
  const warming =
    warmQueries && config.embeddings.startsWith("local/") ? embeddings.embedQuery("warm up").then(() => undefined) : undefined;
  let store: SqlStore;
  try {
    store = await openStore(config.store);
    await warming;
  } catch (error) {
    await warming?.catch(() => {});
    await embeddings.close();
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    config,
    store,
    embeddings: withCache(embeddings, store.embeddingCache()),
    // Once: an interrupted command closes from its signal handler and again from its `finally`.
    close: () =>
      (closed ??= (async () => {
        await embeddings.close();
        await store.close();
      })()),
  };
}
