import { loadConfig, type Config } from "../config/config.js";
import { openRuntime } from "../config/runtime.js";
import { createChatModel, defaultChatModelSpec } from "../models/chat/create-chat-model.js";
import { createReranker, defaultRerankerSpec } from "../models/rerankers/create-reranker.js";
import type { GraphContext } from "../nodes/context.js";
import { ResultCache } from "../retrieval/cache.js";
import { loadProfiles } from "../sources/load.js";
import { contextForTenant, createTenantContexts, type TenantContexts } from "./tenant-context.js";

/** A run context that owns its store and models. */
export type OwnedContext = GraphContext & { close(): Promise<void> };

/**
 * Builds the run context from configuration: the store, the cached embeddings, the source
 * profiles (validated now, so a bad profile fails at start-up), and the remote models whose
 * keys are set (Gemini with GOOGLE_API_KEY, Cohere rerank with COHERE_API_KEY), or the
 * `chatModel` / `reranker` the configuration names.
 */
export async function openContext(config: Config): Promise<OwnedContext> {
  const profiles = loadProfiles(config.sources);
  const chatSpec = defaultChatModelSpec(config.chatModel);
  const chatModel = chatSpec ? await createChatModel(chatSpec) : undefined;
  const rerankSpec = config.reranker ?? defaultRerankerSpec();
  const reranker = rerankSpec === "local/fusion" ? undefined : (createReranker(rerankSpec) as GraphContext["reranker"]);
  const rt = await openRuntime(config);
  const base: GraphContext = {
    store: rt.store, embeddings: rt.embeddings, profiles, tenant: config.tenant,
    chatModel, chatModelId: chatSpec, reranker, resultCache: new ResultCache(),
  };
  try {
    // The configured tenant's row of sw_tenant_config overrides the defaults above; `defaults`
    // keeps them, so another tenant's context (contextForTenant, createTenantContexts) starts there.
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
 * The run context for a tenant over {@link openDefaultContext}: the named tenant's (else the
 * configured one's) row of `sw_tenant_config`, re-read per call so a config write applies on the
 * next run. For Studio, where a run's only per-tenant input is `state.tenant`.
 */
export async function openTenantContext(tenant?: string): Promise<GraphContext> {
  const opened = await openDefaultContext();
  let resolve = resolvers.get(opened);
  if (!resolve) resolvers.set(opened, (resolve = createTenantContexts(opened)));
  return resolve(tenant ?? opened.tenant ?? "default");
}
