import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { isRunContext, type RunContext } from "./run-context.js";
import { runTenant } from "./run-tenant.js";

/**
 * Resolves the run context for a run's tenant: the authenticated tenant under Agent Server auth,
 * else the tenant the input or the runtime context names (undefined when neither does).
 */
export type ContextResolver = (tenant: string | undefined, config: LangGraphRunnableConfig) => Promise<RunContext>;

const perRun = new WeakMap<object, Promise<RunContext>>();

/**
 * The run context for a node call, resolved once per run:
 * - a resolved context passed at invoke time (`{ context }`, as the chat server passes its
 *   tenant's) is used as it is;
 * - else `resolve` runs once per run, keyed by the run's runtime-context object (the Agent Server
 *   and Studio pass a fresh one per run, e.g. `{ tenant: "acme" }`), so one question reads its
 *   tenant's configuration once, not once per node;
 * - with no runtime context at all it runs per call, which suits resolvers that read nothing.
 * @example
 * const ctx = await contextForRun(config, state.tenant, resolve);
 */
export function contextForRun(
  config: LangGraphRunnableConfig,
  inputTenant: string | undefined,
  resolve: ContextResolver,
): Promise<RunContext> {
  const given: unknown = config.context;
  if (isRunContext(given)) return Promise.resolve(given);
  const named = typeof given === "object" && given !== null ? (given as { tenant?: unknown }).tenant : undefined;
  // Under Agent Server auth the verified token's tenant wins over what the input or context names.
  const tenant = runTenant(inputTenant ?? (typeof named === "string" && named ? named : undefined), config);
  if (typeof given !== "object" || given === null) return resolve(tenant, config);
  let pending = perRun.get(given);
  if (!pending) {
    pending = resolve(tenant, config);
    perRun.set(given, pending);
    // A failure is not kept for a retried run.
    pending.catch(() => perRun.delete(given));
  }
  return pending;
}

/**
 * A resolver over one context you built: the run's tenant replaces the context's, nothing is read.
 * @example
 * buildGraph(fixedContext({ store, embeddings, profiles, tenant: "default", settings }));
 */
export function fixedContext(base: RunContext): ContextResolver {
  return async (tenant) => (tenant && tenant !== base.tenant ? { ...base, tenant } : base);
}
