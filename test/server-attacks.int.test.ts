import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTSIDE_ROOTS } from "../src/ingestion/files.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import type { EmbeddingProvider } from "../src/models/embeddings/types.js";
import type { RunContextInput } from "../src/context/build-context.js";
import { startServer, type RunningServer } from "../src/server/server.js";
import { loadProfiles } from "../src/sources/load.js";
import type { SqlStore } from "../src/storage/store.js";
import { dataOf, post } from "./helpers/http.js";
import { memoryStore } from "./helpers/store.js";

// Each test is an attack an adversarial run made against `sourcewise serve`, replayed against a
// real server on a free port over the real embedded store.

const SECRET = "attack-secret-0123456789abcdef";
const SECRET_WORD = "zebracornpassphrase";
let base: string;
let allowed: string;
let outside: string;
let store: SqlStore;
let embeddings: EmbeddingProvider;
let context: RunContextInput;
const servers: RunningServer[] = [];

const token = (tenant: string) =>
  new SignJWT({ tenant_id: tenant }).setProtectedHeader({ alg: "HS256" }).setExpirationTime("5m").sign(new TextEncoder().encode(SECRET));
const bearer = async (tenant: string) => ({ authorization: `Bearer ${await token(tenant)}` });

async function serve(
  options: Omit<Parameters<typeof startServer>[0], "context" | "port"> & { context?: RunContextInput } = {},
): Promise<RunningServer> {
  const server = await startServer({ context, port: 0, ...options });
  servers.push(server);
  return server;
}

/** Every document uri of a tenant, all sources. */
const uris = async (tenant = "default") => (await store.listDocuments({ tenant })).map((d) => d.uri);

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "sw-attacks-"));
  allowed = join(base, "allowed");
  outside = join(base, "outside");
  await mkdir(join(allowed, "notes", "nested"), { recursive: true });
  await mkdir(outside);
  await writeFile(join(allowed, "notes", "ok.md"), "# Release notes\n\nThe quality gate bounds broaden retries to one round.\n");
  await writeFile(join(outside, "secret.md"), `# Credentials\n\nThe vault ${SECRET_WORD} is hunter2, stored outside the allowed folder.\n`);
  // The attack: links inside the allowed folder that lead out of it, a file one and a folder one, two levels down.
  await symlink(join(outside, "secret.md"), join(allowed, "notes", "innocent.md"));
  await symlink(outside, join(allowed, "notes", "nested", "more-notes"));
  store = await memoryStore();
  embeddings = await createEmbeddings("local/use-lite", { workers: 1 });
  context = { store, embeddings, profiles: loadProfiles() };
}, 180_000);

afterAll(async () => {
  for (const s of servers) await s.close();
  await embeddings?.close();
  await store?.close();
  if (base) await rm(base, { recursive: true, force: true });
});

describe("symbolic links through POST /v1/ingest", () => {
  it("skips a link at any depth that leads out of the allowed folder, and /v1/chat never serves its content", async () => {
    const server = await serve({ ingestRoots: [allowed] });
    const res = await post(`${server.url}/v1/ingest`, { paths: ["notes"], source: "docs" });
    expect(res.status).toBe(200);
    expect(res.json.skipped).toEqual(
      expect.arrayContaining([
        { path: join(allowed, "notes", "innocent.md"), reason: OUTSIDE_ROOTS },
        { path: join(allowed, "notes", "nested", "more-notes"), reason: OUTSIDE_ROOTS },
      ]),
    );
    expect(JSON.stringify(res.json)).not.toContain(outside);
    const stored = await uris();
    expect(stored).toContain(join(allowed, "notes", "ok.md"));
    expect(stored.some((u) => u.includes("innocent") || u.includes("more-notes") || u.startsWith(outside))).toBe(false);
    const chat = await post(`${server.url}/v1/chat`, { message: `What is the vault ${SECRET_WORD}?` });
    expect(JSON.stringify(chat.events)).not.toContain("hunter2");
  });

  it("refuses a link named directly, like a path outside", async () => {
    const server = await serve({ ingestRoots: [allowed] });
    const res = await post(`${server.url}/v1/ingest`, { paths: ["notes/innocent.md"], source: "docs" });
    expect(res).toMatchObject({ status: 400, json: { field: "paths" } });
  });
});

