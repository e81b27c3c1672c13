import { join, resolve } from "node:path";
import { makeDirectory } from "../storage/make-directory.js";
import { RequestError } from "./validation.js";

/**
 * Folders POST /v1/ingest may read: one list for every tenant, or lists per tenant id with `"*"`
 * for the others. `{tenant}` in a folder stands for the caller's tenant.
 */
export type IngestRoots = string[] | Record<string, string[]>;

/** Marks a folder per tenant in {@link IngestRoots}. */
export const TENANT_PLACEHOLDER = "{tenant}";

/**
 * The roots when none are configured: with auth off, the working directory (one local user);
 * with auth on, a folder per tenant under the server's data folder, so no tenant reads another's.
 * @example
 * defaultIngestRoots({ auth: true, dataDir: ".sourcewise" }); // { "*": [".sourcewise/ingest/{tenant}"] }
 */
export function defaultIngestRoots({ auth, dataDir }: { auth: boolean; dataDir: string }): IngestRoots {
  return auth ? { "*": [join(dataDir, "ingest", TENANT_PLACEHOLDER)] } : [process.cwd()];
}

/** A tenant id usable as one folder name: no separators, not `.` or `..`. */
const SEGMENT = /^(?!\.{1,2}$)[\w.-]{1,200}$/;

/**
 * The absolute roots one tenant may ingest from. A per-tenant folder (`{tenant}`) is created on
 * first use, so an operator sees where to put the tenant's files.
 * @throws RequestError 403 naming `authorization` when the tenant id cannot be a folder name.
 */
export async function rootsForTenant(roots: IngestRoots, tenant: string): Promise<string[]> {
  const list = Array.isArray(roots) ? roots : (roots[tenant] ?? roots["*"] ?? []);
  const out: string[] = [];
  for (const root of list) {
    if (!root.includes(TENANT_PLACEHOLDER)) {
      out.push(resolve(root));
      continue;
    }
    if (!SEGMENT.test(tenant)) throw new RequestError(403, "authorization", "This tenant id cannot name an ingest folder.");
    out.push(await makeDirectory(root.split(TENANT_PLACEHOLDER).join(tenant)));
  }
  return out;
}
