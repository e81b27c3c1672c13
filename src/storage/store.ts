import { DEFAULT_FUSION } from "../config/run-settings.js";
import { EmbeddingMismatchError } from "../errors.js";
import { ensureEmbeddingDimension } from "./embedding-column.js";
import { migrate } from "./migrate.js";
import { refreshPlannerStatistics, type RefreshStatisticsOptions } from "./planner-statistics.js";
import type { SqlClient } from "./sql-client.js";
import { SqlEmbeddingCache } from "./embedding-cache.js";
import { readReindexState } from "./reindex-state.js";
import { fromTenantConfigRow, type TenantConfig, type TenantConfigRow } from "./tenant-config.js";
import { uuid7 } from "./uuid7.js";
import { toVectorLiteral } from "./vector.js";
import type {
  Bm25Params,
  ChunkHit,
  DocumentInput,
  DocumentRef,
  FusionParams,
  HybridCandidate,
  SearchFilters,
  StoreStats,
} from "./types.js";

export const DEFAULT_TENANT = "default";

/** Postgres text and jsonb refuse NUL characters; PDFs and binary-ish text do contain them. */
const stripNul = (s: string) => (s.includes("\u0000") ? s.replaceAll("\u0000", "") : s);

const HIT_COLUMNS = `id, document_id, parent_id, source, uri, doc_title, section_title, section_path,
  page_start, page_end, chunk_index, kind, token_count, topics, content, metadata,
  score, lexical_score, vector_score, exact_score, lexical_rank, vector_rank`;

/** A row of the match functions, as SQL (or PostgREST JSON) returns it. @internal */
export type HitRow = {
  id: string;
  document_id: string;
  parent_id: string | null;
  source: string;
  uri: string;
  doc_title: string;
  section_title: string | null;
  section_path: string[];
  page_start: number | null;
  page_end: number | null;
  chunk_index: number;
  kind: "section" | "chunk";
  token_count: number;
  topics: string[];
  content: string;
  metadata: Record<string, unknown>;
  score: number | null;
  lexical_score: number | null;
  vector_score: number | null;
  exact_score: number | null;
  lexical_rank: number | null;
  vector_rank: number | null;
};

/** Maps a row of the match functions (SQL or RPC JSON) to a {@link ChunkHit}. @internal */
export function toHit(r: HitRow): ChunkHit {
  return {
    id: r.id,
    documentId: r.document_id,
    parentId: r.parent_id,
    source: r.source,
    uri: r.uri,
    docTitle: r.doc_title,
    sectionTitle: r.section_title,
    sectionPath: r.section_path ?? [],
    pageStart: r.page_start,
    pageEnd: r.page_end,
    chunkIndex: r.chunk_index,
    kind: r.kind,
    tokenCount: r.token_count,
    topics: r.topics ?? [],
    content: r.content,
    metadata: r.metadata ?? {},
    score: r.score ?? 0,
    lexicalScore: r.lexical_score,
    vectorScore: r.vector_score,
    exactScore: r.exact_score,
    lexicalRank: r.lexical_rank,
    vectorRank: r.vector_rank,
  };
}

/** A row of `sw_hybrid_candidates`. @internal */
export type HybridCandidateRow = {
  chunk_id: string;
  lexical_score: number;
  vector_score: number | null;
  exact_score: number;
  lexical_rank: number | null;
  vector_rank: number | null;
};

/** Maps a row of `sw_hybrid_candidates` (SQL or RPC JSON) to a {@link HybridCandidate}. @internal */
export function toHybridCandidate(r: HybridCandidateRow): HybridCandidate {
  return {
    id: r.chunk_id,
    lexicalScore: r.lexical_score,
    vectorScore: r.vector_score,
    exactScore: r.exact_score,
    lexicalRank: r.lexical_rank,
    vectorRank: r.vector_rank,
  };
}

/** A row of `sw_list_documents`. @internal */
export type DocumentRow = { id: string; tenant_id: string; source: string; uri: string; content_hash: string };

/** Maps a row of `sw_list_documents` (SQL or RPC JSON) to a {@link DocumentRef}. @internal */
export function toDocumentRef(r: DocumentRow): DocumentRef {
  return { id: r.id, tenant: r.tenant_id, source: r.source, uri: r.uri, contentHash: r.content_hash };
}

