import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { createChatModel } from "../models/chat/create-chat-model.js";
import { createReranker } from "../models/rerankers/create-reranker.js";
import type { GraphContext, RemoteReranker } from "../nodes/context.js";
import { tenantSettings } from "../storage/tenant-config.js";

/** Options of {@link contextForTenant}. Model factories are injectable so tests need no keys. */
export interface ContextForTenantOptions {
  /** @default createChatModel */
  createChat?: (spec: string) => Promise<BaseChatModel>;
  /** Returns undefined for the local reranker (the rerank node's own fallback). @default createReranker */
  createRerank?: (spec: string) => RemoteReranker | undefined;
}

const defaultRerank = (spec: string): RemoteReranker | undefined =>
  spec === "local/fusion" ? undefined : (createReranker(spec) as unknown as RemoteReranker);

/**
 * The run context for one tenant: the tenant's row of `sw_tenant_config` (chat model, reranker,
 * gate and generation settings, answer style) over the configured defaults. Without a row the
 * defaults stand. A model named by the tenant is built now, so a bad spec fails here, not mid-run.
 * @example
 * const ctx = await contextForTenant(await openContext(config), "acme");
 */
export async function contextForTenant(base: GraphContext, tenant: string, options: ContextForTenantOptions = {}): Promise<GraphContext> {
  const { createChat = (spec: string) => createChatModel(spec), createRerank = defaultRerank } = options;
  const config = await base.store.tenantConfig(tenant);
  const ctx: GraphContext = { ...base, tenant };
  if (!config) return ctx;
  const settings = tenantSettings(base.settings, config);
  if (settings) ctx.settings = settings;
  if (config.chatModel && config.chatModel !== base.chatModelId) {
    if (config.chatModel === "local/extractive") {
      ctx.chatModel = undefined;
      ctx.chatModelId = undefined;
    } else {
      ctx.chatModel = await createChat(config.chatModel);
      ctx.chatModelId = config.chatModel;
    }
  }
  if (config.reranker && config.reranker !== base.reranker?.id) ctx.reranker = createRerank(config.reranker);
  return ctx;
}
