import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { doc, memoryStore, section } from "../../test/helpers/store.js";
import type { SqlStore } from "./store.js";

let store: SqlStore;
beforeEach(async () => {
  store = await memoryStore();
});
afterEach(async () => {
  await store.close();
});

type Rel = { relname: string; reltuples: number; relallvisible: number; analyzed: boolean };
const relations = async (): Promise<Rel[]> =>
  (
    await store.client.query<Rel>(
      `select c.relname, c.reltuples::float8 as reltuples, c.relallvisible,
         exists (select 1 from pg_stats s where s.tablename = c.relname) as analyzed
       from pg_class c where c.relname in ('chunks', 'chunk_terms', 'documents', 'bm25_terms') order by c.relname`,
    )
  ).rows;

const docs = (n: number, offset = 0) =>
  Array.from({ length: n }, (_, i) => doc(`d${offset + i}`, [section(`word${offset + i} shared text about cats and dogs`)]));

describe("refreshStatistics", () => {
  it("does nothing on an empty index", async () => {
    expect(await store.refreshStatistics()).toBe(false);
    expect((await relations()).every((r) => !r.analyzed)).toBe(true);
  });

  it("gathers statistics and visibility once on an index that never had them", async () => {
    await store.writeDocuments(docs(5));
    expect((await relations()).some((r) => r.analyzed)).toBe(false);
    expect(await store.refreshStatistics()).toBe(true);
    const after = await relations();
    expect(after.map((r) => r.relname)).toEqual(["bm25_terms", "chunk_terms", "chunks", "documents"]);
    for (const r of after) {
      expect(r.analyzed, r.relname).toBe(true);
      expect(r.relallvisible, r.relname).toBeGreaterThan(0);
    }
    expect(after.find((r) => r.relname === "chunks")?.reltuples).toBe(5);
    // Fresh now: a few more rows stay under the threshold (50 + 10% of the rows).
    expect(await store.refreshStatistics()).toBe(false);
    await store.writeDocuments(docs(3, 5));
    expect(await store.refreshStatistics({ changedRows: 3 })).toBe(false);
    expect((await relations()).find((r) => r.relname === "chunks")?.reltuples).toBe(5);
  });

  it("runs again once the rows changed pass the threshold", async () => {
    await store.writeDocuments(docs(5));
    await store.refreshStatistics();
    await store.writeDocuments(docs(60, 5));
    expect(await store.refreshStatistics({ changedRows: 50 })).toBe(false);
    expect(await store.refreshStatistics({ changedRows: 60 })).toBe(true);
    expect((await relations()).find((r) => r.relname === "chunks")?.reltuples).toBe(65);
  });
});