/** The one row of `sw_stats`. @internal */
export type StatsRow = {
  documents: number;
  sections: number;
  chunks: number;
  searchable: number;
  terms: number;
  by_source: StoreStats["bySource"] | null;
  awaiting_embeddings?: number | null;
};

/** A searchable row stored without its vector yet. */
export type PendingEmbeddingRow = { id: string; doc_title: string; section_title: string | null; content: string };

/** Maps the row of `sw_stats` (SQL or RPC JSON) and the index's model to {@link StoreStats}. @internal */
export function toStoreStats(r: StatsRow | undefined, embedding: StoreStats["embedding"]): StoreStats {
  return {
    documents: r?.documents ?? 0,
    sections: r?.sections ?? 0,
    chunks: r?.chunks ?? 0,
    searchable: r?.searchable ?? 0,
    bySource: r?.by_source ?? [],
    embedding,
    terms: r?.terms ?? 0,
    awaitingEmbeddings: r?.awaiting_embeddings ?? 0,
  };
}

function filterArgs(f: SearchFilters = {}) {
  return [f.tenant ?? DEFAULT_TENANT, f.sources ?? null, f.topics ?? null, f.documentIds ?? null, f.minScore ?? null];
}

function bm25Args(p: Bm25Params = {}) {
  return [p.k1 ?? 0.9, p.b ?? 0.4, p.titleWeight ?? 1, p.sectionWeight ?? 1, p.bodyWeight ?? 1];
}

/**
 * A name of two or more capitalised words (`Quick Share`, `Wi-Fi Direct`): `sw_term_presence`
 * looks for its words as written, in order, not for their stems (`quickly share`).
 */
export const NAME_OF_WORDS = /^[A-Z0-9][A-Za-z0-9]*(?:[ -]+[A-Z0-9][A-Za-z0-9]*)+$/;

/**
 * How `sw_term_presence` finds a name of capitalised words in text: its words in order, case
 * folded, whole, with only spaces or hyphens between them, each with or without a plural ending.
 * @example
 * namePattern("Galaxy Watches").test("pair a galaxy watch"); // true
 * namePattern("Quick Share").test("quickly share"); // false
 */
export function namePattern(name: string): RegExp {
  const words = name.split(/[ -]+/).map((w) => `${w.replace(/(?<=ch|sh|x|z|ss)es$|(?<=[^s])s$/i, "")}(?:e?s)?`);
  return new RegExp(`\\b${words.join("[\\s-]+")}\\b`, "i");
}

/** One phrase's presence in a tenant's corpus ({@link SqlStore.termPresence}). */
export interface TermPresence {
  phrase: string;
  /** Its english lexemes, as the BM25 statistics store terms; empty for stop words only. */
  lexemes: string[];
  /** The smallest document frequency among the lexemes: 0 when one of them is in no chunk. */
  minDf: number;
  /** For a phrase of several lexemes, whether a chunk holds them as a phrase; null for one lexeme. */
  phraseFound: boolean | null;
  /** Whether the tenant has any indexed term: with none, the statistics say nothing about a phrase. */
  indexed: boolean;
}

export type TermPresenceRow = {
  phrase: string;
  lexemes: string[] | null;
  min_df: number | string;
  phrase_found: boolean | null;
  indexed: boolean;
};

/** A `sw_written_together` row: the pair's place (1-based) and whether one chunk writes both runs. */
export interface WrittenRow {
  ord: number | string;
  found: boolean;
}

/**
 * {@link SqlStore.writtenTogether}'s answer from `ask` (one statement for every pair of plain runs:
 * words of letters and underscores; any other run is never written), in the pairs' order.
 */
export async function writtenPairs(
  pairs: readonly (readonly [string, string])[],
  ask: (first: string[], second: string[]) => Promise<WrittenRow[]>,
): Promise<boolean[]> {
  const plain = (run: string) => /^[A-Za-z_]+(?: [A-Za-z_]+)*$/.test(run);
  const asked = pairs.filter(([a, b]) => plain(a) && plain(b));
  if (asked.length === 0) return pairs.map(() => false);
  const rows = await ask(
    asked.map((p) => p[0]),
    asked.map((p) => p[1]),
  );
  const found = new Map(asked.map((p, i) => [p, rows.find((r) => Number(r.ord) === i + 1)?.found === true]));
  return pairs.map((p) => found.get(p) ?? false);
}

