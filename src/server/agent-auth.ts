import { Auth, HTTPException } from "@langchain/langgraph-sdk/auth";
import { loadConfig } from "../config/config.js";
import type { AgentUser } from "../context/run-tenant.js";
import { AuthError, tenantOf } from "./auth.js";

// langgraph.json's `auth.path` points here: LangGraph's Agent Server (`langgraph dev`, Studio)
// runs `authenticate` on every request and hands the user to each run as
// `config.configurable.langgraph_auth_user`, where `runTenant` (src/context/run-tenant.ts) reads it.

let secret: { value: string | undefined } | undefined;

/** `server.jwtSecret` (SOURCEWISE_JWT_SECRET), read on the first request, not at import. */
function jwtSecret(): string | undefined {
  secret ??= { value: loadConfig().server.jwtSecret };
  return secret.value;
}

/**
 * Verifies a request's bearer JWT with the chat server's rules (src/server/auth.ts: HS256,
 * `app_metadata.tenant_id` or `tenant_id`). Without a configured secret, auth is off: every request
 * passes and runs keep their input's tenant (`tenant_id: null`).
 * @throws HTTPException 401 or 403, as the chat server answers.
 */
export async function authenticateAgentRequest(request: Request, configured = jwtSecret()): Promise<AgentUser & { permissions: string[] }> {
  if (!configured) return { identity: "anonymous", permissions: [], tenant_id: null };
  try {
    const tenant = await tenantOf(request.headers.get("authorization") ?? undefined, { secret: configured, defaultTenant: "default" });
    return { identity: `tenant:${tenant}`, permissions: [], tenant_id: tenant };
  } catch (error) {
    if (error instanceof AuthError) throw new HTTPException(error.status, { message: error.message });
    throw error;
  }
}

const tenantOfUser = (user: unknown) => (user as AgentUser).tenant_id ?? null;

/**
 * The Agent Server's auth: tokens verified as by the chat server, threads tagged with and
 * filtered by the caller's tenant (another tenant's thread is not found); under auth, the shared
 * assistants are read-only, and crons and the key-value store are refused (the graph uses neither).
 */
export const auth = new Auth()
  .authenticate((request) => authenticateAgentRequest(request))
  .on("threads", ({ value, user }) => {
    const tenant = tenantOfUser(user);
    if (tenant === null) return;
    if ("metadata" in value) {
      value.metadata ??= {};
      value.metadata.tenant_id = tenant;
    }
    return { tenant_id: tenant };
  })
  // Assistants are shared by every tenant: under auth they may be read, not changed.
  .on("assistants", ({ action, user }) => tenantOfUser(user) === null || action === "read" || action === "search")
  .on(["crons", "store"], ({ user }) => tenantOfUser(user) === null);
