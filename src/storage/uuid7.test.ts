import { describe, expect, it } from "vitest";
import { uuid7 } from "./uuid7.js";

describe("uuid7", () => {
  it("gives version 7 ids, each above the one before, carrying the time", () => {
    const before = Date.now();
    const ids = Array.from({ length: 10_000 }, () => uuid7());
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const ms = parseInt(ids[0]!.replace(/-/g, "").slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now() + 10_000 / 4096);
  });
});
