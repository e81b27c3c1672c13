/** The embeddings capability: providers chosen by a `provider/model` string, a content-hash cache, a LangChain adapter. */
export { createEmbeddings, DEFAULT_EMBEDDINGS, EMBEDDING_CHOICES, EMBEDDING_DIMENSIONS } from "./create-embeddings.js";
export { MemoryEmbeddingCache, withCache } from "./cache.js";
export { toLangChain, ProviderEmbeddings } from "./langchain.js";
export { LocalUseEmbeddings, USE_LITE_DIMENSION, USE_LITE_MAX_CHARS } from "./local-use.js";
export { LangChainEmbeddingProvider, REMOTE_MAX_CHARS } from "./remote.js";
export { EmbeddingError } from "./errors.js";
export { hashText, l2Normalize, truncateText } from "./text.js";

export type { CreateEmbeddingsOptions } from "./create-embeddings.js";
export type { EmbeddingCache, WithCacheOptions } from "./cache.js";
export type { LocalUseOptions } from "./local-use.js";
export type { LangChainEmbeddingProviderInit } from "./remote.js";
export type { EmbedDocumentsOptions, EmbeddingProvider } from "./types.js";
