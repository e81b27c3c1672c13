import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { run } from "../src/cli/main.js";
import { loadConfig } from "../src/config/config.js";
import { openContext, type OwnedContext } from "../src/context/open-context.js";
import { createGraph } from "../src/graph/graph.js";
import { ingest } from "../src/ingestion/ingest.js";
import { ROOT } from "./helpers/demo-corpus.js";

// sourcewise.config.json's gate, retrieval and generation sections reach the nodes, through the
// same settings tree as env vars, flags and tenant rows; a bad value stops start-up naming its path.

const QUESTION = "Why are broaden retries bounded in the quality gate?";
let dir: string;
let ctx: OwnedContext;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sw-config-file-"));
  writeFileSync(
    join(dir, "sourcewise.config.json"),
    JSON.stringify({
      store: { path: "memory" },
      embeddingWorkers: 1,
      gate: { strongHit: 0.999, minTop3Avg: 0.999, maxRetries: 0 },
      retrieval: { fusionMethod: "rrf" },
      generation: { answerStyle: "bullets" },
    }),
  );
  ctx = await openContext(loadConfig({ cwd: dir, env: {} }));
  await ingest({ store: ctx.store, embeddings: ctx.embeddings, paths: [join(ROOT, "docs/guides")], source: "docs" });
}, 180_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("sourcewise.config.json", () => {
  it("changes the gate, retrieval and generation of a run against the defaults on the same store", async () => {
    const defaults = await createGraph({ store: ctx.store, embeddings: ctx.embeddings }).invoke({ question: QUESTION });
    const configured = await createGraph(ctx).invoke({ question: QUESTION });
    expect(defaults.verdict).toBe("strong");
    expect(configured.verdict).toBe("weak");
    expect(configured.attempt).toBe(0);
    const fusion = (r: typeof defaults) => Object.values(r.metadata.fusion_weights).map((w) => (w as { fusion: string }).fusion);
    expect(new Set(fusion(defaults))).toEqual(new Set(["minmax"]));
    expect(new Set(fusion(configured))).toEqual(new Set(["rrf"]));
    expect(defaults.answer).not.toMatch(/^- /m);
    // A weak verdict opens with "Working theory:", then one cited statement per line.
    expect(configured.answer).toMatch(/^Working theory:\n- .*\[\d+\]\.?\n- /);
  }, 120_000);

  it("stops start-up on a bad value, naming its path and the file, in one line without a stack", async () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ gate: { strongHit: 7 }, retrieval: { interleave: [] } }));
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
    const exitCode = process.exitCode;
    try {
      await run(["node", "sourcewise", "--config", bad, "stats"]);
    } finally {
      spy.mockRestore();
    }
    const out = written.join("");
    expect(process.exitCode).not.toBe(0);
    process.exitCode = exitCode;
    expect(out).toContain(`gate.strongHit: Number must be less than or equal to 1 (from config file ${bad})`);
    expect(out).toMatch(/retrieval\.interleave: Array must contain at least 1 element/);
    expect(out).not.toMatch(/\n\s+at /);
  });
});
