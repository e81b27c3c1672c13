import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import { ConfigError } from "../errors.js";

/** Every setting, its default and its validation, declared once. */
export const ConfigSchema = z
  .object({
    store: z
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
            ctx.addIssue({ code: "custom", path: ["supabase"], message: `store kind supabase needs ${missing.join(", ")} (SUPABASE_URL, SUPABASE_ANON_KEY, SOURCEWISE_USER_JWT)` });
          }
        }
      })
      .default({}),
    /** Tenant used when a command names none. */
    tenant: z.string().min(1).max(200).default("default"),
    /** Embedding provider as `provider/model`. */
    embeddings: z.string().min(3).default("local/use-lite"),
    /** Worker threads for the local embedding model. */
    embeddingWorkers: z.number().int().min(1).max(64).optional(),
    ingest: z
      .object({
        /** Files larger than this are skipped with a reason. */
        maxFileBytes: z.number().int().positive().default(50 * 1024 * 1024),
        /** A section longer than this is split into child chunks. */
        maxTokens: z.number().int().min(32).max(8192).default(400),
        overlapTokens: z.number().int().min(0).max(1024).default(40),
        /** Documents per write transaction (and embedding batch). */
        batchSize: z.number().int().min(1).max(10_000).default(64),
      })
      .strict()
      // Chunks advance by maxTokens - overlapTokens: an overlap as long as the chunk never advances.
      .refine((i) => i.overlapTokens < i.maxTokens, { path: ["overlapTokens"], message: "must be less than ingest.maxTokens" })
      .default({}),
    /** Chat model as `provider/model` for the LLM planner (and generator); unset → offline defaults. */
    chatModel: z.string().min(3).optional(),
    /** Reranker as `provider/model` (local/fusion, cohere/rerank-v3.5); unset → Cohere when COHERE_API_KEY is set, else local/fusion. */
    reranker: z.string().min(3).optional(),
    /**
     * Source profiles. One named like a default (api_reference, docs, examples) changes only the
     * fields it gives; a new name adds a source. Kept raw here: `loadProfiles` merges and validates.
     */
    sources: z.array(z.object({ name: z.string().min(1) }).passthrough()).optional(),
    /** `sourcewise serve`: the chat-backend HTTP server. */
    server: z
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
        maxBodyBytes: z.number().int().min(256).max(50 * 1024 * 1024).default(256 * 1024),
        /** Server data folder; per-tenant ingest folders live in `<dataDir>/ingest/<tenant>`. @default the folder holding store.path (`.sourcewise`) */
        dataDir: z.string().min(1).optional(),
        /**
         * Folders POST /v1/ingest may read, per tenant id, with `"*"` for every other tenant; `{tenant}` in a folder is the
         * caller's tenant. @default auth off: the working directory; auth on: `{ "*": ["<dataDir>/ingest/{tenant}"] }`
         */
        ingestRoots: z.record(z.string().regex(/^(\*|[\w.-]{1,200})$/, "a key is a tenant id or \"*\""), z.array(z.string().min(1)).min(1)).optional(),
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
      .refine((s) => s.headersTimeoutMs <= s.requestTimeoutMs, { path: ["headersTimeoutMs"], message: "must not exceed server.requestTimeoutMs" })
      .default({}),
  })
  .strict();

export type Config = z.infer<typeof ConfigSchema>;
export type ConfigInput = z.input<typeof ConfigSchema>;

/** Environment variables and the config paths they set. */
const ENV: Record<string, (v: string) => ConfigInput> = {
  SOURCEWISE_DB_PATH: (v) => ({ store: { path: v } }),
  SOURCEWISE_STORE: (v) => ({ store: { kind: v as "pglite" } }),
  DATABASE_URL: (v) => ({ store: { databaseUrl: v } }),
  SUPABASE_URL: (v) => ({ store: { supabase: { url: v } } }),
  SUPABASE_ANON_KEY: (v) => ({ store: { supabase: { anonKey: v } } }),
  SOURCEWISE_USER_JWT: (v) => ({ store: { supabase: { accessToken: v } } }),
  SOURCEWISE_TENANT: (v) => ({ tenant: v }),
  SOURCEWISE_EMBEDDINGS: (v) => ({ embeddings: v }),
  SOURCEWISE_EMBEDDING_WORKERS: (v) => ({ embeddingWorkers: Number(v) }),
  SOURCEWISE_CHAT_MODEL: (v) => ({ chatModel: v }),
  SOURCEWISE_RERANKER: (v) => ({ reranker: v }),
  SOURCEWISE_PORT: (v) => ({ server: { port: Number(v) } }),
  SOURCEWISE_JWT_SECRET: (v) => ({ server: { jwtSecret: v } }),
  SOURCEWISE_THREADS: (v) => ({ server: { threads: v } }),
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function merge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isObject(v) && isObject(out[k]) ? merge(out[k] as Record<string, unknown>, v) : v;
  return out;
}

function formatIssues(error: z.ZodError, origin: string): string {
  return error.issues
    .map((i) => `  - ${i.path.join(".") || "(root)"}: ${i.message}${origin ? ` (from ${origin})` : ""}`)
    .join("\n");
}

export interface LoadConfigOptions {
  /** A config file; else `SOURCEWISE_CONFIG`, else `sourcewise.config.json` in `cwd` if present. */
  file?: string;
  /** Values that win over file and environment (CLI flags). */
  overrides?: ConfigInput;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/**
 * Builds the configuration: defaults, then the config file, then environment variables, then
 * `overrides`. Validated with zod; every bad value is named in one ConfigError.
 * @example
 * const config = loadConfig({ overrides: { tenant: "acme" } });
 */
export function loadConfig({ file, overrides = {}, env = process.env, cwd = process.cwd() }: LoadConfigOptions = {}): Config {
  let layered: Record<string, unknown> = {};
  const path = file ?? env.SOURCEWISE_CONFIG ?? (existsSync(resolve(cwd, "sourcewise.config.json")) ? "sourcewise.config.json" : undefined);
  if (path) {
    const full = resolve(cwd, path);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(full, "utf8"));
    } catch (cause) {
      throw new ConfigError({
        message: `Could not read config file ${full}: ${(cause as Error).message}`,
        hint: "The config file must be JSON; see README.md#configuration.",
        data: { path: full },
      });
    }
    if (!isObject(parsed)) throw new ConfigError({ message: `Config file ${full} must hold a JSON object.`, data: { path: full } });
    layered = merge(layered, parsed);
  }
  for (const [name, apply] of Object.entries(ENV)) {
    const value = env[name];
    if (value !== undefined && value !== "") layered = merge(layered, apply(value) as Record<string, unknown>);
  }
  layered = merge(layered, overrides as Record<string, unknown>);
  const result = ConfigSchema.safeParse(layered);
  if (!result.success) {
    throw new ConfigError({
      message: `Invalid configuration:\n${formatIssues(result.error, path ?? "")}`,
      hint: "Fix the values named here in the config file, the SOURCEWISE_* environment variables or the command's flags.",
      data: { issues: result.error.issues },
    });
  }
  return result.data;
}
