import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { EmbeddingError } from "./errors.js";
import { EmbeddingWorkerPool } from "./worker-pool.js";

// Stand-in workers that speak the use-worker.mjs protocol, to drive the pool's failure paths
// quickly; the real model goes through the pool in local-use.test.ts.
const dir = mkdtempSync(join(tmpdir(), "sw-pool-"));
function fixture(name: string, body: string): URL {
  const file = join(dir, name);
  writeFileSync(file, `import { parentPort, threadId } from "node:worker_threads";\n${body}\n`);
  return pathToFileURL(file);
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Vector of a text: [its length, the worker's thread id]; answers after a short delay.
const echo = fixture(
  "echo.mjs",
  `parentPort.on("message", ({ id, texts }) => setTimeout(() => {
     const data = new Float32Array(texts.length * 2);
     texts.forEach((t, i) => { data[2 * i] = t.length; data[2 * i + 1] = threadId; });
     parentPort.postMessage({ type: "result", id, data, rows: texts.length, dim: 2 }, [data.buffer]);
   }, 20));
   parentPort.postMessage({ type: "ready" });`,
);
const crashOnSecondBatch = fixture(
  "crash.mjs",
  `let n = 0;
   parentPort.on("message", ({ id, texts }) => {
     if (++n === 2) throw new Error("simulated out-of-memory");
     const data = new Float32Array(texts.length);
     parentPort.postMessage({ type: "result", id, data, rows: texts.length, dim: 1 }, [data.buffer]);
   });`,
);
const exitOnMessage = fixture("exit.mjs", `parentPort.on("message", () => process.exit(3));`);
const failsToLoad = fixture("load.mjs", `throw new Error("model file missing");`);
const batchError = fixture(
  "batch-error.mjs",
  `parentPort.on("message", ({ id, texts }) => {
     if (texts[0] === "bad") return parentPort.postMessage({ type: "error", id, message: "bad input" });
     const data = new Float32Array(texts.length);
     parentPort.postMessage({ type: "result", id, data, rows: texts.length, dim: 1 }, [data.buffer]);
   });`,
);

describe("EmbeddingWorkerPool", () => {
  it("spreads batches over its workers and returns each batch's rows in order", async () => {
    const pool = new EmbeddingWorkerPool({ workerUrl: echo, size: 2, model: "test" });
    const batches = Array.from({ length: 6 }, (_, b) => Array.from({ length: 3 }, (_, i) => "x".repeat(b * 3 + i + 1)));
    const results = await Promise.all(batches.map((batch) => pool.run(batch)));
    results.forEach((rows, b) => expect(rows.map((r) => r[0])).toEqual([b * 3 + 1, b * 3 + 2, b * 3 + 3]));
    expect(new Set(results.flat().map((r) => r[1])).size).toBe(2);
    await pool.close();
  });

  it("answers an empty batch without starting a worker", async () => {
    const pool = new EmbeddingWorkerPool({ workerUrl: failsToLoad, size: 1, model: "test" });
    await expect(pool.run([])).resolves.toEqual([]);
    await pool.close();
  });

  it("rejects every pending batch with an EmbeddingError when a worker crashes, then recovers", async () => {
    const pool = new EmbeddingWorkerPool({ workerUrl: crashOnSecondBatch, size: 1, model: "test" });
    const [first, second, third] = await Promise.allSettled([pool.run(["a"]), pool.run(["b"]), pool.run(["c"])]);
    expect(first.status).toBe("fulfilled");
    for (const r of [second, third]) {
      expect(r.status).toBe("rejected");
      const reason = (r as PromiseRejectedResult).reason;
      expect(EmbeddingError.isInstance(reason)).toBe(true);
      expect(String(reason.message)).toMatch(/crashed: simulated out-of-memory/);
    }
    // The dead worker is replaced on the next call.
    await expect(pool.run(["d"])).resolves.toHaveLength(1);
    await pool.close();
  });

  it("rejects when a worker exits or cannot load its model", async () => {
    const exiting = new EmbeddingWorkerPool({ workerUrl: exitOnMessage, size: 2, model: "test" });
    await expect(exiting.run(["a"])).rejects.toThrow(/exited unexpectedly \(code 3\)/);
    await exiting.close();
    const broken = new EmbeddingWorkerPool({ workerUrl: failsToLoad, size: 2, model: "test" });
    await expect(broken.run(["a"])).rejects.toThrow(/model file missing/);
    await broken.close();
  });

  it("fails only the batch a worker reports as bad", async () => {
    const pool = new EmbeddingWorkerPool({ workerUrl: batchError, size: 1, model: "test" });
    await expect(pool.run(["bad"])).rejects.toThrow(/bad input/);
    await expect(pool.run(["good"])).resolves.toHaveLength(1);
    await pool.close();
  });

  it("close() rejects queued batches and later calls", async () => {
    const pool = new EmbeddingWorkerPool({ workerUrl: echo, size: 1, model: "test" });
    const pending = Promise.allSettled([pool.run(["a"]), pool.run(["b"])]);
    await pool.close();
    for (const r of await pending) expect(r.status).toBe("rejected");
    await expect(pool.run(["c"])).rejects.toThrow(/closed/);
  });
});
