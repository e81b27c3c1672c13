import { ensureEmbeddingDimension } from "./embedding-column.js";
import type { SqlClient } from "./sql-client.js";
import { toVectorLiteral } from "./vector.js";

/** An embedding model and the length of its vectors. */
export interface EmbeddingSpec {
  model: string;
  dimension: number;
}

/** The reindex under way (`sw_reindex`). */
export interface ReindexState {
  target: EmbeddingSpec;
  /** What the index held when it started; null for an index without a model yet. */
  from: EmbeddingSpec | null;
  /** ISO timestamp. */
  startedAt: string;
}

/** A searchable row still to re-embed, with what its embedding text is built from. */
export interface UnstagedRow {
  id: string;
  doc_title: string;
  section_title: string | null;
  content: string;
}

export const sameSpec = (a: EmbeddingSpec | null | undefined, b: EmbeddingSpec | null | undefined): boolean =>
  !!a && !!b && a.model === b.model && a.dimension === b.dimension;

/** The reindex under way, if any. */
export async function readReindexState(client: SqlClient): Promise<ReindexState | null> {
  const { rows } = await client.query<{
    target_model: string;
    target_dimension: number;
    from_model: string | null;
    from_dimension: number | null;
    started_at: string;
  }>("select target_model, target_dimension, from_model, from_dimension, started_at::text from sw_reindex");
  const r = rows[0];
  if (!r) return null;
  return {
    target: { model: r.target_model, dimension: r.target_dimension },
    from: r.from_model === null || r.from_dimension === null ? null : { model: r.from_model, dimension: r.from_dimension },
    startedAt: r.started_at,
  };
}

/** The index's model (`sw_index_meta`), read on the write connection. */
export async function readIndexMeta(client: SqlClient): Promise<EmbeddingSpec | null> {
  const { rows } = await client.query<{ embedding_model: string; embedding_dimension: number }>(
    "select embedding_model, embedding_dimension from sw_index_meta",
  );
  const r = rows[0];
  return r ? { model: r.embedding_model, dimension: r.embedding_dimension } : null;
}

/** Records a new reindex to `target`, dropping any staged vectors (of an earlier, abandoned target). */
export async function startReindex(client: SqlClient, target: EmbeddingSpec, from: EmbeddingSpec | null): Promise<void> {
  await client.transaction(async (tx) => {
    await tx.query("update chunks set embedding_next = null where embedding_next is not null");
    await tx.query(
      `insert into sw_reindex (id, target_model, target_dimension, from_model, from_dimension) values (true, $1, $2, $3, $4)
       on conflict (id) do update set target_model = $1, target_dimension = $2, from_model = $3, from_dimension = $4, started_at = now()`,
      [target.model, target.dimension, from?.model ?? null, from?.dimension ?? null],
    );
  });
}

/** Abandons the reindex under way: its staged vectors go, the index stays as it was. */
export async function cancelReindex(client: SqlClient): Promise<void> {
  await client.transaction(async (tx) => {
    await tx.query("update chunks set embedding_next = null where embedding_next is not null");
    await tx.query("delete from sw_reindex");
  });
}

/** Searchable rows in the index, and how many of them hold a staged vector. */
export async function stagingCounts(client: SqlClient): Promise<{ total: number; staged: number }> {
  const { rows } = await client.query<{ total: number; staged: number }>(
    "select count(*)::int as total, count(embedding_next)::int as staged from chunks where searchable",
  );
  return rows[0] ?? { total: 0, staged: 0 };
}

/** The next searchable rows without a staged vector, in id order after `afterId` (all tenants). */
export async function unstagedRows(client: SqlClient, afterId: string | null, limit: number): Promise<UnstagedRow[]> {
  const { rows } = await client.query<UnstagedRow>(
    `select id::text, doc_title, section_title, content from chunks
     where searchable and embedding_next is null and ($1::uuid is null or id > $1::uuid)
     order by id limit $2`,
    [afterId, limit],
  );
  return rows;
}

/**
 * Stages one batch of vectors in one statement (its own transaction). Only while `target` is
 * still the reindex under way, so a restart elsewhere never receives another model's vectors.
 * @returns how many rows took a vector.
 */
export async function stageVectors(
  client: SqlClient,
  target: EmbeddingSpec,
  batch: { id: string; embedding: number[] }[],
): Promise<number> {
  if (batch.length === 0) return 0;
  const { rows } = await client.query<{ id: string }>(
    `update chunks c set embedding_next = x.embedding::vector
     from jsonb_to_recordset($1::jsonb) as x(id uuid, embedding text)
     where c.id = x.id
       and exists (select 1 from sw_reindex r where r.target_model = $2 and r.target_dimension = $3)
     returning c.id`,
    [JSON.stringify(batch.map((b) => ({ id: b.id, embedding: toVectorLiteral(b.embedding) }))), target.model, target.dimension],
  );
  return rows.length;
}

/**
 * The last step, in one transaction: if every searchable row holds a staged vector, the column
 * takes the new dimension (a recorded runtime migration), the staged vectors move into it,
 * `sw_index_meta` names the new model, the reindex state goes, and every tenant's generation is
 * bumped so cached results computed with the old vectors are dropped. Rows written meanwhile
 * (an ingest with the old model) leave it undone, for another pass.
 * @returns whether it finished, and the runtime migration it recorded, if any.
 */
export async function finishReindex(client: SqlClient, target: EmbeddingSpec): Promise<{ finished: boolean; migration: string | null }> {
  return client.transaction(async (tx) => {
    // Holds off concurrent writers (another process on a server) until the swap commits.
    await tx.exec("lock table chunks in share row exclusive mode");
    const { rows } = await tx.query<{ left: number }>(
      "select count(*)::int as left from chunks where searchable and embedding_next is null",
    );
    if ((rows[0]?.left ?? 0) > 0) return { finished: false, migration: null };
    const migration = await ensureEmbeddingDimension(tx, target.model, target.dimension);
    await tx.query(
      `update chunks set embedding = embedding_next::vector(${target.dimension}), embedding_next = null
       where embedding is not null or embedding_next is not null`,
    );
    await tx.query(
      `insert into sw_index_meta (id, embedding_model, embedding_dimension) values (true, $1, $2)
       on conflict (id) do update set embedding_model = $1, embedding_dimension = $2, updated_at = now()`,
      [target.model, target.dimension],
    );
    await tx.query("delete from sw_reindex");
    await tx.query("update sw_tenant_generation set generation = generation + 1, updated_at = now()");
    return { finished: true, migration };
  });
}
