import { RecursiveCharacterTextSplitter } from "@langchain/textsplitters";
import type { EmbeddingProvider } from "../../models/embeddings/types.js";
import { toLangChain } from "../../models/embeddings/langchain.js";
import { BASELINE_DEPTH } from "./sql.js";
import type { RetrievalMethod } from "./types.js";

/** Splitter settings of LangChain's RAG tutorial. */
export const NAIVE_SPLIT = { chunkSize: 1000, chunkOverlap: 200 } as const;

/**
 * The naive LangChain recipe: RecursiveCharacterTextSplitter + MemoryVectorStore + similarity
 * search, with our local embeddings (pass a cached provider so a second run re-embeds nothing).
 * Returns each hit's `key` metadata, i.e. already a document key, not a uri.
 */
export async function langchainBaseline(
  documents: { key: string; text: string }[],
  embeddings: EmbeddingProvider,
  onProgress?: (done: number, total: number) => void,
): Promise<RetrievalMethod> {
  // @langchain/classic is a devDependency: load it only when this baseline is built.
  const { MemoryVectorStore } = await import("@langchain/classic/vectorstores/memory");
  const splitter = new RecursiveCharacterTextSplitter(NAIVE_SPLIT);
  const docs = await splitter.createDocuments(
    documents.map((d) => d.text),
    documents.map((d) => ({ key: d.key })),
  );
  const lc = toLangChain(embeddings);
  // What MemoryVectorStore.fromDocuments does, with the embedding step made visible: a first run
  // embeds every split chunk, which takes minutes on a large corpus.
  const vectors = await embeddings.embedDocuments(
    docs.map((d) => d.pageContent),
    { onProgress },
  );
  const store = new MemoryVectorStore(lc);
  await store.addVectors(vectors, docs);
  return {
    id: "langchain",
    label: `naive LangChain (RecursiveCharacterTextSplitter ${NAIVE_SPLIT.chunkSize}/${NAIVE_SPLIT.chunkOverlap} + MemoryVectorStore)`,
    usesQueryEmbedding: false,
    async search(q) {
      const hits = await store.similaritySearch(q.text, BASELINE_DEPTH);
      return hits.map((h) => String(h.metadata.key));
    },
  };
}
