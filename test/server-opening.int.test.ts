import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRunContext } from "../src/context/build-context.js";
import { ingest } from "../src/ingestion/ingest.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import type { EmbeddingProvider } from "../src/models/embeddings/types.js";
import type { ChatHandlerOptions } from "../src/server/app.js";
import { startServer, type RunningServer } from "../src/server/server.js";
import { loadProfiles } from "../src/sources/load.js";
import type { SqlStore } from "../src/storage/store.js";
import { ROOT } from "./helpers/demo-corpus.js";
import { post } from "./helpers/http.js";
import { memoryStore } from "./helpers/store.js";

// `sourcewise serve` listens before its store and model are open (`startServer({ opening })`):
// requests wait for them, /healthz says "starting", a failed opening is a 503 naming the error.

let store: SqlStore;
let embeddings: EmbeddingProvider;
const servers: RunningServer[] = [];

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  promise.catch(() => {});
  return { promise, resolve, reject };
}

beforeAll(async () => {
  store = await memoryStore();
  embeddings = await createEmbeddings("local/use-lite", { workers: 1 });
  await ingest({ store, embeddings, paths: [join(ROOT, "docs/guides")], source: "docs" });
}, 180_000);

afterAll(async () => {
  for (const s of servers) await s.close();
  await embeddings?.close();
  await store?.close();
});

describe("a server that listens while it opens", () => {
  it("answers /healthz 503 starting, holds a chat request until the store is open, then answers it", async () => {
    const opening = deferred<ChatHandlerOptions>();
    const server = await startServer({ opening: opening.promise, port: 0 });
    servers.push(server);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "starting" });

    let answered = false;
    const chat = post(`${server.url}/v1/chat`, { message: "Why are broaden retries bounded in the quality gate?" }).then((r) => {
      answered = true;
      return r;
    });
    // The request is in: it waits for the store, it is not refused.
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    opening.resolve({ context: buildRunContext({ store, embeddings, profiles: loadProfiles() }) });
    const { status, events } = await chat;
    expect(status).toBe(200);
    expect(events.at(-1)?.event).toBe("final");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 120_000);

  it("answers 503 naming the error when the store fails to open", async () => {
    const opening = deferred<ChatHandlerOptions>();
    const server = await startServer({ opening: opening.promise, port: 0 });
    servers.push(server);
    const waiting = fetch(`${server.url}/v1/chat`, { method: "POST", body: JSON.stringify({ message: "hello" }) });
    opening.reject(new Error("could not open the database at /nope"));
    const res = await waiting;
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: "The server failed to start: could not open the database at /nope", field: "server" });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
  });
});
