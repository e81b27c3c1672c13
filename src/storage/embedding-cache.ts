import type { SqlClient } from "./sql-client.js";
import { toVectorLiteral } from "./vector.js";

/** Content-hash embedding cache in the `embedding_cache` table: a re-ingest or eval re-run embeds nothing twice. */
export class SqlEmbeddingCache {
  constructor(private readonly client: SqlClient) {}

  async get(model: string, hashes: string[]): Promise<Map<string, number[]>> {
    const out = new Map<string, number[]>();
    if (hashes.length === 0) return out;
    const { rows } = await this.client.query<{ content_hash: string; embedding: string }>(
      "select content_hash, embedding::text as embedding from embedding_cache where model = $1 and content_hash = any($2::text[])",
      [model, hashes],
    );
    for (const r of rows) out.set(r.content_hash, JSON.parse(r.embedding) as number[]);
    return out;
  }

  async put(model: string, entries: { hash: string; embedding: number[] }[]): Promise<void> {
    if (entries.length === 0) return;
    await this.client.query(
      `insert into embedding_cache (model, content_hash, embedding)
       select $1, x.hash, x.embedding::vector from jsonb_to_recordset($2::jsonb) as x(hash text, embedding text)
       on conflict (model, content_hash) do nothing`,
      [model, JSON.stringify(entries.map((e) => ({ hash: e.hash, embedding: toVectorLiteral(e.embedding) })))],
    );
  }
}
