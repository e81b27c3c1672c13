import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createGraph } from "../src/graph/graph.js";
import { ROOT } from "./helpers/demo-corpus.js";
import { fixtureStore } from "./helpers/fixture-store.js";

// Two MATLAB functions of one name in different packages (test/fixtures/qualified-names):
// +mr/rotate.m rotates objects about an axis, +mr/+aux/+quat/rotate.m a vector by a quaternion.
const corpus = fixtureStore(join(ROOT, "test/fixtures/qualified-names"), { api_reference: ["matlab"] });
const packages = (uri: string) => uri.split("/+mr/")[1];

async function ask(question: string) {
  const graph = createGraph({ store: corpus.store, embeddings: corpus.embeddings });
  return graph.invoke({ question });
}

describe("a package-qualified name", () => {
  it("finds only the entry in the packages it writes, not another function of the same name", async () => {
    const hits = await corpus.store.matchAliases(["rotate"]);
    expect(hits.map((h) => packages(h.uri)).sort()).toEqual(["+aux/+quat/rotate.m", "rotate.m"]);
    const quat = await ask("Which arguments does mr.aux.quat.rotate take?");
    expect(packages(quat.citations[0]!.uri)).toBe("+aux/+quat/rotate.m");
    expect(quat.answer).toMatch(/^- `q` \(required\)/m);
    expect(quat.answer).not.toMatch(/`raxis`/);
  });

  it("finds the one directly in the root package for a name with no packages between", async () => {
    const plain = await ask("Which arguments does mr.rotate take?");
    expect(packages(plain.citations[0]!.uri)).toBe("rotate.m");
    expect(plain.answer).toMatch(/^- `raxis` \(required\)/m);
    expect(plain.answer).not.toMatch(/`q`/);
  });
});
