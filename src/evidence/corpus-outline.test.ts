import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { doc, memoryStore, section } from "../../test/helpers/store.js";
import type { SqlStore } from "../storage/store.js";
import { searchableRows } from "./corpus-outline.js";

let store: SqlStore;
beforeEach(async () => {
  store = await memoryStore();
  await store.writeDocuments([doc("a.md", [section("gradient echo"), section("spin echo", { chunkIndex: 1 })])]);
});
afterEach(() => store.close());

describe("searchableRows", () => {
  it("counts the tenant's searchable rows once per generation of its documents", async () => {
    const stats = vi.spyOn(store, "stats");
    expect(await searchableRows(store, "default")).toBe((await store.stats("default")).searchable);
    stats.mockClear();
    expect(await searchableRows(store, "default")).toBe(2);
    expect(stats).not.toHaveBeenCalled();
    await store.writeDocuments([doc("b.md", [section("echo planar")])]);
    expect(await searchableRows(store, "default")).toBe(3);
    expect(await searchableRows(store, "acme")).toBe(0);
  });
});
