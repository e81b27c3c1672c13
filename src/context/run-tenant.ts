import { SourcewiseError } from "../errors.js";

/**
 * The user LangGraph's Agent Server (`langgraph dev`, Studio) puts in
 * `config.configurable.langgraph_auth_user` when langgraph.json names an auth module
 * (src/server/agent-auth.ts): `tenant_id` is the verified token's tenant, `null` when auth is off.
 */
export interface AgentUser {
  identity: string;
  tenant_id?: string | null;
}

/**
 * The tenant a graph run reads and writes. Under Agent Server auth it is the verified token's
 * tenant, whatever the input's `tenant` says (an input naming another tenant is ignored); with
 * auth off, or outside the Agent Server (the chat server, the CLI, `createGraph`), the input's.
 * @throws SourcewiseError `tenant_refused` for an Agent Server user that carries no tenant decision
 * (e.g. Studio's built-in user while `auth.disable_studio_auth` is false).
 * @example
 * runTenant("globex", { configurable: { langgraph_auth_user: { identity: "tenant:acme", tenant_id: "acme" } } }); // "acme"
 */
export function runTenant(inputTenant: string | undefined, config?: { configurable?: Record<string, unknown> }): string | undefined {
  const user = config?.configurable?.langgraph_auth_user as AgentUser | undefined;
  if (user === undefined) return inputTenant;
  if (typeof user.tenant_id === "string") return user.tenant_id;
  if (user.tenant_id === null) return inputTenant;
  throw new SourcewiseError("tenant_refused", `The Agent Server user "${user.identity}" carries no tenant.`, {
    hint: 'Keep "disable_studio_auth": true in langgraph.json, so every request goes through src/server/agent-auth.ts.',
    data: { identity: user.identity },
  });
}
