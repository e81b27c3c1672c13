import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { deepMerge, parseLayers } from "../config/config.js";
import { RunSettingsSchema, type RunSettings } from "../config/run-settings.js";
import { ConfigError, SourcewiseError } from "../errors.js";
import { createChatModel } from "../models/chat/create-chat-model.js";
import { createReranker } from "../models/rerankers/create-reranker.js";
import { TenantConfigError, type TenantConfig } from "../storage/tenant-config.js";
import type { RemoteReranker, RunContext } from "./run-context.js";

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
 * defaults stand. Given another tenant's context, it starts from that context's `defaults`, so
 * one tenant's overrides never leak into another's. The row is checked now (models built,
 * settings validated), so a bad row fails here, not mid-run.
 * @throws TenantConfigError naming the tenant and the field.
 * @example
 * const ctx = await contextForTenant(await openContext(config), "acme");
 */
export async function contextForTenant(base: RunContext, tenant: string, options: ContextForTenantOptions = {}): Promise<RunContext> {
  const defaults = base.defaults ?? base;
  return applyTenantConfig(defaults, tenant, await defaults.store.tenantConfig(tenant), options);
}

/**
 * A tenant's run settings: its row's `gate`, `generation` and `answer_style` over the defaults,
 * parsed with the same schema as the config file. A bad value names its column.
 * @throws TenantConfigError naming the tenant and the column (`gate.strongHit`, `answer_style`).
 * @example
 * tenantSettings(defaultRunSettings(), { tenant: "acme", gate: { strongHit: 0.7 }, answerStyle: "bullets" }).gate.strongHit; // 0.7
 */
export function tenantSettings(defaults: RunSettings, config: TenantConfig): RunSettings {
  const row: Record<string, unknown> = {};
  if (config.gate && Object.keys(config.gate).length) row.gate = config.gate;
  if (config.generation && Object.keys(config.generation).length) row.generation = config.generation;
  if (config.answerStyle)
    row.generation = deepMerge((row.generation as Record<string, unknown>) ?? {}, { answerStyle: config.answerStyle });
  if (Object.keys(row).length === 0) return defaults;
  const origin = `tenant "${config.tenant}" row of sw_tenant_config`;
  try {
    return parseLayers(
      RunSettingsSchema,
      [
        { origin: "defaults", values: defaults },
        { origin, values: row },
      ],
      "",
    );
  } catch (error) {
    if (!ConfigError.isInstance(error)) throw error;
    const issue = (error.data.issues as { path: PropertyKey[]; message: string }[])[0]!;
    const path = issue.path.map(String).join(".");
    // The answer_style column lands in generation.answerStyle: name the column the operator wrote.
    const fromColumn = path === "generation.answerStyle" && !("answerStyle" in (config.generation ?? {}));
    throw new TenantConfigError({ tenant: config.tenant, field: fromColumn ? "answer_style" : path, reason: issue.message, cause: error });
  }
}

async function applyTenantConfig(
  defaults: RunContext,
  tenant: string,
  config: TenantConfig | null,
  options: ContextForTenantOptions,
): Promise<RunContext> {
  const { createChat = (spec: string) => createChatModel(spec), createRerank = defaultRerank } = options;
  const ctx: RunContext = { ...defaults, tenant, defaults };
  if (!config) return ctx;
  ctx.settings = tenantSettings(defaults.settings, config);
  if (config.chatModel && config.chatModel !== defaults.chatModelId) {
    if (config.chatModel === "local/extractive") {
      ctx.chatModel = undefined;
      ctx.chatModelId = undefined;
    } else {
      ctx.chatModel = await build(tenant, "chat_model", () => createChat(config.chatModel!));
      ctx.chatModelId = config.chatModel;
    }
  }
  if (config.reranker && config.reranker !== defaults.reranker?.id) {
    ctx.reranker = await build(tenant, "reranker", async () => createRerank(config.reranker!));
  }
  return ctx;
}

/** Builds a tenant's model; a failure (unknown provider, missing key) names the tenant and the column. */
async function build<T>(tenant: string, field: string, make: () => Promise<T>): Promise<T> {
  try {
    return await make();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0]! : String(error);
    throw new TenantConfigError({ tenant, field, reason, hint: SourcewiseError.isInstance(error) ? error.hint : undefined, cause: error });
  }
}

/** Options of {@link createTenantContexts}. */
export interface TenantContextsOptions extends ContextForTenantOptions {
  /** Tenants whose contexts are kept; the least recently used is dropped first. @default 500 */
  maxTenants?: number;
}

/** Resolves a tenant's run context; see {@link createTenantContexts}. */
export type TenantContexts = (tenant: string) => Promise<RunContext>;

/**
 * {@link contextForTenant} with a cache per tenant, for servers that run many tenants in one
 * process. Each call reads the tenant's row (one primary-key lookup) and reuses the built
 * context while the row is unchanged, so a config write takes effect on the next run, in this
 * process or another, and models are not rebuilt per request.
 * @throws TenantConfigError (from the returned function) naming the tenant and the field.
 * @example
 * const contexts = createTenantContexts(base);
 * await graph.invoke({ question, tenant: "acme" }, { context: await contexts("acme") });
 */
export function createTenantContexts(base: RunContext, options: TenantContextsOptions = {}): TenantContexts {
  const { maxTenants = 500, ...factories } = options;
  const defaults = base.defaults ?? base;
  const entries = new Map<string, { key: string; ctx: Promise<RunContext> }>();
  return async (tenant) => {
    const config = await defaults.store.tenantConfig(tenant);
    // The row's content is the key: any write counts, including a SQL update that leaves updated_at alone.
    const key = JSON.stringify(config);
    const cached = entries.get(tenant);
    entries.delete(tenant);
    if (cached?.key === key) {
      entries.set(tenant, cached);
      return cached.ctx;
    }
    const entry = { key, ctx: applyTenantConfig(defaults, tenant, config, factories) };
    entries.set(tenant, entry);
    if (entries.size > maxTenants) entries.delete(entries.keys().next().value!);
    // A failure is not kept: the next request retries (and reports) it.
    entry.ctx.catch(() => entries.get(tenant) === entry && entries.delete(tenant));
    return entry.ctx;
  };
}
