/**
 * Bulk growth for bench/scale.ts (`--bulk`): a database of N searchable chunks made from a smaller
 * one by SQL copies instead of re-ingesting. The whole current content is copied `factor - 1`
 * times under new ids (md5 of the old id and the copy number, so parents and documents stay
 * linked) and new uris, postings copied with the chunks, and the BM25 statistics multiplied by the
 * factor: every term's df and the corpus totals grow by exactly the factor, so the average length
 * and every posting's impact are unchanged and the statistics equal a full recompute. Triggers are
 * off during the copy (`session_replication_role = replica`): the copies are what the triggers
 * would have written.
 *
 * Vectors (`--vectors all`): every searchable row gets a synthetic unit vector (a hash of its id:
 * the same random-looking vectors as bench/scale-corpus.ts, not a model's), written before the
 * copy with the HNSW index dropped; copies carry their source row's vector plus a per-copy random
 * offset (so no two rows share a vector), and the HNSW index is built once at the end with a
 * large `maintenance_work_mem` instead of one insert at a time.
 */
import type { SqlClient } from "../src/storage/sql-client.js";
import { syntheticVector } from "./scale-corpus.js";

const log = (s: string) => console.log(`  [bulk] ${s}`);

async function step<T>(what: string, fn: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const out = await fn();
  log(`${what}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return out;
}

/** Gives every searchable row without a vector a synthetic one (hash of its id). HNSW index must be absent. */
async function fillVectors(db: SqlClient): Promise<number> {
  const { rows } = await db.query<{ id: string }>("select id::text as id from chunks where searchable and embedding is null order by id");
  for (let i = 0; i < rows.length; i += 2000) {
    const part = rows.slice(i, i + 2000);
    await db.query("update chunks c set embedding = u.e::vector from unnest($1::uuid[], $2::text[]) u(id, e) where c.id = u.id", [
      part.map((r) => r.id),
      part.map((r) => `[${syntheticVector(r.id).join(",")}]`),
    ]);
  }
  return rows.length;
}

/**
 * Grows the database to at least `target` searchable chunks by whole copies of what it holds.
 * With `allVectors`, every searchable row ends with a vector and the HNSW index is rebuilt once.
 */
export async function growBulk(db: SqlClient, target: number, allVectors: boolean): Promise<void> {
  const count = async () => (await db.query<{ n: number }>("select count(*)::int as n from chunks where searchable")).rows[0]!.n;
  const have = await count();
  const factor = Math.ceil(target / Math.max(have, 1));
  const missing = allVectors
    ? (await db.query<{ n: number }>("select count(*)::int as n from chunks where searchable and embedding is null")).rows[0]!.n
    : 0;
  if (factor <= 1 && missing === 0) return;
  await db.exec("set maintenance_work_mem = '1GB'");
  const hadIndex = (await db.query("select 1 from pg_indexes where indexname = 'chunks_embedding_idx'")).rows.length > 0;
  if (missing > 0 || factor > 1) await step("drop HNSW index", () => db.exec("drop index if exists chunks_embedding_idx"));
  if (missing > 0) log(`synthetic vectors for ${await step("fill vectors", () => fillVectors(db))} rows`);
  if (factor > 1) {
    log(`${have} searchable chunks × ${factor}`);
    await db.exec("set session_replication_role = replica");
    // Per-copy offsets: random vectors of norm ~0.3 (512 uniform draws of ±0.023), added to the source row's vector.
    await db.exec(`create temp table copy_offset as
      select k, (select array_agg((random() - 0.5) * 0.046) from generate_series(1, 512) where k > 0)::vector(512) as v
      from generate_series(1, ${factor - 1}) k`);
    await step("copy documents", () =>
      db.exec(`insert into documents (id, tenant_id, source, uri, title, format, content_hash, topics, metadata, created_at, updated_at)
        select md5(d.id::text || ':' || k)::uuid, d.tenant_id, d.source, d.uri || '#bulk' || k, d.title, d.format,
          d.content_hash || '#bulk' || k, d.topics, d.metadata, d.created_at, d.updated_at
        from documents d cross join generate_series(1, ${factor - 1}) k`),
    );
    await step("copy chunks", () =>
      db.exec(`insert into chunks (id, document_id, tenant_id, source, parent_id, kind, searchable, chunk_index, doc_title,
          section_title, section_path, page_start, page_end, topics, token_count, content, metadata, embedding,
          len_title, len_section, len_body)
        select md5(c.id::text || ':' || o.k)::uuid, md5(c.document_id::text || ':' || o.k)::uuid, c.tenant_id, c.source,
          case when c.parent_id is null then null else md5(c.parent_id::text || ':' || o.k)::uuid end,
          c.kind, c.searchable, c.chunk_index, c.doc_title, c.section_title, c.section_path, c.page_start, c.page_end,
          c.topics, c.token_count, c.content, c.metadata,
          case when c.embedding is null then null else l2_normalize(c.embedding + o.v) end,
          c.len_title, c.len_section, c.len_body
        from chunks c cross join copy_offset o`),
    );
    // Postings: reloaded into an empty table (no dead tuples, indexes built once by sorting).
    await step("copy postings", async () => {
      await db.exec("create temp table ct_base as select * from chunk_terms");
      await db.exec("drop index if exists chunk_terms_impact_idx");
      await db.exec("alter table chunk_terms drop constraint chunk_terms_pkey");
      await db.exec("truncate chunk_terms");
      await db.exec(`insert into chunk_terms select * from ct_base`);
      await db.exec(`insert into chunk_terms (chunk_id, tenant_id, term, tf_title, tf_section, tf_body, source, len_title, len_section, len_body, impact)
        select md5(b.chunk_id::text || ':' || k)::uuid, b.tenant_id, b.term, b.tf_title, b.tf_section, b.tf_body, b.source,
          b.len_title, b.len_section, b.len_body, b.impact
        from ct_base b cross join generate_series(1, ${factor - 1}) k`);
      await db.exec("drop table ct_base");
    });
    await step("postings indexes", async () => {
      await db.exec("alter table chunk_terms add primary key (chunk_id, term)");
      await db.exec(`create index chunk_terms_impact_idx on chunk_terms (tenant_id, term, impact desc)
        include (chunk_id, source, tf_title, tf_section, tf_body, len_title, len_section, len_body)`);
    });
    await step("statistics", async () => {
      await db.exec(`update bm25_terms set df = df * ${factor}`);
      await db.exec(`update bm25_corpus set n_chunks = n_chunks * ${factor}, sum_len_title = sum_len_title * ${factor},
        sum_len_section = sum_len_section * ${factor}, sum_len_body = sum_len_body * ${factor}`);
      await db.exec(`insert into sw_aliases (chunk_id, tenant_id, source, alias, name, language)
        select md5(a.chunk_id::text || ':' || k)::uuid, a.tenant_id, a.source, a.alias, a.name, a.language
        from sw_aliases a cross join generate_series(1, ${factor - 1}) k`);
      await db.exec(`insert into sw_abbreviations (document_id, tenant_id, abbr, expansion)
        select md5(a.document_id::text || ':' || k)::uuid, a.tenant_id, a.abbr, a.expansion
        from sw_abbreviations a cross join generate_series(1, ${factor - 1}) k`);
      await db.exec(`update sw_tenant_generation set generation = generation + 1, updated_at = now()`);
    });
    await db.exec("set session_replication_role = origin");
    await db.exec("drop table copy_offset");
  }
  if (hadIndex || missing > 0)
    await step("build HNSW index", () => db.exec("create index chunks_embedding_idx on chunks using hnsw (embedding vector_cosine_ops)"));
  await step("vacuum analyze", () => db.exec("vacuum analyze"));
  log(`${await count()} searchable chunks`);
}