/** A `sw_term_presence` row as {@link TermPresence}. */
export function toTermPresence(r: TermPresenceRow): TermPresence {
  return { phrase: r.phrase, lexemes: r.lexemes ?? [], minDf: Number(r.min_df), phraseFound: r.phrase_found, indexed: r.indexed };
}

/**
 * The store over any Postgres engine that speaks {@link SqlClient}: PGlite embedded, or a server.
 * Writes are per batch of whole documents in one transaction; reads go through the SQL functions
 * in `supabase/migrations`, so the SQL that ranks is the same everywhere.
 */
export class SqlStore {
  constructor(readonly client: SqlClient) {}

  /** Applies pending migrations. */
  migrate(): Promise<string[]> {
    return migrate(this.client);
  }

  /** The embedding model and dimension the index was built with, if any. */
  async indexedEmbedding(): Promise<{ model: string; dimension: number } | null> {
    const { rows } = await this.client.query<{ embedding_model: string; embedding_dimension: number }>(
      "select embedding_model, embedding_dimension from sw_index_meta",
    );
    const r = rows[0];
    return r ? { model: r.embedding_model, dimension: r.embedding_dimension } : null;
  }

  /**
   * Checks that `model` may read or write this index. On an index without vectors it records the
   * model and, if needed, resizes the embedding column (a recorded runtime migration, see
   * `embeddingDimensionMigration`). With `forWrite: false` nothing is written.
   * @throws EmbeddingMismatchError when the index holds vectors of another model or dimension, or
   * a reindex is under way (the index takes its target only when it finishes).
   */
  async useEmbedding(model: string, dimension: number, { forWrite = true } = {}): Promise<void> {
    const indexed = await this.indexedEmbedding();
    if (indexed && indexed.model === model && indexed.dimension === dimension) return;
    const { rows } = await this.client.query<{ n: number }>("select count(*)::int as n from chunks where embedding is not null");
    const embedded = rows[0]?.n ?? 0;
    const pending = indexed ? (await readReindexState(this.client))?.target : undefined;
    if (indexed && (embedded > 0 || pending)) {
      throw new EmbeddingMismatchError({ indexed, configured: { model, dimension }, pending });
    }
    if (!forWrite) return;
    await this.client.transaction(async (tx) => {
      // Another process may have claimed the index for another model since the check above.
      const meta = await tx.query<{ embedding_model: string; embedding_dimension: number }>(
        "select embedding_model, embedding_dimension from sw_index_meta for update",
      );
      const now = meta.rows[0];
      if (now && (now.embedding_model !== model || now.embedding_dimension !== dimension)) {
        const used = await tx.query<{ n: number }>("select count(*)::int as n from chunks where embedding is not null");
        if (!indexed || (used.rows[0]?.n ?? 0) > 0) {
          throw new EmbeddingMismatchError({
            indexed: { model: now.embedding_model, dimension: now.embedding_dimension },
            configured: { model, dimension },
          });
        }
      }
      await ensureEmbeddingDimension(tx, model, dimension);
      await tx.query(
        `insert into sw_index_meta (id, embedding_model, embedding_dimension) values (true, $1, $2)
         on conflict (id) do update set embedding_model = $1, embedding_dimension = $2, updated_at = now()`,
        [model, dimension],
      );
    });
  }

  /** Stored documents of a tenant (and source), for incremental ingestion and pruning (`sw_list_documents`). */
  async listDocuments({ tenant = DEFAULT_TENANT, source }: { tenant?: string; source?: string } = {}): Promise<DocumentRef[]> {
    const { rows } = await this.client.query<DocumentRow>(
      "select id, tenant_id, source, uri, content_hash from sw_list_documents($1, $2)",
      [tenant, source ?? null],
    );
    return rows.map(toDocumentRef);
  }

