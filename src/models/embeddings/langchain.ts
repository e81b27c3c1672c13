import { Embeddings } from "@langchain/core/embeddings";
import type { EmbeddingProvider } from "./types.js";

/** A LangChain `Embeddings` that delegates to an {@link EmbeddingProvider}. */
export class ProviderEmbeddings extends Embeddings {
  constructor(readonly provider: EmbeddingProvider) {
    super({});
  }
  embedDocuments(documents: string[]): Promise<number[][]> {
    return this.provider.embedDocuments(documents);
  }
  embedQuery(document: string): Promise<number[]> {
    return this.provider.embedQuery(document);
  }
}

/**
 * Adapts a provider (local, remote or cached) to LangChain's `Embeddings`, for vector stores
 * such as `MemoryVectorStore` and other LangChain components.
 *
 * @example
 * ```ts
 * const embeddings = toLangChain(await createEmbeddings("local/use-lite"));
 * const vector = await embeddings.embedQuery("statins and muscle pain"); // 512 numbers
 * ```
 */
export function toLangChain(provider: EmbeddingProvider): Embeddings {
  return new ProviderEmbeddings(provider);
}
