import { existsSync, realpathSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { ingest, type IngestSummary } from "../ingestion/ingest.js";
import type { ChunkOptions } from "../ingestion/chunker.js";
import type { RunContext } from "../context/run-context.js";
import { IngestBodySchema, parseBody, RequestError } from "./validation.js";

/** Ingestion settings the server applies to every POST /v1/ingest. */
export interface IngestDefaults {
  maxFileBytes?: number;
  chunking?: ChunkOptions;
  batchSize?: number;
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

/**
 * Runs one POST /v1/ingest: validates the body, keeps every path under the allowed roots
 * (symlinks resolved, so a link cannot lead out), then ingests into the caller's tenant.
 * @throws RequestError 400 naming `paths` or `source`, before anything is written.
 */
export async function runIngest(
  raw: string,
  { context, tenant, roots, defaults = {} }: { context: RunContext; tenant: string; roots: string[]; defaults?: IngestDefaults },
): Promise<IngestSummary> {
  const body = parseBody(raw, IngestBodySchema);
  if (!context.profiles.some((p) => p.name === body.source)) {
    throw new RequestError(400, "source", `Unknown source "${body.source}"; known: ${context.profiles.map((p) => p.name).join(", ")}.`);
  }
  const allowed = roots.map((r) => realpathSync(resolve(r)));
  const paths = body.paths.map((p) => {
    const full = resolve(allowed[0] ?? process.cwd(), p);
    if (!existsSync(full)) throw new RequestError(400, "paths", `No such file or folder: ${p}.`);
    const real = realpathSync(full);
    if (!allowed.some((root) => inside(root, real))) throw new RequestError(400, "paths", `${p} is outside the folders this server may read.`);
    return real;
  });
  return ingest({
    store: context.store, embeddings: context.embeddings, paths, source: body.source, tenant,
    topics: body.topics, prune: body.prune, ...defaults,
  });
}