  /**
   * The sources the tenant has at least one document in, in name order: one index probe per
   * source (a loose scan of the documents' unique key), where listing the documents reads them all.
   */
  async indexedSources(tenant = DEFAULT_TENANT): Promise<string[]> {
    const { rows } = await this.client.query<{ source: string }>(
      `with recursive s(source) as (
         (select d.source from documents d where d.tenant_id = $1 order by d.source limit 1)
         union all
         select (select d.source from documents d where d.tenant_id = $1 and d.source > s.source order by d.source limit 1)
         from s where s.source is not null)
       select source from s where source is not null`,
      [tenant],
    );
    return rows.map((r) => r.source);
  }

  /**
   * Writes whole documents in one transaction, replacing any stored document with the same
   * (tenant, source, uri). A failure leaves every document as it was.
   */
  async writeDocuments(docs: DocumentInput[]): Promise<{ uri: string; id: string; replaced: boolean }[]> {
    if (docs.length === 0) return [];
    return this.client.transaction(async (tx) => {
      const keys = docs.map((d) => ({ tenant: d.tenant, source: d.source, uri: d.uri }));
      const removed = await tx.query<{ tenant_id: string; source: string; uri: string }>(
        `delete from documents d using jsonb_to_recordset($1::jsonb) as k(tenant text, source text, uri text)
         where d.tenant_id = k.tenant and d.source = k.source and d.uri = k.uri
         returning d.tenant_id, d.source, d.uri`,
        [JSON.stringify(keys)],
      );
      const replacedKeys = new Set(removed.rows.map((r) => `${r.tenant_id}\u0001${r.source}\u0001${r.uri}`));
      // Time-ordered ids: the rows (and their postings, keyed by chunk id) append to their indexes.
      const docRows = docs.map((d) => ({
        id: uuid7(),
        tenant: d.tenant,
        source: d.source,
        uri: d.uri,
        title: stripNul(d.title),
        format: d.format,
        content_hash: d.contentHash,
        topics: d.topics,
        metadata: d.metadata,
      }));
      await tx.query(
        `insert into documents (id, tenant_id, source, uri, title, format, content_hash, topics, metadata)
         select id, tenant, source, uri, title, format, content_hash, topics, metadata
         from jsonb_to_recordset($1::jsonb) as x(id uuid, tenant text, source text, uri text, title text,
           format text, content_hash text, topics text[], metadata jsonb)`,
        [JSON.stringify(docRows)],
      );
      const chunkRows = docs.flatMap((d, i) => {
        const docId = docRows[i]!.id;
        const ids = new Map(d.chunks.map((c) => [c.chunkIndex, uuid7()]));
        return d.chunks.map((c) => ({
          id: ids.get(c.chunkIndex),
          document_id: docId,
          tenant_id: d.tenant,
          source: d.source,
          parent_id: c.parentIndex === null ? null : (ids.get(c.parentIndex) ?? null),
          kind: c.kind,
          searchable: c.searchable,
          chunk_index: c.chunkIndex,
          doc_title: stripNul(d.title),
          section_title: c.sectionTitle === null ? null : stripNul(c.sectionTitle),
          section_path: c.sectionPath.map(stripNul),
          page_start: c.pageStart,
          page_end: c.pageEnd,
          topics: d.topics,
          token_count: c.tokenCount,
          content: stripNul(c.content),
          metadata: c.metadata,
          embedding: c.embedding ? toVectorLiteral(c.embedding) : null,
        }));
      });
      if (chunkRows.length > 0) {
        await tx.query(
          `insert into chunks (id, document_id, tenant_id, source, parent_id, kind, searchable, chunk_index,
             doc_title, section_title, section_path, page_start, page_end, topics, token_count, content,
             metadata, embedding)
           select id, document_id, tenant_id, source, parent_id, kind, searchable, chunk_index, doc_title,
             section_title, section_path, page_start, page_end, topics, token_count, content, metadata,
             embedding::vector
           from jsonb_to_recordset($1::jsonb) as x(id uuid, document_id uuid, tenant_id text, source text,
             parent_id uuid, kind text, searchable boolean, chunk_index int, doc_title text, section_title text,
             section_path text[], page_start int, page_end int, topics text[], token_count int, content text,
             metadata jsonb, embedding text)`,
          [JSON.stringify(chunkRows)],
        );
      }
      return docRows.map((d) => ({
        uri: d.uri,
        id: d.id,
        replaced: replacedKeys.has(`${d.tenant}\u0001${d.source}\u0001${d.uri}`),
      }));
    });
  }

