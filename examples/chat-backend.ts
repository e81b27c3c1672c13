/**
 * Example: mount the sourcewise chat backend inside an existing Node `http` server, next to the
 * routes the app already has, then call it once as a client and print the server-sent events.
 * Run: npx tsx examples/chat-backend.ts "Why are broaden retries bounded?"
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createChatHandler, createEmbeddings, ingest, loadProfiles, openPGliteStore } from "../src/index.js";
import { parseSse } from "../src/server/sse.js";

const message = process.argv[2] ?? "Why are broaden retries bounded?";
const store = await openPGliteStore({ path: "memory" });
const embeddings = await createEmbeddings("local/use-lite");
await ingest({ store, embeddings, paths: ["docs/guides"], source: "docs" });

// The handler takes (req, res) like any Node listener; the app keeps its own routes.
const sourcewise = createChatHandler({ context: { store, embeddings, profiles: loadProfiles() } });
const app = createServer((req, res) => {
  if (req.url === "/api/hello") return void res.end("hello from the existing app\n");
  if (req.url?.startsWith("/v1/") || req.url === "/healthz") return sourcewise(req, res);
  res.writeHead(404).end();
});
await new Promise<void>((ready) => app.listen(0, "127.0.0.1", ready));
const base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;

try {
  const res = await fetch(`${base}/v1/chat`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message }),
  });
  for (const { event, data } of parseSse(await res.text())) {
    if (event === "final") console.log("final:", JSON.stringify(data, null, 2));
    else console.log(`${event}: ${JSON.stringify(data)}`);
  }
} finally {
  app.close();
  await sourcewise.idle();
  await embeddings.close();
  await store.close();
}
