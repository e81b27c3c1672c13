/**
 * sourcewise: agentic RAG on LangGraph.js with exact citations, offline by default.
 * This is the public API; everything else is internal.
 */

export { loadConfig, ConfigSchema } from "./config/config.js";
export type { Config, ConfigInput, LoadConfigOptions } from "./config/config.js";
export { openRuntime } from "./config/runtime.js";
export type { Runtime } from "./config/runtime.js";

export { openPGliteStore, DEFAULT_PGLITE_PATH } from "./storage/pglite.js";
export type { OpenPGliteOptions } from "./storage/pglite.js";
export { SqlStore, DEFAULT_TENANT } from "./storage/store.js";
export { pgliteClient } from "./storage/sql-client.js";
export type { SqlClient } from "./storage/sql-client.js";
export { migrate, loadMigrations, MIGRATIONS_DIR } from "./storage/migrate.js";
export type {
  Bm25Params, ChunkHit, DocumentInput, DocumentRef, FusionParams, SearchFilters, StoreStats,
} from "./storage/types.js";

export { ingest, PIPELINE_VERSION } from "./ingestion/ingest.js";
export type { IngestOptions, IngestProgress, IngestSummary, SkippedFile } from "./ingestion/ingest.js";
export { chunkDocument, countTokens } from "./ingestion/chunker.js";
export type { ChunkOptions } from "./ingestion/chunker.js";
export { defaultLoaders, pickLoader } from "./ingestion/loaders/index.js";
export type { DocumentFormat, LoadedDocument, LoadedSection, Loader, LoaderInput, PreparedChunk } from "./ingestion/types.js";

export { createEmbeddings, DEFAULT_EMBEDDINGS, EMBEDDING_CHOICES } from "./models/embeddings/create-embeddings.js";
export { withCache, MemoryEmbeddingCache } from "./models/embeddings/cache.js";
export { toLangChain } from "./models/embeddings/langchain.js";
export type { EmbeddingCache } from "./models/embeddings/cache.js";
export type { EmbeddingProvider, EmbedDocumentsOptions } from "./models/embeddings/types.js";

export {
  SourcewiseError, IngestError, ConfigError, UnknownProviderError, EmbeddingMismatchError,
} from "./errors.js";

export { buildGraph, createGraph, graph } from "./graph/graph.js";
export type { CreateGraphOptions } from "./graph/graph.js";
export { GraphState, InputState, OutputState } from "./state/state.js";
export type { GraphInput, GraphOutput, GraphStateType } from "./state/state.js";
export type {
  Candidate, Citation, ContextBlock, GateResult, Intent, Plan, RankedChunk, RouteDecision, RunMetadata, Verdict,
} from "./state/types.js";
export type { GraphContext, RemoteReranker } from "./nodes/context.js";

export { DEFAULT_PROFILES, loadProfiles, SourceProfileSchema, UnknownSourceError } from "./sources/index.js";
export type { SourceProfile, SourceProfileInput } from "./sources/index.js";
export { planQuestion, heuristicPlan } from "./planner/index.js";
export { createChatModel, CHAT_MODEL_CHOICES } from "./models/chat/create-chat-model.js";
export { createReranker, RERANKER_CHOICES } from "./models/rerankers/create-reranker.js";
