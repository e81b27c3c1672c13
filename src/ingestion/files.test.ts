import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTSIDE_ROOTS, walkPaths } from "./files.js";

// allowed/ holds a file, a link to a file outside, a link to a folder outside (one level down),
// and a link back to itself; secret/ lies outside.
let base: string;
let allowed: string;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "sw-walk-"));
  allowed = join(base, "allowed");
  await mkdir(join(allowed, "deep", "deeper"), { recursive: true });
  await mkdir(join(base, "secret"));
  await writeFile(join(base, "secret", "key.md"), "# Key\n\nsecret");
  await writeFile(join(allowed, "ok.md"), "# Ok\n\nfine");
  await writeFile(join(allowed, "deep", "inside.md"), "# Inside\n\nfine");
  await symlink(join(base, "secret", "key.md"), join(allowed, "key-link.md"));
  await symlink(join(base, "secret"), join(allowed, "deep", "deeper", "out"));
  await symlink(join(allowed, "deep"), join(allowed, "deep", "loop"));
  await symlink(join(allowed, "ok.md"), join(allowed, "deep", "ok-alias.md"));
});

afterAll(async () => {
  if (base) await rm(base, { recursive: true, force: true });
});

describe("walkPaths", () => {
  it("with roots, refuses every entry whose real path leaves them, at any depth, with a reason", async () => {
    const { files, missing } = await walkPaths([allowed], { roots: [allowed] });
    expect(files.map((f) => f.path)).toEqual([
      join(allowed, "deep", "inside.md"),
      join(allowed, "deep", "ok-alias.md"),
      join(allowed, "ok.md"),
    ]);
    expect(files.every((f) => f.real?.startsWith(allowed))).toBe(true);
    expect(missing).toEqual(
      expect.arrayContaining([
        { path: join(allowed, "key-link.md"), reason: OUTSIDE_ROOTS },
        { path: join(allowed, "deep", "deeper", "out"), reason: OUTSIDE_ROOTS },
      ]),
    );
    expect(JSON.stringify(missing)).not.toContain("secret");
  });

  it("refuses a named path outside the roots", async () => {
    const { files, missing } = await walkPaths([join(allowed, "key-link.md"), join(base, "secret")], { roots: [allowed] });
    expect(files).toEqual([]);
    expect(missing.map((m) => m.reason)).toEqual([OUTSIDE_ROOTS, OUTSIDE_ROOTS]);
  });

  it("without roots follows links anywhere (the CLI's own ingest), and walks a link loop once", async () => {
    const { files } = await walkPaths([allowed]);
    expect(files.map((f) => f.path)).toContain(join(allowed, "key-link.md"));
    expect(files.map((f) => f.path)).toContain(join(allowed, "deep", "deeper", "out", "key.md"));
    expect(files.filter((f) => f.path.endsWith("inside.md"))).toHaveLength(1);
  });
});
