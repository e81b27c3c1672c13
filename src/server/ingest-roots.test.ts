import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultIngestRoots, rootsForTenant } from "./ingest-roots.js";

let base: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "sw-roots-"));
});
afterAll(async () => {
  if (base) await rm(base, { recursive: true, force: true });
});

describe("ingest roots", () => {
  it("default to the working directory with auth off, and to a folder per tenant with auth on", () => {
    expect(defaultIngestRoots({ auth: false, dataDir: base })).toEqual([process.cwd()]);
    expect(defaultIngestRoots({ auth: true, dataDir: base })).toEqual({ "*": [join(base, "ingest", "{tenant}")] });
  });

  it('pick the tenant\'s own list, else the "*" one, and create a per-tenant folder on first use', async () => {
    const roots = { acme: [join(base, "acme-docs")], "*": [join(base, "uploads", "{tenant}")] };
    expect(await rootsForTenant(roots, "acme")).toEqual([join(base, "acme-docs")]);
    expect(await rootsForTenant(roots, "globex")).toEqual([join(base, "uploads", "globex")]);
    expect((await stat(join(base, "uploads", "globex"))).isDirectory()).toBe(true);
    expect(await rootsForTenant({ acme: ["/srv/acme"] }, "globex")).toEqual([]);
  });

  it("refuse a tenant id that would name a parent or the shared folder", async () => {
    const roots = { "*": [join(base, "uploads", "{tenant}")] };
    await expect(rootsForTenant(roots, "..")).rejects.toMatchObject({ status: 403 });
    await expect(rootsForTenant(roots, ".")).rejects.toMatchObject({ status: 403 });
  });
});
