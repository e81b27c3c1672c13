import { z } from "zod";
import { GateSettingsSchema, GenerationSettingsSchema, RetrievalSettingsSchema } from "./run-settings.js";

const StoreSchema = z
  .object({
    /** Which engine holds the index: embedded PGlite, a Postgres server, or Supabase. */
    kind: z.enum(["pglite", "postgres", "supabase"]).default("pglite"),
    /** PGlite data directory, or "memory". */
    path: z.string().min(1).default(".sourcewise/db"),
    /** `postgres://` URL: the store for kind "postgres", and the write path for "supabase". */
    databaseUrl: z.string().min(1).optional(),
    /** Kind "supabase": retrieval as RPCs with the end user's JWT (never the service-role key). */
    supabase: z
      .object({
        url: z.string().min(1).optional(),
        anonKey: z.string().min(1).optional(),
        /** The end user's JWT; row-level security scopes reads to its app_metadata.tenant_id. */
        accessToken: z.string().min(1).optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  // Checked only for the kind in use: a stray DATABASE_URL must not break the embedded store.
  .superRefine((s, ctx) => {
    if (s.kind === "postgres" && !/^postgres(ql)?:\/\//.test(s.databaseUrl ?? "")) {
      ctx.addIssue({ code: "custom", path: ["databaseUrl"], message: "store kind postgres needs DATABASE_URL as a postgres:// URL" });
    }
    if (s.kind === "supabase") {
      const missing = (["url", "anonKey", "accessToken"] as const).filter((k) => !s.supabase?.[k]);
      if (missing.length) {
        ctx.addIssue({
          code: "custom",
          path: ["supabase"],
          message: `store kind supabase needs ${missing.join(", ")} (SUPABASE_URL, SUPABASE_ANON_KEY, SOURCEWISE_USER_JWT)`,
        });
      }
    }
  });

const IngestSchema = z
  .object({
    /** Files larger than this are skipped with a reason. */
    maxFileBytes: z
      .number()
      .int()
      .positive()
      .default(50 * 1024 * 1024),
    /** A section longer than this is split into child chunks. */
    maxTokens: z.number().int().min(32).max(8192).default(400),
    overlapTokens: z.number().int().min(0).max(1024).default(40),
    /** Documents per write transaction (and embedding batch). */
    batchSize: z.number().int().min(1).max(10_000).default(64),
  })
  .strict()
  // Chunks advance by maxTokens - overlapTokens: an overlap as long as the chunk never advances.
  .refine((i) => i.overlapTokens < i.maxTokens, { path: ["overlapTokens"], message: "must be less than ingest.maxTokens" });

const ServerSchema = z
  .object({
    port: z.number().int().min(0).max(65535).default(8787),
    /** Loopback by default: exposing the server is a deliberate choice. */
    host: z.string().min(1).default("127.0.0.1"),
    /** HS256 secret for bearer JWTs (claim `tenant_id`); when set, requests without a valid token are refused. */
    jwtSecret: z.string().min(16, "use at least 16 characters").optional(),
    /** Where threads persist: "memory", "pglite" (an embedded database beside the store) or a postgres:// URL. */
    threads: z.string().min(1).default("pglite"),
    /** Longest accepted chat message, in characters. */
    maxMessageChars: z.number().int().min(1).max(100_000).default(4000),
    /** Largest accepted request body, in bytes. */
    maxBodyBytes: z
      .number()
      .int()
      .min(256)
      .max(50 * 1024 * 1024)
      .default(256 * 1024),
    /** Server data folder; per-tenant ingest folders live in `<dataDir>/ingest/<tenant>`. @default the folder holding store.path (`.sourcewise`) */
    dataDir: z.string().min(1).optional(),
    /**
     * Folders POST /v1/ingest may read, per tenant id, with `"*"` for every other tenant; `{tenant}` in a folder is the
     * caller's tenant. @default auth off: the working directory; auth on: `{ "*": ["<dataDir>/ingest/{tenant}"] }`
     */
    ingestRoots: z
      .record(z.string().regex(/^(\*|[\w.-]{1,200})$/, 'a key is a tenant id or "*"'), z.array(z.string().min(1)).min(1))
      .optional(),
    /** Browser origins (`https://app.example.com`) allowed to call the server (CORS); others are refused. @default none */
    corsOrigins: z.array(z.string().regex(/^https?:\/\/[^/\s]+$/, "an origin is scheme://host[:port], no path")).default([]),
    /** A client must send its request headers within this time, or its socket is closed. */
    headersTimeoutMs: z.number().int().min(100).max(600_000).default(10_000),
    /** A client must send its whole request (headers and body) within this time (408, socket closed). Responses may stream longer. */
    requestTimeoutMs: z.number().int().min(100).max(3_600_000).default(30_000),
    /** An idle keep-alive connection is closed after this time. */
    keepAliveTimeoutMs: z.number().int().min(100).max(600_000).default(5_000),
  })
  .strict()
  // Node refuses a headers timeout longer than the request timeout.
  .refine((s) => s.headersTimeoutMs <= s.requestTimeoutMs, {
    path: ["headersTimeoutMs"],
    message: "must not exceed server.requestTimeoutMs",
  });

/**
 * Every setting, its default and its validation, declared once. The config file, environment
 * variables, CLI flags and (for `gate`, `retrieval`, `generation`, `chatModel`, `reranker`) each
 * tenant's row of `sw_tenant_config` all parse through this schema.
 */
export const ConfigSchema = z
  .object({
    store: StoreSchema.default({}),
    /** Tenant used when a command names none. */
    tenant: z.string().min(1).max(200).default("default"),
    /** Embedding provider as `provider/model`. */
    embeddings: z.string().min(3).default("local/use-lite"),
    /** Worker threads for the local embedding model; unset, one per core (at most 2). */
    embeddingWorkers: z.number().int().min(1).max(64).optional(),
    /** Chat model as `provider/model` for the planner and generator; unset → Gemini with GOOGLE_API_KEY, else the offline answerer. */
    chatModel: z.string().min(3).optional(),
    /** Reranker as `provider/model` (local/fusion, cohere/rerank-v3.5); unset → Cohere when COHERE_API_KEY is set, else local/fusion. */
    reranker: z.string().min(3).optional(),
    /**
     * Source profiles. One named like a default (api_reference, docs, examples) changes only the
     * fields it gives; a new name adds a source. Kept raw here: `loadProfiles` merges and validates.
     */
    sources: z.array(z.object({ name: z.string().min(1) }).passthrough()).optional(),
    ingest: IngestSchema.default({}),
    /** `sourcewise serve`: the chat-backend HTTP server. */
    server: ServerSchema.default({}),
    /** `sourcewise ask`'s warm process, which keeps the store open and the model loaded between questions. */
    warm: z
      .object({
        /** The warm process exits after this many seconds without a question; 0: `ask` answers in its own process. */
        idleSeconds: z.number().int().min(0).max(86_400).default(300),
      })
      .strict()
      .default({}),
    /** The quality gate's thresholds. */
    gate: GateSettingsSchema.default({}),
    /** Hybrid search, query expansion, broadening and reranking. */
    retrieval: RetrievalSettingsSchema.default({}),
    /** Context formatting, the offline answerer and the answer style. */
    generation: GenerationSettingsSchema.default({}),
  })
  .strict();

/** The validated settings tree, defaults filled in. */
export type Config = z.infer<typeof ConfigSchema>;
/** Settings as written in a config file (every field optional). */
export type ConfigInput = z.input<typeof ConfigSchema>;
