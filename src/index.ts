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
export { SharedPGlite, isConnectionLoss } from "./storage/shared/shared-pglite.js";
export type { OpenSharedOptions, ShareState } from "./storage/shared/shared-pglite.js";
export type { OwnerInfo } from "./storage/shared/owner-info.js";
export { SqlStore, DEFAULT_TENANT } from "./storage/store.js";
export { pgliteClient } from "./storage/sql-client.js";
export { pgClient } from "./storage/pg-client.js";
export { openPostgresStore } from "./storage/postgres.js";
export type { OpenPostgresOptions } from "./storage/postgres.js";
export { openSupabaseStore, SupabaseStore } from "./storage/supabase.js";
export type { OpenSupabaseOptions } from "./storage/supabase.js";
export { openStore } from "./storage/open-store.js";
export { tenantSettings, TenantConfigError } from "./storage/tenant-config.js";
export type { TenantConfig } from "./storage/tenant-config.js";
export { ANSWER_STYLES, AnswerStyleSchema } from "./generation/answer-style.js";
export type { AnswerStyle } from "./generation/answer-style.js";
export { ResultCache } from "./retrieval/cache.js";
export type { CacheKeyParts, CacheLookup, ResultCacheOptions } from "./retrieval/cache.js";
export { contextForTenant, createTenantContexts } from "./graph/tenant-context.js";
export type { ContextForTenantOptions, TenantContexts, TenantContextsOptions } from "./graph/tenant-context.js";
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
  SourcewiseError, IngestError, ConfigError, UnknownProviderError, EmbeddingMismatchError, DatabaseBusyError,
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

export { createChatHandler } from "./server/app.js";
export type { ChatHandler, ChatHandlerOptions } from "./server/app.js";
export { startServer } from "./server/server.js";
export type { RunningServer } from "./server/server.js";
export { parseSse } from "./server/sse.js";
export type { SseEvent } from "./server/sse.js";
export { openCheckpointer, THREADS_SCHEMA } from "./memory/checkpointer.js";
export { sqlClientPool } from "./memory/sql-pool.js";
export type { OpenCheckpointer, OpenCheckpointerOptions } from "./memory/checkpointer.js";
export { deterministicRewrite, isFollowUp } from "./memory/rewrite.js";
export type { Turn } from "./state/state.js";

export { runEval, BASELINE_IDS } from "./evaluation/runner.js";
export type { RunEvalOptions } from "./evaluation/runner.js";
export { loadDataset, beirDataset, manualDataset, labelledDataset } from "./evaluation/datasets/index.js";
export type { EvalDataset, EvalQuery, LoadDatasetOptions } from "./evaluation/datasets/index.js";
export { writeReports } from "./evaluation/report/write.js";
export type { EvalResults, MethodResult, RankingMetrics } from "./evaluation/results.js";
export { ndcgAtK, recallAtK, mrrAtK, averagePrecision } from "./evaluation/metrics.js";
