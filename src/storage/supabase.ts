import { DEFAULT_FUSION } from "../config/run-settings.js";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { decodeJwt } from "jose";
import WebSocket from "ws";
import { SourcewiseError } from "../errors.js";
import type { SqlClient } from "./sql-client.js";
import {
  DEFAULT_TENANT,
  SqlStore,
  toDocumentRef,
  toHit,
  toHybridCandidate,
  toStoreStats,
  toTermPresence,
  type DocumentRow,
  type HitRow,
  type HybridCandidateRow,
  type StatsRow,
  type TermPresence,
  type TermPresenceRow,
  writtenPairs,
  type WrittenRow,
} from "./store.js";
import { fromTenantConfigRow, type TenantConfig, type TenantConfigRow } from "./tenant-config.js";
import type { Bm25Params, ChunkHit, DocumentRef, FusionParams, HybridCandidate, SearchFilters, StoreStats } from "./types.js";
import { toVectorLiteral } from "./vector.js";

export interface OpenSupabaseOptions {
  /** The project URL (`SUPABASE_URL`), e.g. `https://xyz.supabase.co`. */
  url: string;
  /** The public anon (publishable) key (`SUPABASE_ANON_KEY`). Never the service-role key. */
  anonKey: string;
  /** The end user's JWT (`SOURCEWISE_USER_JWT`): row-level security scopes every read to its tenant. */
  accessToken: string;
  /**
   * Where writes (ingestion, tenant config) go: a server-side SQL client, e.g. `pgClient` over
   * the project's `DATABASE_URL` as the table owner. Without one the store is read-only.
   */
  server?: SqlClient;
}

function refuseServiceRole(what: string, token: string): void {
  let role: unknown;
  try {
    role = decodeJwt(token).role;
  } catch {
    role = undefined;
  }
  if (role === "service_role" || token.startsWith("sb_secret_")) {
    throw new SourcewiseError("supabase_service_role", `The Supabase ${what} is a service-role key, which bypasses row-level security.`, {
      hint: "Pass the anon key and the end user's JWT; ingest through DATABASE_URL on the server instead.",
      data: { what },
    });
  }
}

/** A client for writes when no server connection was given: says how to get one. */
function readOnlyClient(): SqlClient {
  const fail = async (): Promise<never> => {
    throw new SourcewiseError(
      "supabase_read_only",
      "This Supabase store only reads: it holds an end user's JWT, not a server connection.",
      {
        hint: "Ingest on the server with SOURCEWISE_STORE=postgres and DATABASE_URL (the project's Postgres connection string), or pass `server` to openSupabaseStore.",
      },
    );
  };
  return { query: fail, exec: fail, transaction: fail, close: async () => {} };
}

function filterArgs(f: SearchFilters = {}) {
  return {
    p_tenant: f.tenant ?? DEFAULT_TENANT,
    p_sources: f.sources ?? null,
    p_topics: f.topics ?? null,
    p_document_ids: f.documentIds ?? null,
    p_min_score: f.minScore ?? null,
  };
}

function bm25Args(p: Bm25Params = {}) {
  return {
    p_k1: p.k1 ?? 0.9,
    p_b: p.b ?? 0.4,
    p_w_title: p.titleWeight ?? 1,
    p_w_section: p.sectionWeight ?? 1,
    p_w_body: p.bodyWeight ?? 1,
  };
}

/**
 * The store on Supabase. Every read calls the same SQL functions as the other stores, as
 * PostgREST RPCs carrying the end user's JWT, so row-level security (tenant claim
 * `app_metadata.tenant_id`) applies to each of them. Writes are inherited from {@link SqlStore}
 * and go to the server-side client, because ingestion writes statistics rows RLS keeps from users;
 * with that client, ingestion's document list is read there too (see {@link listDocuments}).
 */
export class SupabaseStore extends SqlStore {
  private readonly hasServer: boolean;

  constructor(
    readonly supabase: SupabaseClient,
    server?: SqlClient,
  ) {
    super(server ?? readOnlyClient());
    this.hasServer = server !== undefined;
  }

  private async rpc<T>(fn: string, args: Record<string, unknown>): Promise<T> {
    const { data, error } = await this.supabase.rpc(fn, args);
    if (error) {
      throw new SourcewiseError("supabase_rpc_failed", `Supabase RPC ${fn} failed: ${error.message}`, {
        hint: "Check that supabase/migrations were pushed (`supabase db push`) and that the user's JWT is valid and carries app_metadata.tenant_id.",
        data: { fn, code: error.code },
      });
    }
    return data as T;
  }