  /**
   * Searchable rows of a tenant still without a vector (written lexical-first), in id order after
   * `afterId`: what {@link fillEmbeddings} embeds next.
   */
  async rowsAwaitingEmbedding(tenant: string, afterId: string | null, limit: number): Promise<PendingEmbeddingRow[]> {
    const { rows } = await this.client.query<PendingEmbeddingRow>(
      `select id::text, doc_title, section_title, content from chunks
       where tenant_id = $1 and searchable and embedding is null and ($2::uuid is null or id > $2::uuid)
       order by id limit $3`,
      [tenant, afterId, limit],
    );
    return rows;
  }

  /**
   * Stores vectors of rows awaiting them, in one statement, only while `model` is still the
   * index's model (a reindex that finished meanwhile, or another model, leaves them alone).
   * @returns how many rows took a vector.
   */
  async storeEmbeddings(model: { model: string; dimension: number }, batch: { id: string; embedding: number[] }[]): Promise<number> {
    if (batch.length === 0) return 0;
    const { rows } = await this.client.query<{ id: string }>(
      `update chunks c set embedding = x.embedding::vector
       from jsonb_to_recordset($1::jsonb) as x(id uuid, embedding text)
       where c.id = x.id and c.embedding is null
         and exists (select 1 from sw_index_meta m where m.embedding_model = $2 and m.embedding_dimension = $3)
       returning c.id`,
      [JSON.stringify(batch.map((b) => ({ id: b.id, embedding: toVectorLiteral(b.embedding) }))), model.model, model.dimension],
    );
    return rows.length;
  }

  /** Deletes documents (and their chunks and statistics) of one tenant. @returns how many went. */
  async deleteDocuments(tenant: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const { rows } = await this.client.query<{ id: string }>(
      "delete from documents where tenant_id = $1 and id = any($2::uuid[]) returning id",
      [tenant, ids],
    );
    return rows.length;
  }

  /** Okapi BM25 ranking computed in SQL (`sw_match_bm25`). */
  async matchBm25(query: string, opts: { limit?: number; filters?: SearchFilters; bm25?: Bm25Params } = {}): Promise<ChunkHit[]> {
    const { rows } = await this.client.query<HitRow>(
      `select ${HIT_COLUMNS} from sw_match_bm25($1, $2, $3, $4, $5, $6::uuid[], $7, $8, $9, $10, $11, $12)`,
      [query, opts.limit ?? 10, ...filterArgs(opts.filters), ...bm25Args(opts.bm25)],
    );
    return rows.map(toHit);
  }

  /** Cosine similarity ranking (`sw_match_vector`). */
  async matchVector(embedding: number[], opts: { limit?: number; filters?: SearchFilters } = {}): Promise<ChunkHit[]> {
    const { rows } = await this.client.query<HitRow>(
      `select ${HIT_COLUMNS} from sw_match_vector($1::vector, $2, $3, $4, $5, $6::uuid[], $7)`,
      [toVectorLiteral(embedding), opts.limit ?? 10, ...filterArgs(opts.filters)],
    );
    return rows.map(toHit);
  }

  /**
   * The vector side of the hybrid alone (`sw_vector_ids`): the ids of the `candidates` chunks
   * nearest to `embedding` under the filters, nearest first. Passed back to {@link matchHybrid}
   * as `vectorIds`, they spare it the search (a broadened round reuses its first round's).
   */
  async vectorIds(embedding: number[], opts: { candidates?: number; filters?: SearchFilters } = {}): Promise<string[]> {
    const [tenant, sources, topics, documentIds] = filterArgs(opts.filters);
    const { rows } = await this.client.query<{ ids: string[] | null }>(
      "select sw_vector_ids($1::vector, $2, $3, $4, $5, $6::uuid[]) as ids",
      [toVectorLiteral(embedding), opts.candidates ?? 100, tenant, sources, topics, documentIds],
    );
    return rows[0]?.ids ?? [];
  }

