import { describe, expect, it } from "vitest";
import type { Loader } from "../types.js";
import { defaultLoaders, pickLoader } from "./index.js";

describe("pickLoader", () => {
  it("routes files to the loader for their type", () => {
    const cases: [string, string | undefined][] = [
      ["docs/spec.pdf", "pdf"],
      ["docs/README.md", "markdown"],
      ["docs/page.mdx", "markdown"],
      ["site/index.HTML", "html"],
      ["matlab/+mr/makeTrapezoid.m", "code"],
      ["pypulseq/make_trapezoid.py", "code"],
      ["src/index.ts", "code"],
      ["lib/util.cjs", "code"],
      ["scifact/corpus.jsonl", "beir"],
      ["docs/index.rst", "text"],
      ["notes.txt", "text"],
      ["pulseq/AUTHORS", "text"],
      ["images/logo.png", undefined],
      ["data/table.csv", undefined],
      ["repo/.gitignore", undefined],
    ];
    for (const [path, name] of cases) expect(pickLoader(path)?.name, path).toBe(name);
  });

  it("lists the loaders with BEIR before text", () => {
    const names = defaultLoaders.map((l) => l.name);
    expect(names).toEqual(["pdf", "markdown", "html", "code", "beir", "text"]);
  });

  it("takes the first loader that accepts, from a custom list", () => {
    const fake = (name: string, ext: string): Loader => ({ name, accepts: (p) => p.endsWith(ext), load: async () => [] });
    const loaders = [fake("first", ".x"), fake("second", ".x"), fake("other", ".y")];
    expect(pickLoader("a.x", loaders)?.name).toBe("first");
    expect(pickLoader("a.y", loaders)?.name).toBe("other");
    expect(pickLoader("a.z", loaders)).toBeUndefined();
  });
});