  override migrate(): Promise<string[]> {
    throw new SourcewiseError("supabase_migrate", "A Supabase store does not migrate itself.", {
      hint: "Apply supabase/migrations with the Supabase CLI: `supabase db push`.",
    });
  }

  override async indexedEmbedding(): Promise<{ model: string; dimension: number } | null> {
    const rows = await this.rpc<{ embedding_model: string; embedding_dimension: number }[]>("sw_get_index_meta", {});
    const r = rows[0];
    return r ? { model: r.embedding_model, dimension: r.embedding_dimension } : null;
  }

  override async matchBm25(query: string, opts: { limit?: number; filters?: SearchFilters; bm25?: Bm25Params } = {}): Promise<ChunkHit[]> {
    const rows = await this.rpc<HitRow[]>("sw_match_bm25", {
      p_query: query,
      p_match_count: opts.limit ?? 10,
      ...filterArgs(opts.filters),
      ...bm25Args(opts.bm25),
    });
    return rows.map(toHit);
  }

  override async matchVector(embedding: number[], opts: { limit?: number; filters?: SearchFilters } = {}): Promise<ChunkHit[]> {
    const rows = await this.rpc<HitRow[]>("sw_match_vector", {
      p_query_embedding: toVectorLiteral(embedding),
      p_match_count: opts.limit ?? 10,
      ...filterArgs(opts.filters),
    });
    return rows.map(toHit);
  }

  override async vectorIds(embedding: number[], opts: { candidates?: number; filters?: SearchFilters } = {}): Promise<string[]> {
    const { p_min_score: _min, ...filters } = filterArgs(opts.filters);
    const ids = await this.rpc<string[] | null>("sw_vector_ids", {
      p_query_embedding: toVectorLiteral(embedding),
      p_candidates: opts.candidates ?? 100,
      ...filters,
    });
    return ids ?? [];
  }

  override async matchHybrid(
    query: string,
    embedding: number[] | null,
    opts: { limit?: number; filters?: SearchFilters; bm25?: Bm25Params; fusion?: FusionParams; vectorIds?: readonly string[] } = {},
  ): Promise<ChunkHit[]> {
    const f = opts.fusion ?? {};
    const rows = await this.rpc<HitRow[]>("sw_match_hybrid", {
      p_query: query,
      p_query_embedding: embedding ? toVectorLiteral(embedding) : null,
      p_match_count: opts.limit ?? 10,
      ...filterArgs(opts.filters),
      p_w_lexical: f.lexicalWeight ?? DEFAULT_FUSION.lexical,
      p_w_vector: f.vectorWeight ?? DEFAULT_FUSION.vector,
      p_w_exact: f.exactWeight ?? DEFAULT_FUSION.exact,
      p_exact_terms: f.exactTerms ?? null,
      p_fusion: f.fusion ?? "minmax",
      p_candidates: f.candidates ?? 100,
      p_rrf_k: f.rrfK ?? 60,
      ...bm25Args(opts.bm25),
      ...(opts.vectorIds ? { p_vector_ids: [...opts.vectorIds] } : {}),
    });
    return rows.map(toHit);
  }

  override async hybridCandidates(
    query: string,
    embedding: number[] | null,
    opts: {
      filters?: SearchFilters;
      bm25?: Bm25Params;
      fusion?: Pick<FusionParams, "exactTerms" | "candidates">;
      vectorIds?: readonly string[];
    } = {},
  ): Promise<HybridCandidate[]> {
    const { p_tenant, p_sources, p_topics, p_document_ids } = filterArgs(opts.filters);
    const rows = await this.rpc<HybridCandidateRow[]>("sw_hybrid_candidates", {
      p_query: query,
      p_query_embedding: embedding ? toVectorLiteral(embedding) : null,
      p_tenant,
      p_sources,
      p_topics,
      p_document_ids,
      p_exact_terms: opts.fusion?.exactTerms ?? null,
      p_candidates: opts.fusion?.candidates ?? 100,
      ...bm25Args(opts.bm25),
      ...(opts.vectorIds ? { p_vector_ids: [...opts.vectorIds] } : {}),
    });
    return rows.map(toHybridCandidate);
  }

  override async matchAliases(names: readonly string[], opts: { limit?: number; filters?: SearchFilters } = {}): Promise<ChunkHit[]> {
    if (names.length === 0) return [];
    const { p_min_score: _min, ...filters } = filterArgs(opts.filters);
    const rows = await this.rpc<HitRow[]>("sw_match_aliases", { p_names: [...names], p_match_count: opts.limit ?? 10, ...filters });
    return rows.map(toHit);
  }