  /**
   * The one-statement hybrid (`sw_match_hybrid`). A null embedding makes it lexical + exact only.
   * `vectorIds` (from {@link vectorIds}, same embedding, filters and candidate count) stand for its
   * vector search.
   */
  async matchHybrid(
    query: string,
    embedding: number[] | null,
    opts: { limit?: number; filters?: SearchFilters; bm25?: Bm25Params; fusion?: FusionParams; vectorIds?: readonly string[] } = {},
  ): Promise<ChunkHit[]> {
    const f = opts.fusion ?? {};
    const { rows } = await this.client.query<HitRow>(
      `select ${HIT_COLUMNS} from sw_match_hybrid($1, $2::vector, $3, $4, $5, $6, $7::uuid[], $8,
         $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21::uuid[])`,
      [
        query,
        embedding ? toVectorLiteral(embedding) : null,
        opts.limit ?? 10,
        ...filterArgs(opts.filters),
        f.lexicalWeight ?? DEFAULT_FUSION.lexical,
        f.vectorWeight ?? DEFAULT_FUSION.vector,
        f.exactWeight ?? DEFAULT_FUSION.exact,
        f.exactTerms ?? null,
        f.fusion ?? "minmax",
        f.candidates ?? 100,
        f.rrfK ?? 60,
        ...bm25Args(opts.bm25),
        opts.vectorIds ? [...opts.vectorIds] : null,
      ],
    );
    return rows.map(toHit);
  }

  /**
   * The hybrid search's candidates before fusion (`sw_hybrid_candidates`): the same union of
   * lexical, vector and exact candidates as {@link matchHybrid}, each with its scores and ranks,
   * for the caller to fuse (`fuseCandidates`) with any weights and read the kept rows by id.
   * @example
   * const pool = await store.hybridCandidates("aspirin fever", vector, { filters: { sources: ["docs"] } });
   */
  async hybridCandidates(
    query: string,
    embedding: number[] | null,
    opts: {
      filters?: SearchFilters;
      bm25?: Bm25Params;
      fusion?: Pick<FusionParams, "exactTerms" | "candidates">;
      vectorIds?: readonly string[];
    } = {},
  ): Promise<HybridCandidate[]> {
    const f = opts.fusion ?? {};
    const [tenant, sources, topics, documentIds] = filterArgs(opts.filters);
    const { rows } = await this.client.query<HybridCandidateRow>(
      `select chunk_id, lexical_score, vector_score, exact_score, lexical_rank, vector_rank
       from sw_hybrid_candidates($1, $2::vector, $3, $4, $5, $6::uuid[], $7, $8, $9, $10, $11, $12, $13, $14::uuid[])`,
      [
        query,
        embedding ? toVectorLiteral(embedding) : null,
        tenant,
        sources,
        topics,
        documentIds,
        f.exactTerms ?? null,
        f.candidates ?? 100,
        ...bm25Args(opts.bm25),
        opts.vectorIds ? [...opts.vectorIds] : null,
      ],
    );
    return rows.map(toHybridCandidate);
  }

  /**
   * Code entries whose parsed name matches one of `names` whatever the spelling
   * (`mr.makeTrapezoid`, `make_trapezoid`, `add_block`...: `sw_match_aliases` keys them), first chunk of each entry first.
   */
  async matchAliases(names: readonly string[], opts: { limit?: number; filters?: SearchFilters } = {}): Promise<ChunkHit[]> {
    if (names.length === 0) return [];
    const [tenant, sources, topics, documentIds] = filterArgs(opts.filters);
    const { rows } = await this.client.query<HitRow>(
      `select ${HIT_COLUMNS} from sw_match_aliases($1::text[], $2, $3, $4, $5, $6::uuid[])`,
      [[...names], opts.limit ?? 10, tenant, sources, topics, documentIds],
    );
    return rows.map(toHit);
  }

  /** Chunks by id, scoped to a tenant (a foreign id yields nothing). */
  async getChunks(tenant: string, ids: string[]): Promise<ChunkHit[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.client.query<HitRow>(`select ${HIT_COLUMNS} from sw_get_chunks($1, $2::uuid[], null)`, [tenant, ids]);
    return rows.map(toHit);
  }

