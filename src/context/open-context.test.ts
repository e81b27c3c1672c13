import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { doc, section } from "../../test/helpers/store.js";
import { FAKE_MODEL } from "../../test/helpers/tenants.js";
import { loadConfig } from "../config/config.js";
import { openPGliteStore } from "../storage/pglite.js";
import { openContext } from "./open-context.js";

const dir = mkdtempSync(join(tmpdir(), "sw-open-context-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("openContext", () => {
  it("refuses at start-up to search an index built with another embedding model, naming reindex", async () => {
    const path = join(dir, "db");
    const store = await openPGliteStore({ path });
    await store.useEmbedding(FAKE_MODEL.id, FAKE_MODEL.dimension);
    await store.writeDocuments([doc("a.md", [section("Trapezoid gradients ramp at the slew rate.", { embedding: [1, 0, 0] })])]);
    await store.close();
    const config = loadConfig({ env: {}, cwd: dir, overrides: { store: { path }, embeddingWorkers: 1 } });
    await expect(openContext(config)).rejects.toMatchObject({
      code: "embedding_mismatch",
      message: expect.stringContaining("test/fake-3d (3-d)"),
      hint: expect.stringContaining("sourcewise reindex --embeddings"),
    });
    // Nothing was left open: the database opens again at once.
    const again = await openPGliteStore({ path });
    expect((await again.stats("default")).documents).toBe(1);
    await again.close();
  }, 60_000);
});
