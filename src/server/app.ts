import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { MemorySaver } from "@langchain/langgraph";
import { createGraph } from "../graph/graph.js";
import { buildRunContext, type RunContextInput } from "../context/build-context.js";
import type { RunContext } from "../context/run-context.js";
import type { Citation } from "../state/types.js";
import { createTenantContexts, type ContextForTenantOptions } from "../context/tenant-context.js";
import { TenantConfigError } from "../storage/tenant-config.js";
import { AuthError, tenantOf } from "./auth.js";
import { ingest } from "../ingestion/ingest.js";
import { prepareIngest, type IngestDefaults } from "./ingest-route.js";
import { defaultIngestRoots, rootsForTenant, type IngestRoots } from "./ingest-roots.js";
import { OriginPolicy } from "./origin.js";
import { SseStream } from "./sse.js";
import { serveStatic } from "./static-ui.js";
import { answerPieces } from "../generation/answer-message.js";
import { chatBodySchema, parseBody, RequestError, type ChatBody } from "./validation.js";
import { uiChatBodySchema, UiMessageStream } from "./ui-stream.js";

/** Options of {@link createChatHandler}. */
export interface ChatHandlerOptions {
  /**
   * The store and default models the graph runs on; the handler owns no resources. Each request
   * runs with its tenant's row of `sw_tenant_config` over these defaults.
   */
  context: RunContextInput;
  /** How a tenant's chat model and reranker are built from its row. @default createChatModel, createReranker */
  tenantModels?: ContextForTenantOptions;
  /** Where threads persist. @default a MemorySaver (threads last as long as the process) */
  checkpointer?: BaseCheckpointSaver;
  /** HS256 secret for bearer JWTs; when set, every /v1 request needs one. */
  jwtSecret?: string;
  /** @default 4000 */
  maxMessageChars?: number;
  /** @default 262144 */
  maxBodyBytes?: number;
  /**
   * Folders POST /v1/ingest may read (symbolic links resolved at every depth): one list, or lists
   * per tenant with `"*"` for the others; `{tenant}` in a folder is the caller's tenant.
   * @default auth off: [process.cwd()]; auth on: { "*": ["<dataDir>/ingest/{tenant}"] }
   */
  ingestRoots?: IngestRoots;
  /** Where per-tenant ingest folders live by default. @default ".sourcewise" */
  dataDir?: string;
  /** Browser origins allowed to call the server (CORS); a browser POST from any other origin is refused. @default [] */
  corsOrigins?: string[];
  /** Chunking and limits for POST /v1/ingest. */
  ingest?: IngestDefaults;
  /** Serve the built chat page (examples/chat-ui) from this folder at `/`; its own origin may then call /api/chat. */
  uiDir?: string;
  /** Called when a chat run starts, with the signal that aborts it (for logs and tests). */
  onRun?: (run: { tenant: string; threadId: string; signal: AbortSignal }) => void;
}

/** A Node `http` request listener, plus a way to wait for ingestion still writing. */
export interface ChatHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  /** Resolves when no ingestion is running (call before closing the store). */
  idle(): Promise<void>;
  /** Lets these origins call the server too (the server's own, once it listens and serves the page). */
  allowOrigins(origins: readonly string[]): void;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return void res.end();
  // An unread oversized body would otherwise keep the connection busy.
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...(status === 413 ? { connection: "close" } : {}) });
  res.end(JSON.stringify(body));
}