  /** Every row of a document (sections, parents and children) in reading order; none if foreign. */
  async getDocumentChunks(tenant: string, documentId: string): Promise<ChunkHit[]> {
    const { rows } = await this.client.query<HitRow>(`select ${HIT_COLUMNS} from sw_get_chunks($1, null, $2::uuid)`, [tenant, documentId]);
    return rows.map(toHit);
  }

  /** The tenant's overrides of the configured defaults (`sw_tenant_config`), if any. */
  async tenantConfig(tenant: string): Promise<TenantConfig | null> {
    const { rows } = await this.client.query<TenantConfigRow>("select * from sw_get_tenant_config($1)", [tenant]);
    return rows[0] ? fromTenantConfigRow(rows[0]) : null;
  }

  /** Creates or replaces a tenant's configuration (a server-side write). */
  async setTenantConfig(config: TenantConfig): Promise<void> {
    await this.client.query(
      `insert into sw_tenant_config (tenant_id, chat_model, reranker, gate, generation, answer_style)
       values ($1, $2, $3, $4::jsonb, $5::jsonb, $6)
       on conflict (tenant_id) do update set chat_model = $2, reranker = $3, gate = $4::jsonb,
         generation = $5::jsonb, answer_style = $6, updated_at = now()`,
      [
        config.tenant,
        config.chatModel ?? null,
        config.reranker ?? null,
        JSON.stringify(config.gate ?? {}),
        JSON.stringify(config.generation ?? {}),
        config.answerStyle ?? null,
      ],
    );
  }

  /**
   * A counter bumped (by trigger) whenever the tenant's documents change, in any process.
   * Result caches compare it to know their entries are stale.
   */
  async tenantGeneration(tenant: string): Promise<string> {
    const { rows } = await this.client.query<{ g: unknown }>("select sw_get_tenant_generation($1)::text as g", [tenant]);
    return String(rows[0]?.g ?? "0");
  }

  /**
   * How much of the tenant's corpus mentions each phrase, in one statement (`sw_term_presence`):
   * its english lexemes, their smallest document frequency (0: some lexeme is in no chunk) and,
   * for several lexemes, whether a chunk holds the phrase: a code name (`date_add`) as written, a
   * name of capitalised words ({@link NAME_OF_WORDS}) as its words in order, other phrases as stems.
   * @example
   * (await store.termPresence("default", ["Initech"]))[0]; // { phrase: "Initech", lexemes: ["initech"], minDf: 0, phraseFound: null, indexed: true }
   */
  async termPresence(tenant: string, phrases: readonly string[]): Promise<TermPresence[]> {
    if (phrases.length === 0) return [];
    // The english parser lower-cases: "Gradient echo" and "gradient echo" are one lookup (its phrase
    // check reads every chunk holding the rarest lexeme). Only ASCII is folded here, as Postgres
    // folds it. A name of capitalised words (`Quick Share`) keeps its case: it is looked for as written.
    const key = (p: string) => (!NAME_OF_WORDS.test(p) && [...p].every((ch) => ch.charCodeAt(0) < 128) ? p.toLowerCase() : p);
    const unique = [...new Set(phrases.map(key))];
    const { rows } = await this.client.query<TermPresenceRow>(
      "select phrase, lexemes, min_df, phrase_found, indexed from sw_term_presence($1, $2::text[])",
      [tenant, unique],
    );
    const byKey = new Map(rows.map((r) => [r.phrase, r]));
    return phrases.map((phrase) => toTermPresence({ ...byKey.get(key(phrase))!, phrase }));
  }

  /**
   * Whether one searchable chunk writes both runs of each pair as written, case kept
   * (`sw_written_together`): `["DROP MATERIALIZED VIEW", "CASCADE"]` on the command's reference page.
   * Runs are words of letters and underscores; anything else is never written.
   * @example
   * await store.writtenTogether("default", [["TRUNCATE", "RESTART IDENTITY"], ["INSERT", "IGNORE"]]); // [true, false]
   */
  async writtenTogether(tenant: string, pairs: readonly (readonly [string, string])[]): Promise<boolean[]> {
    return writtenPairs(pairs, async (first, second) => {
      const { rows } = await this.client.query<WrittenRow>("select ord, found from sw_written_together($1, $2::text[], $3::text[])", [
        tenant,
        first,
        second,
      ]);
      return rows;
    });
  }

