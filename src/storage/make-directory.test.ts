import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeDirectory } from "./make-directory.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe("makeDirectory", () => {
  it("creates every missing level and accepts an existing folder", async () => {
    const base = await mkdtemp(join(tmpdir(), "sw-mkdir-"));
    dirs.push(base);
    const deep = join(base, "a", "b", "c");
    expect(await makeDirectory(deep)).toBe(deep);
    expect((await stat(deep)).isDirectory()).toBe(true);
    await expect(makeDirectory(deep)).resolves.toBe(deep);
  });

  it("fails at once under /proc, where Node's recursive mkdir never returns", async () => {
    await expect(makeDirectory("/proc/nope/db")).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("refuses a path through a file", async () => {
    const base = await mkdtemp(join(tmpdir(), "sw-mkdir-"));
    dirs.push(base);
    await writeFile(join(base, "file"), "x");
    await expect(makeDirectory(join(base, "file", "db"))).rejects.toMatchObject({ code: "ENOTDIR" });
  });
});