describe("tenants and their ingest folders under auth", () => {
  it("keeps each tenant in its own folder under the data directory: B cannot ingest A's", async () => {
    const dataDir = join(base, "data");
    const server = await serve({ jwtSecret: SECRET, dataDir });
    const acmeFolder = join(dataDir, "ingest", "acme");
    await mkdir(acmeFolder, { recursive: true });
    await writeFile(join(acmeFolder, "plan.md"), "# Acme plan\n\nAcme ships the rocket skates in March.\n");
    const globex = await bearer("globex");
    for (const path of [acmeFolder, join(acmeFolder, "plan.md"), "../acme/plan.md", "../acme"]) {
      const res = await post(`${server.url}/v1/ingest`, { paths: [path], source: "docs" }, globex);
      expect(res, path).toMatchObject({ status: 400, json: { field: "paths" } });
    }
    expect(await uris("globex")).toEqual([]);
    const own = await post(`${server.url}/v1/ingest`, { paths: ["plan.md"], source: "docs" }, await bearer("acme"));
    expect(own.status).toBe(200);
    expect(await uris("acme")).toEqual([join(acmeFolder, "plan.md")]);
  });

  it('applies per-tenant roots from the configuration, with "*" for the others', async () => {
    const server = await serve({ jwtSecret: SECRET, ingestRoots: { acme: [allowed], "*": [join(base, "shared", "{tenant}")] } });
    const okPath = join(allowed, "notes", "ok.md");
    expect((await post(`${server.url}/v1/ingest`, { paths: [okPath], source: "docs" }, await bearer("acme"))).status).toBe(200);
    expect((await post(`${server.url}/v1/ingest`, { paths: [okPath], source: "docs" }, await bearer("initech"))).status).toBe(400);
  });
});

describe("what /v1/ingest tells, and when", () => {
  it("answers a path outside the folders and a path that does not exist alike", async () => {
    const server = await serve({ ingestRoots: [allowed] });
    const exists = await post(`${server.url}/v1/ingest`, { paths: [join(outside, "secret.md")] });
    const absent = await post(`${server.url}/v1/ingest`, { paths: [join(outside, "absent.md")] });
    const absentInside = await post(`${server.url}/v1/ingest`, { paths: ["notes/absent.md"] });
    expect([exists.status, absent.status, absentInside.status]).toEqual([400, 400, 400]);
    const shape = (res: { json: { error: string; field: string } }, path: string) => ({
      ...res.json,
      error: res.json.error.replace(path, "<path>"),
    });
    expect(shape(exists, join(outside, "secret.md"))).toEqual(shape(absent, join(outside, "absent.md")));
    expect(shape(absent, join(outside, "absent.md"))).toEqual(shape(absentInside, "notes/absent.md"));
  });

  it("refuses a bad request at once while another ingestion is still running", async () => {
    // The first ingestion holds the writer until the gate opens, which happens only after the bad requests were answered.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const held: EmbeddingProvider = {
      ...embeddings,
      embedDocuments: async (t, o) => (await gate, embeddings.embedDocuments(t, o)),
      close: async () => {},
    };
    const server = await serve({ context: { ...context, embeddings: held }, ingestRoots: [allowed] });
    let running = true;
    const first = post(`${server.url}/v1/ingest`, { paths: ["notes/ok.md"], source: "examples" }).finally(() => (running = false));
    const bad = await Promise.all([
      post(`${server.url}/v1/ingest`, { paths: ["notes"], source: "nope" }),
      post(`${server.url}/v1/ingest`, { paths: ["/etc"] }),
      post(`${server.url}/v1/ingest`, "{not json"),
    ]);
    expect(bad.map((r) => [r.status, r.json.field])).toEqual([
      [400, "source"],
      [400, "paths"],
      [400, "body"],
    ]);
    expect(running).toBe(true);
    open();
    expect((await first).status).toBe(200);
  }, 30_000);
});

describe("invalid characters", () => {
  it.each([
    ["NUL in message", { message: "why\u0000 retries?" }, "message"],
    ["NUL in topic", { message: "why retries?", topic: "matlab\u0000" }, "topic"],
    ["a lone surrogate in message", { message: "why \ud800 retries?" }, "message"],
    ["an escape character in message", { message: "why \u001b[31m retries?" }, "message"],
    ["NUL in thread_id", { message: "why retries?", thread_id: "t\u0000" }, "thread_id"],
    ["NUL in sources", { message: "why retries?", sources: ["docs\u0000"] }, "sources"],
  ])("refuses %s on /v1/chat with a 400 naming the field, not a stream with a database error", async (_what, body, field) => {
    const server = await serve({ ingestRoots: [allowed] });
    const res = await post(`${server.url}/v1/chat`, body);
    expect(res.status).toBe(400);
    expect(res.json.field).toBe(field);
    expect(res.json.error).not.toMatch(/invalid byte sequence|postgres|0x00/i);
  });

  it("refuses NUL in ingest paths and topics", async () => {
    const server = await serve({ ingestRoots: [allowed] });
    expect((await post(`${server.url}/v1/ingest`, { paths: ["notes\u0000"] })).json.field).toBe("paths");
    expect((await post(`${server.url}/v1/ingest`, { paths: ["notes"], topics: ["\ud800"] })).json.field).toBe("topics");
  });
});