  /**
   * The smallest document frequency among each phrase's english lexemes (`sw_term_df`): 0 when one
   * of them is in no chunk. {@link termPresence} without its phrase check, cheap for many phrases.
   * @example
   * (await store.termDf("default", ["gradient echo"]))[0]; // { phrase: "gradient echo", minDf: 12 }
   */
  async termDf(tenant: string, phrases: readonly string[]): Promise<{ phrase: string; minDf: number }[]> {
    if (phrases.length === 0) return [];
    const { rows } = await this.client.query<{ phrase: string; min_df: number | string }>(
      "select phrase, min_df from sw_term_df($1, $2::text[])",
      [tenant, [...phrases]],
    );
    return rows.map((r) => ({ phrase: r.phrase, minDf: Number(r.min_df) }));
  }

  /**
   * The abbreviations the tenant's documents spell out (`sw_list_abbreviations`), mined at ingest,
   * each pair with the number of documents writing it, most written first.
   * @example
   * (await store.abbreviations("default"))[0]; // { abbr: "GRE", expansion: "gradient echo", documents: 3 }
   */
  async abbreviations(tenant: string, limit = 5000): Promise<{ abbr: string; expansion: string; documents: number }[]> {
    const { rows } = await this.client.query<{ abbr: string; expansion: string; documents: number }>(
      "select abbr, expansion, documents from sw_list_abbreviations($1, $2)",
      [tenant, limit],
    );
    return rows;
  }

  /**
   * The tenant's mined synonym map as a process last saved it (`sw_mined_synonyms`), or null
   * when none was saved for this generation and these rules (see {@link saveMinedSynonyms}).
   * @example
   * await store.savedMinedSynonyms("default", "7", "1"); // { gre: ["gradient echo"], ... } or null
   */
  async savedMinedSynonyms(tenant: string, generation: string, rules: string): Promise<Record<string, string[]> | null> {
    const { rows } = await this.client.query<{ synonyms: string }>(
      "select synonyms from sw_mined_synonyms where tenant_id = $1 and generation = $2::bigint and rules = $3",
      [tenant, generation, rules],
    );
    return rows[0] ? (JSON.parse(rows[0].synonyms) as Record<string, string[]>) : null;
  }

  /**
   * Saves the tenant's mined synonym map computed at `generation` by `rules`, replacing an older
   * one (a map of an older generation never replaces a newer one).
   */
  async saveMinedSynonyms(tenant: string, generation: string, rules: string, synonyms: Record<string, string[]>): Promise<void> {
    await this.client.query(
      `insert into sw_mined_synonyms (tenant_id, generation, rules, synonyms) values ($1, $2::bigint, $3, $4)
       on conflict (tenant_id) do update set generation = excluded.generation, rules = excluded.rules,
         synonyms = excluded.synonyms, updated_at = now()
       where sw_mined_synonyms.generation <= excluded.generation`,
      [tenant, generation, rules, JSON.stringify(synonyms)],
    );
  }

  /** Counts for `sourcewise stats` (`sw_stats`). */
  async stats(tenant = DEFAULT_TENANT): Promise<StoreStats> {
    const { rows } = await this.client.query<StatsRow>(
      "select documents, sections, chunks, searchable, terms, by_source, awaiting_embeddings from sw_stats($1)",
      [tenant],
    );
    return toStoreStats(rows[0], await this.indexedEmbedding());
  }

  /**
   * `vacuum (analyze)` of the search tables when their statistics are stale (never gathered, or
   * `changedRows` past autovacuum's threshold): see {@link refreshPlannerStatistics}.
   * @returns whether it ran.
   */
  refreshStatistics(options: RefreshStatisticsOptions = {}): Promise<boolean> {
    return refreshPlannerStatistics(this.client, options);
  }

  /** The content-hash embedding cache kept in this database. */
  embeddingCache(): SqlEmbeddingCache {
    return new SqlEmbeddingCache(this.client);
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
