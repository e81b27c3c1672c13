import { realpath } from "node:fs/promises";
import { resolve } from "node:path";
import { isUnder } from "../ingestion/files.js";
import type { IngestOptions } from "../ingestion/ingest.js";
import type { ChunkOptions } from "../ingestion/chunker.js";
import type { RunContext } from "../context/run-context.js";
import { IngestBodySchema, parseBody, RequestError } from "./validation.js";

/** Ingestion settings the server applies to every POST /v1/ingest. */
export interface IngestDefaults {
  maxFileBytes?: number;
  chunking?: ChunkOptions;
  batchSize?: number;
}

/** A validated POST /v1/ingest, ready to run: what `ingest` needs besides the store and models. */
export type IngestRequest = Required<Pick<IngestOptions, "paths" | "source" | "tenant" | "topics" | "prune" | "roots">>;

/**
 * Validates one POST /v1/ingest without touching the store, so a bad request is answered at
 * once rather than after the ingestion running before it. Each path must lie under the tenant's
 * roots, lexically and then with symbolic links resolved. A path outside the roots and a path
 * that does not exist get the same answer, so the reply tells nothing about files elsewhere.
 * @throws RequestError 400 naming `body`, `paths` or `source`.
 * @example
 * const request = await prepareIngest(raw, { profiles, tenant: "acme", roots: ["/srv/ingest/acme"] });
 * await ingest({ store, embeddings, ...request });
 */
export async function prepareIngest(
  raw: string,
  { profiles, tenant, roots }: { profiles: RunContext["profiles"]; tenant: string; roots: string[] },
): Promise<IngestRequest> {
  const body = parseBody(raw, IngestBodySchema);
  if (!profiles.some((p) => p.name === body.source)) {
    throw new RequestError(400, "source", `Unknown source "${body.source}"; known: ${profiles.map((p) => p.name).join(", ")}.`);
  }
  if (roots.length === 0) throw new RequestError(403, "paths", "This server reads no folders for this tenant (server.ingestRoots).");
  const lexical = roots.map((r) => resolve(r));
  const allowed = (await Promise.all(roots.map((r) => realpath(r).catch(() => undefined)))).filter((r): r is string => r !== undefined);
  const paths: string[] = [];
  for (const p of body.paths) {
    const full = resolve(lexical[0]!, p);
    const refused = new RequestError(400, "paths", `${p}: no such file or folder under the folders this server may read.`);
    // The root check comes before any look at the file system, for lexical escapes (`../`, absolute paths).
    if (!lexical.some((root) => isUnder(full, root)) && !allowed.some((root) => isUnder(full, root))) throw refused;
    const real = await realpath(full).catch(() => undefined);
    if (real === undefined || !allowed.some((root) => isUnder(real, root))) throw refused;
    paths.push(real);
  }
  return { paths, source: body.source, tenant, topics: body.topics, prune: body.prune, roots: allowed };
}
