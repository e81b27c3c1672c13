import { EmbeddingDimensionError } from "../errors.js";
import { applyRuntimeMigration, RUNTIME_PREFIX, type RuntimeMigration } from "./migrate.js";
import type { SqlClient } from "./sql-client.js";

/** pgvector's HNSW index takes vectors of at most this many dimensions. */
export const MAX_INDEXED_DIMENSION = 2000;

/** What the runtime migrations of the embedding column are named after (`runtime:embedding_dimension:768`). */
export const EMBEDDING_DIMENSION_MIGRATION = `${RUNTIME_PREFIX}embedding_dimension:`;

/**
 * Refuses a dimension the embedding column cannot hold with its HNSW index.
 * @throws EmbeddingDimensionError for anything but an integer from 1 to {@link MAX_INDEXED_DIMENSION}.
 */
export function assertIndexableDimension(model: string, dimension: number): void {
  if (!Number.isInteger(dimension) || dimension < 1 || dimension > MAX_INDEXED_DIMENSION) {
    throw new EmbeddingDimensionError({
      model,
      declared: dimension,
      reason: `${dimension} is not a dimension the index can hold (an integer from 1 to ${MAX_INDEXED_DIMENSION}, pgvector's HNSW limit)`,
    });
  }
}

/**
 * The runtime migration that gives `chunks.embedding` another dimension. Vectors of one
 * dimension cannot be cast to another, so the column starts empty; the HNSW index is rebuilt
 * for the new type. Callers fill the column in the same transaction (reindex) or have nothing
 * to keep (an index without vectors).
 */
export function embeddingDimensionMigration(dimension: number): RuntimeMigration {
  return {
    name: `${EMBEDDING_DIMENSION_MIGRATION}${dimension}`,
    supersedes: EMBEDDING_DIMENSION_MIGRATION,
    sql: [
      "drop index if exists chunks_embedding_idx;",
      `alter table chunks alter column embedding type vector(${dimension}) using null;`,
      "create index chunks_embedding_idx on chunks using hnsw (embedding vector_cosine_ops);",
    ].join("\n"),
  };
}

/** The declared dimension of `chunks.embedding` (its type modifier), or null for a plain `vector`. */
export async function embeddingColumnDimension(client: SqlClient): Promise<number | null> {
  const { rows } = await client.query<{ dim: number }>(
    "select atttypmod as dim from pg_attribute where attrelid = 'chunks'::regclass and attname = 'embedding'",
  );
  const dim = rows[0]?.dim;
  return dim !== undefined && dim > 0 ? dim : null;
}

/**
 * Makes `chunks.embedding` a `vector(dimension)` through a recorded runtime migration, if it is
 * not one already. @returns the migration's name when one was applied.
 */
export async function ensureEmbeddingDimension(client: SqlClient, model: string, dimension: number): Promise<string | null> {
  assertIndexableDimension(model, dimension);
  if ((await embeddingColumnDimension(client)) === dimension) return null;
  const migration = embeddingDimensionMigration(dimension);
  await applyRuntimeMigration(client, migration);
  return migration.name;
}
