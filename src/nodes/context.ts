import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
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
 * What nodes work with, passed in (never built by a node): LangGraph's run context.
 * `createGraph` binds it; a test passes it as `{ context }` in the node's config.
 */
export interface GraphContext {
  store: SqlStore;
  embeddings: EmbeddingProvider;
  profiles: SourceProfile[];
  /** Tenant used when the input names none. @default "default" */
  tenant?: string;
  /** Chat model for the planner and the generator; the offline defaults run without one. */
  chatModel?: BaseChatModel;
  /** Its `provider/model` string, for the result's metadata. */
  chatModelId?: string;
  reranker?: RemoteReranker;
  /** Per-source retrieval results, per tenant, for the profile's TTL; none when unset. */
  resultCache?: ResultCache;
  /** Settings overrides per area; each area validates and defaults its own part. */
  settings?: Record<string, unknown>;
  /**
   * The configured defaults a tenant's context was built from (`contextForTenant` sets it), so
   * another tenant's context starts from them rather than from this tenant's overrides.
   */
  defaults?: GraphContext;
}

export type NodeConfig = LangGraphRunnableConfig<GraphContext>;

/** The run context of a node call. @throws when the graph was invoked without one. */
export function contextOf(config: NodeConfig | undefined): GraphContext {
  const ctx = config?.context;
  if (!ctx?.store || !ctx.embeddings || !ctx.profiles) {
    throw new SourcewiseError("missing_context", "The graph ran without its context (store, embeddings, profiles).", {
      hint: "Build the graph with createGraph({ store, embeddings }) or invoke it with { context }.",
    });
  }
  return ctx;
}