/** Reads the body up to `max` bytes. @throws RequestError 413 naming `body` when it is larger. */
async function readBody(req: IncomingMessage, max: number): Promise<string> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > max) throw new RequestError(413, "body", `The body is larger than ${max} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new RequestError(413, "body", `The body is larger than ${max} bytes.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export { answerPieces } from "../generation/answer-message.js";

/** A small, serializable view of a node's update for the `node` event; candidates stay server-side. */
function progress(node: string, update: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { node };
  const plan = update.plan as { intent?: string; sources?: string[] } | null | undefined;
  const route = update.route as { sources?: string[] } | null | undefined;
  const gate = update.gate as { decision?: string } | null | undefined;
  if (node === "condense") out.standalone_question = update.standalone_question;
  if (plan) Object.assign(out, { intent: plan.intent, sources: plan.sources });
  if (route) out.sources = route.sources;
  if (node === "retrieve" && update.candidates) {
    const lists = update.candidates as Record<string, unknown[]>;
    // Keys are `${attempt}:${source}:${scope}`; one branch searches one source.
    out.source = Object.keys(lists)[0]?.split(":")[1];
    out.candidates = Object.values(lists).reduce((n, l) => n + l.length, 0);
  }
  if (node === "rerank" && Array.isArray(update.ranked))
    out.ranked = (update.ranked as { below_threshold?: boolean }[]).filter((r) => !r.below_threshold).length;
  if (gate) out.decision = gate.decision;
  return out;
}

/**
 * Builds the chat backend as a Node `http` request listener: POST /v1/chat (server-sent events),
 * POST /v1/ingest, GET /healthz. Mount it in `http.createServer`, or call it from a framework's
 * route with the raw request and response. Each chat runs with its tenant's configuration (chat
 * model, reranker, thresholds, answer style) from `sw_tenant_config`; a change applies on the next
 * request. Bad input gets a 4xx JSON `{ error, field }`, a bad tenant row a 500 JSON naming the
 * tenant and the column; a client that disconnects aborts its run.
 *
 * @example
 * const handler = createChatHandler({ context: { store, embeddings, profiles } });
 * http.createServer(handler).listen(8787);
 */
export function createChatHandler(options: ChatHandlerOptions): ChatHandler {
  const { jwtSecret, maxMessageChars = 4000, maxBodyBytes = 256 * 1024, onRun } = options;
  const context = buildRunContext(options.context);
  const checkpointer = options.checkpointer ?? new MemorySaver();
  // streamScratch: the `node` progress events count candidates and ranked results (never checkpointed either way).
  const graph = createGraph({ ...context, checkpointer, streamScratch: true });
  // Each run gets its tenant's context, rebuilt only when the tenant's row changes.
  const tenantContext = createTenantContexts(context, options.tenantModels);
  const chatSchema = chatBodySchema(maxMessageChars);
  const uiChatSchema = uiChatBodySchema(maxMessageChars);
  const auth = { secret: jwtSecret, defaultTenant: context.tenant };
  const ingestRoots = options.ingestRoots ?? defaultIngestRoots({ auth: Boolean(jwtSecret), dataDir: options.dataDir ?? ".sourcewise" });
  const origins = new OriginPolicy(options.corsOrigins);
  // PGlite has one writer: ingestions queue here, one at a time; questions keep reading meanwhile.
  let writes: Promise<unknown> = Promise.resolve();

  async function chat(req: IncomingMessage, res: ServerResponse, tenant: string): Promise<void> {
    const body: ChatBody = parseBody(await readBody(req, maxBodyBytes), chatSchema);
    const known = new Set(context.profiles.map((p) => p.name));
    const unknown = body.sources?.find((s) => !known.has(s));
    if (unknown) throw new RequestError(400, "sources", `Unknown source "${unknown}"; known: ${[...known].join(", ")}.`);
    // Resolved before the stream opens, so a bad tenant row is a JSON error response, not a broken stream.
    const runContext = await tenantContext(tenant);
    const threadId = body.thread_id ?? randomUUID();
    const controller = new AbortController();
    // "close" also fires after a normal end; only an early one means the client left.
    res.on("close", () => {
      if (!res.writableFinished) controller.abort(new Error("client disconnected"));
    });
    onRun?.({ tenant, threadId, signal: controller.signal });
    const sse = new SseStream(res);
    sse.send("thread", { thread_id: threadId });
    const final: Record<string, unknown> = {};
    let streamed = false;
    try {
      const stream = await graph.stream(
        { question: body.message, tenant, sources: body.sources, topic: body.topic },
        // Thread ids are per tenant: another tenant naming the same id gets its own thread.
        // durability "exit": a thread needs each turn's end state only, one checkpoint write instead of one per step.
        // The graph declares no context schema, so LangGraph types the per-call context as a plain record.
        {
          context: runContext as RunContext & Record<string, unknown>,
          configurable: { thread_id: `${tenant}/${threadId}` },
          streamMode: ["updates", "messages"],
          signal: controller.signal,
          durability: "exit",
        },
      );
      for await (const [mode, chunk] of stream as AsyncIterable<[string, unknown]>) {
        if (mode === "messages") {
          const [message, meta] = chunk as [{ content?: unknown }, { langgraph_node?: string }];
          if (meta?.langgraph_node === "generate" && typeof message?.content === "string" && message.content) {
            streamed = true;
            sse.send("token", { text: message.content });
          }
          continue;
        }
        for (const [node, update] of Object.entries(chunk as Record<string, Record<string, unknown> | null>)) {
          if (!update) continue;
          sse.send("node", progress(node, update));
          Object.assign(final, update);
          if ((node === "generate" || node === "clarify") && !streamed) {
            for (const text of answerPieces(String(update.answer ?? ""))) sse.send("token", { text });
          }
        }
      }
      sse.send("final", {
        answer: final.answer ?? "",
        citations: final.citations ?? [],
        verdict: final.verdict ?? null,
        strategy: final.strategy ?? "",
        clarifying_questions: final.clarifying_questions ?? [],
        standalone_question: final.standalone_question ?? body.message,
        thread_id: threadId,
      });
    } catch (error) {
      if (!controller.signal.aborted) sse.send("error", { error: (error as Error).message.split("\n")[0] });
    } finally {
      sse.end();
    }
  }

  /**
   * POST /api/chat: the Vercel AI SDK's `useChat` body in, its UI message stream out. The chat id
   * is the thread (per tenant, like /v1/chat's thread_id); only the last user message is sent to
   * the graph, which keeps the conversation in its checkpointed `messages`.
   */
  async function uiChat(req: IncomingMessage, res: ServerResponse, tenant: string): Promise<void> {
    const body = parseBody(await readBody(req, maxBodyBytes), uiChatSchema);
    const known = new Set(context.profiles.map((p) => p.name));
    const unknown = body.sources?.find((s) => !known.has(s));
    if (unknown) throw new RequestError(400, "sources", `Unknown source "${unknown}"; known: ${[...known].join(", ")}.`);
    const runContext = await tenantContext(tenant);
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort(new Error("client disconnected"));
    });
    onRun?.({ tenant, threadId: body.chatId, signal: controller.signal });
    const stream = new UiMessageStream(res, `msg-${randomUUID()}`);
    const final: Record<string, unknown> = {};
    try {
      const run = await graph.stream(
        { question: body.question, tenant, sources: body.sources, topic: body.topic },
        {
          context: runContext as RunContext & Record<string, unknown>,
          configurable: { thread_id: `${tenant}/${body.chatId}` },
          streamMode: ["updates", "messages"],
          signal: controller.signal,
          durability: "exit",
        },
      );
      for await (const [mode, chunk] of run as AsyncIterable<[string, unknown]>) {
        if (mode === "messages") {
          const [message, meta] = chunk as [{ content?: unknown; getType?: () => string }, { langgraph_node?: string }];
          const node = meta?.langgraph_node;
          if ((node === "generate" || node === "clarify") && message.getType?.() === "ai" && typeof message.content === "string")
            stream.text(message.content);
          continue;
        }
        for (const update of Object.values(chunk as Record<string, Record<string, unknown> | null>))
          if (update) Object.assign(final, update);
      }
      if (!stream.hasText) stream.text(String(final.answer ?? ""));
      stream.finish({
        citations: (final.citations as Citation[] | undefined) ?? [],
        data: {
          verdict: final.verdict ?? null,
          strategy: final.strategy ?? "",
          clarifying_questions: final.clarifying_questions ?? [],
          standalone_question: final.standalone_question ?? body.question,
          thread_id: body.chatId,
        },
      });
    } catch (error) {
      if (!controller.signal.aborted) stream.fail((error as Error).message.split("\n")[0] ?? "error");
      else stream.end();
    }
  }

  async function ingestRoute(req: IncomingMessage, res: ServerResponse, tenant: string): Promise<void> {
    const raw = await readBody(req, maxBodyBytes);
    // Validated before queuing: a bad request is answered now, not after the ingestion ahead of it.
    const request = await prepareIngest(raw, { profiles: context.profiles, tenant, roots: await rootsForTenant(ingestRoots, tenant) });
    const run = writes.then(() => ingest({ store: context.store, embeddings: context.embeddings, ...options.ingest, ...request }));
    writes = run.catch(() => {});
    sendJson(res, 200, await run);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (origins.handle(req, res)) return;
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/healthz") {
      if (req.method !== "GET" && req.method !== "HEAD") throw new RequestError(405, "method", "Use GET.");
      return sendJson(res, 200, { status: "ok" });
    }
    const api = path === "/v1/chat" || path === "/v1/ingest" || path === "/api/chat";
    if (
      !api &&
      options.uiDir &&
      (req.method === "GET" || req.method === "HEAD") &&
      (await serveStatic(options.uiDir, path ?? "/", res, req.method === "HEAD"))
    )
      return;
    if (!api) throw new RequestError(404, "path", `No route ${path}.`);
    if (req.method !== "POST") throw new RequestError(405, "method", "Use POST.");
    const tenant = await tenantOf(req.headers.authorization, auth);
    if (path === "/api/chat") return uiChat(req, res, tenant);
    return path === "/v1/chat" ? chat(req, res, tenant) : ingestRoute(req, res, tenant);
  }

  const handler = ((req: IncomingMessage, res: ServerResponse) => {
    route(req, res)
      .catch((error: unknown) => {
        if (error instanceof RequestError) return sendJson(res, error.status, { error: error.message, field: error.field });
        if (error instanceof AuthError) return sendJson(res, error.status, { error: error.message, field: "authorization" });
        // The operator's row is at fault, not the request: a 500 that says which tenant and column.
        if (TenantConfigError.isInstance(error)) {
          return sendJson(res, 500, {
            error: error.message.split("\n")[0],
            field: `sw_tenant_config.${error.field}`,
            tenant: error.tenant,
            hint: error.hint,
          });
        }
        sendJson(res, 500, { error: "Internal error.", detail: (error as Error).message?.split("\n")[0] });
      })
      .catch(() => res.destroy());
  }) as ChatHandler;
  handler.idle = () => writes.then(() => {});
  handler.allowOrigins = (list) => origins.allow(list);
  return handler;
}
