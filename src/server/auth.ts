import { errors, jwtVerify } from "jose";

/** Why a request was refused; the server answers with `status` and this message. */
export class AuthError extends Error {
  constructor(
    readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
    this.name = "AuthError";
  }
}

/** How requests map to tenants. */
export interface AuthOptions {
  /** HS256 secret; without one auth is off and every request uses `defaultTenant`. */
  secret?: string;
  /** Tenant of unauthenticated requests when auth is off. */
  defaultTenant: string;
}

/**
 * The tenant of a request: the `app_metadata.tenant_id` claim of its bearer JWT (HS256) when auth
 * is on — the claim the RLS policies read, which only a service role can set in Supabase — or a
 * top-level `tenant_id` for tokens minted by your own backend; else the default tenant.
 * @throws AuthError 401 when the token is missing, malformed, expired or badly signed; 403 when it names no tenant.
 * @example
 * const tenant = await tenantOf(req.headers.authorization, { secret, defaultTenant: "default" });
 */
export async function tenantOf(authorization: string | undefined, { secret, defaultTenant }: AuthOptions): Promise<string> {
  if (!secret) return defaultTenant;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match?.[1]) throw new AuthError(401, "A bearer token is required (Authorization: Bearer <jwt>).");
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(match[1], new TextEncoder().encode(secret), { algorithms: ["HS256"] }));
  } catch (error) {
    const why = error instanceof errors.JWTExpired ? "the token has expired" : "the token is invalid";
    throw new AuthError(401, `Unauthorized: ${why}.`);
  }
  const appMetadata = payload.app_metadata as Record<string, unknown> | undefined;
  const tenant = appMetadata?.tenant_id ?? payload.tenant_id;
  // Not "." or "..": a tenant id also names its ingest folder.
  if (typeof tenant !== "string" || !/^(?!\.{1,2}$)[\w.-]{1,200}$/.test(tenant)) {
    throw new AuthError(403, "The token carries no valid tenant_id claim.");
  }
  return tenant;
}
