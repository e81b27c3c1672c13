import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { loadConfig, type Config } from "../config/config.js";
import { openRuntime } from "../config/runtime.js";
import { createChatModel, defaultChatModelSpec } from "../models/chat/create-chat-model.js";
import { createReranker, defaultRerankerSpec } from "../models/rerankers/create-reranker.js";
import { ResultCache } from "../retrieval/cache.js";
import { loadProfiles } from "../sources/load.js";
import type { ContextResolver } from "./resolve.js";
import type { RemoteReranker, RunContext } from "./run-context.js";
import { contextForTenant, createTenantContexts, type TenantContexts } from "./tenant-context.js";

/** A run context that owns its store and models. */
export type OwnedContext = RunContext & { close(): Promise<void> };

/**
 * Builds the run context from configuration: the store, the cached embeddings, the source
 * profiles (validated now, so a bad profile fails at start-up), the run settings, and the remote
 * models whose keys are set (Gemini with GOOGLE_API_KEY, Cohere rerank with COHERE_API_KEY), or
 * the `chatModel` / `reranker` the configuration names. The configured tenant's row of
 * `sw_tenant_config` applies on top.
 * @example
 * const ctx = await openContext(loadConfig());
 * try { await createGraph(ctx).invoke({ question }); } finally { await ctx.close(); }
 */
export async function openContext(config: Config): Promise<OwnedContext> {
  const profiles = loadProfiles(config.sources);
  const chatSpec = defaultChatModelSpec(config.chatModel);
  const rerankSpec = config.reranker ?? defaultRerankerSpec();
  // The chat model, the store and the query embedding model load in parallel.
  const [chat, opening] = await Promise.allSettled([
    chatSpec ? createChatModel(chatSpec) : undefined,
    openRuntime(config, { warmQueries: true }),
  ]);
  if (opening.status === "rejected") throw opening.reason;
  const rt = opening.value;
  if (chat.status === "rejected") {
    await rt.close();
    throw chat.reason;
  }
  const chatModel = chat.value;
  try {
    // Searching an index built with another model fails here, at start-up, naming the fix (reindex).
    if (config.store.kind !== "supabase") await rt.store.useEmbedding(rt.embeddings.id, rt.embeddings.dimension, { forWrite: false });
  } catch (error) {
    await rt.close();
    throw error;
  }
  const reranker = rerankSpec === "local/fusion" ? undefined : (createReranker(rerankSpec) as unknown as RemoteReranker);
  const base: RunContext = {
    store: rt.store,
    embeddings: rt.embeddings,
    profiles,
    tenant: config.tenant,
    chatModel,
    chatModelId: chatSpec,
    reranker,
    resultCache: new ResultCache(),
    settings: { gate: config.gate, retrieval: config.retrieval, generation: config.generation },
  };
  try {
    // `defaults` keeps the configured context, so another tenant's context starts there.
    return { ...(await contextForTenant(base, config.tenant)), close: () => rt.close() };
  } catch (error) {
    await rt.close();
    throw error;
  }
}

let opened: Promise<OwnedContext> | undefined;

/** {@link openContext} over `loadConfig()`, once per process (for Studio and `langgraph dev`). */
export function openDefaultContext(): Promise<OwnedContext> {
  opened ??= openContext(loadConfig()).catch((error: unknown) => {
    opened = undefined;
    throw error;
  });
  return opened;
}

const resolvers = new WeakMap<OwnedContext, TenantContexts>();

/**
 * The resolver of the Studio / `langgraph dev` graph: the default context (opened on the first
 * run), with the run's tenant's row of `sw_tenant_config` applied, read once per run.
 */
export const defaultTenantContext: ContextResolver = async (tenant: string | undefined, _config: LangGraphRunnableConfig) => {
  const ctx = await openDefaultContext();
  let resolve = resolvers.get(ctx);
  if (!resolve) resolvers.set(ctx, (resolve = createTenantContexts(ctx)));
  return resolve(tenant ?? ctx.tenant);
};