/** Opens a raw TCP connection and resolves with everything the server sent when it closes the socket. */
function rawClient(url: string, onConnect: (socket: Socket) => void): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => onConnect(socket));
    let received = "";
    socket.on("data", (d) => (received += d.toString("utf8")));
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
  });
}

describe("slow clients", () => {
  it("cuts off a body sent one byte at a time with a 408 and closes the socket", async () => {
    const server = await serve({ ingestRoots: [allowed], headersTimeoutMs: 500, requestTimeoutMs: 1000 });
    let timer: NodeJS.Timeout | undefined;
    const received = await rawClient(server.url, (socket) => {
      socket.write("POST /v1/chat HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 10000\r\n\r\n{");
      timer = setInterval(() => socket.writable && socket.write(" "), 100);
    });
    clearInterval(timer);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  }, 15_000);

  it("cuts off headers sent one byte at a time", async () => {
    const server = await serve({ ingestRoots: [allowed], headersTimeoutMs: 500, requestTimeoutMs: 1000 });
    let timer: NodeJS.Timeout | undefined;
    const received = await rawClient(server.url, (socket) => {
      socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ");
      timer = setInterval(() => socket.writable && socket.write("a"), 100);
    });
    clearInterval(timer);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 15_000);
});

describe("browser origins", () => {
  const APP = "https://app.example.com";

  it("refuses a cross-origin text/plain POST to /v1/ingest, and nothing is ingested", async () => {
    const server = await serve({ ingestRoots: [allowed], corsOrigins: [APP] });
    const before = await uris();
    const forms: Record<string, string>[] = [
      { origin: "https://evil.example", "content-type": "text/plain" },
      { origin: "null", "content-type": "text/plain" },
      { "sec-fetch-site": "cross-site", "content-type": "text/plain" },
    ];
    for (const headers of forms) {
      const res = await fetch(`${server.url}/v1/ingest`, {
        method: "POST",
        headers,
        body: JSON.stringify({ paths: ["notes"], source: "examples" }),
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(((await res.json()) as { field: string }).field).toBe("origin");
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    }
    const chat = await post(`${server.url}/v1/chat`, { message: "why retries?" }, { origin: "https://evil.example" });
    expect(chat.status).toBe(403);
    expect(await uris()).toEqual(before);
  });

  it("answers a listed origin's preflight with CORS headers, and an unlisted one without", async () => {
    const server = await serve({ ingestRoots: [allowed], corsOrigins: [APP] });
    const preflight = (origin: string) =>
      fetch(`${server.url}/v1/chat`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" },
      });
    const listed = await preflight(APP);
    expect(listed.status).toBe(204);
    expect(listed.headers.get("access-control-allow-origin")).toBe(APP);
    expect(listed.headers.get("access-control-allow-methods")).toContain("POST");
    expect(listed.headers.get("access-control-allow-headers")).toMatch(/authorization/);
    const unlisted = await preflight("https://evil.example");
    expect(unlisted.headers.get("access-control-allow-origin")).toBeNull();
    expect(unlisted.headers.get("access-control-allow-methods")).toBeNull();
    const chat = await fetch(`${server.url}/v1/chat`, {
      method: "POST",
      headers: { origin: APP, "content-type": "application/json" },
      body: JSON.stringify({ message: "Why are broaden retries bounded?" }),
    });
    expect(chat.status).toBe(200);
    expect(chat.headers.get("access-control-allow-origin")).toBe(APP);
    await chat.text();
  });

  it("sends no CORS headers at all when no origin is configured", async () => {
    const server = await serve({ ingestRoots: [allowed] });
    const res = await fetch(`${server.url}/healthz`, { headers: { origin: APP } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    const chat = await post(`${server.url}/v1/chat`, { message: "why retries?" }, { origin: APP });
    expect(chat.status).toBe(403);
    // Clients that are not browsers send no Origin and are served as before.
    expect(dataOf((await post(`${server.url}/v1/chat`, { message: "Why are broaden retries bounded?" })).events, "final")).toBeDefined();
  });
});
