import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { doc, memoryStore, section } from "../../test/helpers/store.js";
import type { SqlStore } from "../storage/store.js";
import { vectorCandidates } from "./vector-candidates.js";

let store: SqlStore;
beforeEach(async () => {
  store = await memoryStore();
  await store.useEmbedding("test/fixed", 3);
  await store.writeDocuments([
    doc("a.md", [section("gradient echo", { embedding: [1, 0, 0] })], { source: "docs" }),
    doc("b.md", [section("spin echo", { embedding: [0, 1, 0] })], { source: "docs" }),
    doc("c.m", [section("makeTrapezoid", { embedding: [0.9, 0.1, 0] })], { source: "api" }),
  ]);
});
afterEach(() => store.close());

const docs = { filters: { tenant: "default", sources: ["docs"] }, candidates: 100 };

describe("vectorCandidates", () => {
  it("searches once for the same vector, filters and candidate count (a broadened round reuses the first round's)", async () => {
    const search = vi.spyOn(store, "vectorIds");
    const first = await vectorCandidates(store, [1, 0, 0], docs);
    expect(first).toEqual(await store.vectorIds([1, 0, 0], { candidates: 100, filters: docs.filters }));
    search.mockClear();
    expect(await vectorCandidates(store, [1, 0, 0], docs)).toEqual(first);
    expect(search).not.toHaveBeenCalled();
    // Another source, candidate count or vector is another search.
    await vectorCandidates(store, [1, 0, 0], { ...docs, filters: { tenant: "default", sources: ["api"] } });
    await vectorCandidates(store, [1, 0, 0], { ...docs, candidates: 1 });
    await vectorCandidates(store, [0, 1, 0], docs);
    expect(search).toHaveBeenCalledTimes(3);
  });

  it("searches again after the tenant's documents change", async () => {
    const before = await vectorCandidates(store, [1, 0, 0], docs);
    expect(before).toHaveLength(2);
    await store.writeDocuments([doc("d.md", [section("echo planar", { embedding: [0.95, 0.05, 0] })], { source: "docs" })]);
    const after = await vectorCandidates(store, [1, 0, 0], docs);
    expect(after).toHaveLength(3);
    expect(after[1]).not.toBe(before[1]);
  });

  it("does not let a caller change what the next one gets", async () => {
    const ids = await vectorCandidates(store, [1, 0, 0], docs);
    ids.length = 0;
    expect(await vectorCandidates(store, [1, 0, 0], docs)).toHaveLength(2);
  });
});
