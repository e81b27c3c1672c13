/**
 * sourcewise: agentic RAG on LangGraph.js with exact citations, offline by default.
 *
 * This is the public API, grouped by what you do with it. Everything else is internal and may
 * change; it stays reachable from its own module for tests and benches.
 */

// Ask: build the graph over a store and models, or open them from configuration.
export { createGraph, buildGraph, graph } from "./graph/graph.js";
export { openContext } from "./context/open-context.js";
export { buildRunContext } from "./context/build-context.js";
export { contextForTenant, createTenantContexts } from "./context/tenant-context.js";
export type { CreateGraphOptions } from "./graph/graph.js";
export type { OwnedContext } from "./context/open-context.js";
export type { RunContextInput } from "./context/build-context.js";
export type { ContextResolver } from "./context/resolve.js";
export type { RemoteReranker, RunContext } from "./context/run-context.js";
export type { ContextForTenantOptions, TenantContexts, TenantContextsOptions } from "./context/tenant-context.js";

// What a run takes and returns.
export { GraphState, InputState, OutputState } from "./state/state.js";
export type { GraphOutput, GraphStateType, Turn } from "./state/state.js";
export { GraphInputSchema, InputError } from "./state/input.js";
export type { GraphInput } from "./state/input.js";
export type { Citation, ContextBlock, GateResult, Intent, Plan, RouteDecision, RunMetadata, Verdict } from "./state/types.js";

// Configuration: one settings tree for the config file, env vars, flags and tenant rows.
export { loadConfig, ConfigSchema } from "./config/config.js";
export { RunSettingsSchema, defaultRunSettings, DEFAULT_SYNONYMS, DEFAULT_FUSION } from "./config/run-settings.js";
export { ANSWER_STYLES } from "./generation/answer-style.js";
export type { Config, ConfigInput, LoadConfigOptions } from "./config/config.js";
export type { GateSettings, GenerationSettings, RetrievalSettings, RunSettings, RunSettingsInput } from "./config/run-settings.js";
export type { AnswerStyle } from "./generation/answer-style.js";

// Sources: the profiles that say how each kind of document is searched, formatted and cited.
export { DEFAULT_PROFILES, loadProfiles, SourceProfileSchema } from "./sources/index.js";
export type { SourceProfile, SourceProfileInput } from "./sources/index.js";

// Storage: embedded PGlite by default, Postgres or Supabase when you outgrow one machine.
export { openStore } from "./storage/open-store.js";
export { openPGliteStore } from "./storage/pglite.js";
export { openPostgresStore } from "./storage/postgres.js";
export { openSupabaseStore } from "./storage/supabase.js";
export { DEFAULT_TENANT } from "./storage/store.js";
export type { SqlStore } from "./storage/store.js";
export type { OpenPGliteOptions } from "./storage/pglite.js";
export type { OwnerInfo } from "./storage/shared/owner-info.js";
export type { OpenPostgresOptions } from "./storage/postgres.js";
export type { OpenSupabaseOptions } from "./storage/supabase.js";
export type { TenantConfig } from "./storage/tenant-config.js";
export type { ChunkHit, SearchFilters, StoreStats } from "./storage/types.js";

// Ingestion, and re-embedding the index with another model.
export { ingest } from "./ingestion/ingest.js";
export { fillEmbeddings } from "./ingestion/fill-embeddings.js";
export { reindex } from "./ingestion/reindex.js";
export type { IngestOptions, IngestProgress, IngestSummary, SkippedFile } from "./ingestion/ingest.js";
export type { FillEmbeddingsOptions, FillEmbeddingsSummary } from "./ingestion/fill-embeddings.js";
export type { ReindexOptions, ReindexProgress, ReindexSummary } from "./ingestion/reindex.js";

// Models: providers chosen by a "provider/model" string.
export { createEmbeddings, EMBEDDING_CHOICES } from "./models/embeddings/create-embeddings.js";
export { withCache } from "./models/embeddings/cache.js";
export { createChatModel, CHAT_MODEL_CHOICES } from "./models/chat/create-chat-model.js";
export { createReranker, RERANKER_CHOICES } from "./models/rerankers/create-reranker.js";
export type { EmbeddingProvider } from "./models/embeddings/types.js";

// Serving: the chat backend and conversation memory.
export { createChatHandler } from "./server/app.js";
export { startServer } from "./server/server.js";
export { openCheckpointer } from "./memory/checkpointer.js";
export type { ChatHandler, ChatHandlerOptions } from "./server/app.js";
export type { RunningServer } from "./server/server.js";
export type { OpenCheckpointer, OpenCheckpointerOptions } from "./memory/checkpointer.js";

// Offline evaluation.
export { runEval } from "./evaluation/runner.js";
export { loadDataset } from "./evaluation/datasets/index.js";
export { writeReports } from "./evaluation/report/write.js";
export type { RunEvalOptions } from "./evaluation/runner.js";
export type { EvalDataset, EvalQuery } from "./evaluation/datasets/index.js";
export type { EvalResults } from "./evaluation/results.js";

// Errors: each carries data and a hint; `isInstance` works across module copies.
export {
  SourcewiseError,
  ConfigError,
  IngestError,
  UnknownProviderError,
  EmbeddingMismatchError,
  EmbeddingDimensionError,
  ReindexPendingError,
  DatabaseBusyError,
} from "./errors.js";
export { TenantConfigError } from "./storage/tenant-config.js";
export { UnknownSourceError } from "./sources/index.js";
