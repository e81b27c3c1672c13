import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { RunSettings } from "../config/run-settings.js";
import { SourcewiseError } from "../errors.js";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import type { ResultCache } from "../retrieval/cache.js";
import type { SourceProfile } from "../sources/profile.js";
import type { SqlStore } from "../storage/store.js";

/** A remote reranker (Cohere); the local one needs no object. */
export interface RemoteReranker {
  /** e.g. "cohere/rerank-v3.5" */
  id: string;
  /** Relevance scores in [0, 1], one per document, in input order. */
  rerank(query: string, documents: string[]): Promise<number[]>;
}

/**
 * What nodes work with, resolved once per run for the run's tenant and passed as LangGraph's
 * runtime context (`config.context`). Nodes never build models or clients: they read this
 * through {@link runContext}.
 */
export interface RunContext {
  store: SqlStore;
  embeddings: EmbeddingProvider;
  profiles: SourceProfile[];
  /** The run's tenant: every read and write of the run is scoped to it. */
  tenant: string;
  /** Chat model for the planner and the generator; the offline defaults run without one. */
  chatModel?: BaseChatModel;
  /** Its `provider/model` string, for the result's metadata. */
  chatModelId?: string;
  reranker?: RemoteReranker;
  /** Per-source retrieval results, per tenant, for the profile's TTL; none when unset. */
  resultCache?: ResultCache;
  /** Gate, retrieval and generation settings, validated, with the tenant's overrides applied. */
  settings: RunSettings;
  /**
   * The configured defaults a tenant's context was built from, so another tenant's context starts
   * from them rather than from this tenant's overrides.
   */
  defaults?: RunContext;
}

/** A node's config: LangGraph's, with the run context. */
export type NodeConfig = LangGraphRunnableConfig<RunContext>;

/** Whether `value` is a resolved run context (a store, settings and a tenant), not a request for one. */
export function isRunContext(value: unknown): value is RunContext {
  const v = value as Partial<RunContext> | undefined;
  return !!v && typeof v === "object" && !!v.store && !!v.embeddings && !!v.profiles && !!v.settings && typeof v.tenant === "string";
}

/**
 * The run context of a node call.
 * @throws SourcewiseError `missing_context` when the graph ran without one.
 * @example
 * const { store, tenant, settings } = runContext(config);
 */
export function runContext(config: NodeConfig | undefined): RunContext {
  const ctx = config?.context;
  if (!isRunContext(ctx)) {
    throw new SourcewiseError("missing_context", "The graph ran without its run context (store, embeddings, profiles, tenant, settings).", {
      hint: "Build the graph with createGraph({ store, embeddings }), or invoke it with { context } from openContext / createTenantContexts.",
    });
  }
  return ctx;
}