  override async getChunks(tenant: string, ids: string[]): Promise<ChunkHit[]> {
    if (ids.length === 0) return [];
    return (await this.rpc<HitRow[]>("sw_get_chunks", { p_tenant: tenant, p_ids: ids, p_document_id: null })).map(toHit);
  }

  override async getDocumentChunks(tenant: string, documentId: string): Promise<ChunkHit[]> {
    return (await this.rpc<HitRow[]>("sw_get_chunks", { p_tenant: tenant, p_ids: null, p_document_id: documentId })).map(toHit);
  }

  override async tenantConfig(tenant: string): Promise<TenantConfig | null> {
    const rows = await this.rpc<TenantConfigRow[]>("sw_get_tenant_config", { p_tenant: tenant });
    return rows[0] ? fromTenantConfigRow(rows[0]) : null;
  }

  override async tenantGeneration(tenant: string): Promise<string> {
    return String((await this.rpc<unknown>("sw_get_tenant_generation", { p_tenant: tenant })) ?? "0");
  }

  /**
   * Over the server connection when there is one: ingestion diffs and prunes against this list,
   * so it must see what its writes will replace. Else as an RPC, within the JWT's tenant.
   */
  override async listDocuments({ tenant = DEFAULT_TENANT, source }: { tenant?: string; source?: string } = {}): Promise<DocumentRef[]> {
    if (this.hasServer) return super.listDocuments({ tenant, source });
    return (await this.rpc<DocumentRow[]>("sw_list_documents", { p_tenant: tenant, p_source: source ?? null })).map(toDocumentRef);
  }

  override async indexedSources(tenant = DEFAULT_TENANT): Promise<string[]> {
    if (this.hasServer) return super.indexedSources(tenant);
    return [...new Set((await this.listDocuments({ tenant })).map((d) => d.source))].sort();
  }

  override async termPresence(tenant: string, phrases: readonly string[]): Promise<TermPresence[]> {
    if (phrases.length === 0) return [];
    return (await this.rpc<TermPresenceRow[]>("sw_term_presence", { p_tenant: tenant, p_phrases: [...phrases] })).map(toTermPresence);
  }

  override async writtenTogether(tenant: string, pairs: readonly (readonly [string, string])[]): Promise<boolean[]> {
    return writtenPairs(pairs, (first, second) =>
      this.rpc<WrittenRow[]>("sw_written_together", { p_tenant: tenant, p_first: first, p_second: second }),
    );
  }

  override async termDf(tenant: string, phrases: readonly string[]): Promise<{ phrase: string; minDf: number }[]> {
    if (phrases.length === 0) return [];
    const rows = await this.rpc<{ phrase: string; min_df: number | string }[]>("sw_term_df", { p_tenant: tenant, p_phrases: [...phrases] });
    return rows.map((r) => ({ phrase: r.phrase, minDf: Number(r.min_df) }));
  }

  override async abbreviations(tenant: string, limit = 5000): Promise<{ abbr: string; expansion: string; documents: number }[]> {
    return this.rpc<{ abbr: string; expansion: string; documents: number }[]>("sw_list_abbreviations", {
      p_tenant: tenant,
      p_limit: limit,
    });
  }

  /** Not kept for Supabase (its table is server-only and end users' requests go through RPCs): each process weighs the map once. */
  override async savedMinedSynonyms(): Promise<Record<string, string[]> | null> {
    return null;
  }

  override async saveMinedSynonyms(): Promise<void> {}

  override async stats(tenant = DEFAULT_TENANT): Promise<StoreStats> {
    const [rows, embedding] = await Promise.all([this.rpc<StatsRow[]>("sw_stats", { p_tenant: tenant }), this.indexedEmbedding()]);
    return toStoreStats(rows[0], embedding);
  }

  override async close(): Promise<void> {
    await this.supabase.removeAllChannels();
    await super.close();
  }
}

/**
 * Opens the Supabase store for one end user. Refuses a service-role key: it would bypass
 * row-level security and let a forged `p_tenant` read another tenant's rows.
 * @example
 * const store = openSupabaseStore({ url: process.env.SUPABASE_URL!, anonKey, accessToken: userJwt });
 */
export function openSupabaseStore({ url, anonKey, accessToken, server }: OpenSupabaseOptions): SupabaseStore {
  refuseServiceRole("anon key", anonKey);
  refuseServiceRole("access token", accessToken);
  const supabase = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
    // Node 20 has no global WebSocket; supabase-js builds its realtime client eagerly.
    realtime: { transport: WebSocket as never },
  });
  return new SupabaseStore(supabase, server);
}
