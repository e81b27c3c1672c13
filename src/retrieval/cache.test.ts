import { describe, expect, it } from "vitest";
import { ResultCache } from "./cache.js";

function setup() {
  let now = 0;
  let generation = "1";
  const cache = new ResultCache({ now: () => now, maxEntries: 3 });
  let loads = 0;
  const get = (tenant: string, request: unknown = "q", ttlSeconds = 60) =>
    cache.getOrLoad({ tenant, source: "docs", request, ttlSeconds, generation: async () => generation }, async () => ({
      n: ++loads,
      tenant,
    }));
  return { cache, get, tick: (ms: number) => (now += ms), bump: () => (generation = String(Number(generation) + 1)), loads: () => loads };
}

describe("ResultCache", () => {
  it("serves a repeat request from cache until the profile's TTL runs out", async () => {
    const t = setup();
    expect(await t.get("acme")).toEqual({ value: { n: 1, tenant: "acme" }, hit: false });
    t.tick(59_000);
    expect(await t.get("acme")).toEqual({ value: { n: 1, tenant: "acme" }, hit: true });
    t.tick(2_000);
    expect(await t.get("acme")).toEqual({ value: { n: 2, tenant: "acme" }, hit: false });
  });

  it("never caches with a TTL of 0", async () => {
    const t = setup();
    await t.get("acme", "q", 0);
    expect((await t.get("acme", "q", 0)).hit).toBe(false);
    expect(t.cache.size).toBe(0);
  });

  it("keys by tenant: the same request of another tenant is a miss", async () => {
    const t = setup();
    await t.get("acme");
    const other = await t.get("globex");
    expect(other).toEqual({ value: { n: 2, tenant: "globex" }, hit: false });
  });

  it("escapes tenant and source so crafted names cannot collide", () => {
    const a = ResultCache.key({ tenant: "a:b", source: "c", request: "q" });
    const b = ResultCache.key({ tenant: "a", source: "b:c", request: "q" });
    expect(a).not.toBe(b);
    expect(a.startsWith("a%3Ab:c:")).toBe(true);
  });

  it("drops a tenant's entries when its generation changes (it ingested)", async () => {
    const t = setup();
    await t.get("acme");
    t.bump();
    expect((await t.get("acme")).hit).toBe(false);
    expect((await t.get("acme")).hit).toBe(true);
  });

  it("invalidates one tenant in process and keeps the others", async () => {
    const t = setup();
    await t.get("acme");
    await t.get("globex");
    expect(t.cache.invalidateTenant("acme")).toBe(1);
    expect((await t.get("acme")).hit).toBe(false);
    expect((await t.get("globex")).hit).toBe(true);
  });

  it("evicts the least recently used beyond maxEntries, and hands out copies", async () => {
    const t = setup();
    for (const q of ["a", "b", "c"]) await t.get("acme", q);
    await t.get("acme", "a");
    await t.get("acme", "d");
    expect((await t.get("acme", "a")).hit).toBe(true);
    expect((await t.get("acme", "b")).hit).toBe(false);
    const first = await t.get("acme", "a");
    (first.value as { n: number }).n = 999;
    expect((await t.get("acme", "a")).value).not.toMatchObject({ n: 999 });
  });
});
