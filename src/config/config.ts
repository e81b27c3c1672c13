import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { z } from "zod";
import { ConfigError } from "../errors.js";
import { ConfigSchema, type Config, type ConfigInput } from "./schema.js";

export { ConfigSchema } from "./schema.js";
export type { Config, ConfigInput } from "./schema.js";

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
  SOURCEWISE_WARM_IDLE_SECONDS: (v) => ({ warm: { idleSeconds: Number(v) } }),
};

type Tree = Record<string, unknown>;

const isObject = (v: unknown): v is Tree => typeof v === "object" && v !== null && !Array.isArray(v);

/** `b` over `a`, objects merged key by key; arrays and values replaced. */
export function deepMerge(a: Tree, b: Tree): Tree {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isObject(v) && isObject(out[k]) ? deepMerge(out[k] as Tree, v) : v;
  return out;
}

/** One source of settings values: a config file, an environment variable, flags, a tenant's row. */
export interface SettingsLayer {
  /** Where the values came from, as an error message names it: `env SOURCEWISE_PORT`. */
  origin: string;
  values: Tree;
}

function defines(values: unknown, path: readonly PropertyKey[]): boolean {
  let at = values;
  for (const key of path) {
    if (!isObject(at) || !(String(key) in at)) return false;
    at = at[String(key)];
  }
  return true;
}

/** The highest layer that set `path` (or the object holding it); "defaults" when none did. */
function originOf(path: readonly PropertyKey[], layers: readonly SettingsLayer[]): string {
  for (let depth = path.length; depth > 0; depth--) {
    const prefix = path.slice(0, depth);
    for (let i = layers.length - 1; i >= 0; i--) if (defines(layers[i]!.values, prefix)) return layers[i]!.origin;
  }
  return "defaults";
}

/** A validation issue as a user reads it: path, message, and the layer the bad value came from. */
export function describeIssue(issue: z.ZodIssue, layers: readonly SettingsLayer[], prefix = ""): string {
  const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".") || "(root)";
  return `${path}: ${issue.message} (from ${originOf(issue.path, layers)})`;
}

/**
 * Merges the layers in order (later wins) and parses them with `schema`; every bad value is named
 * by its path and the layer it came from.
 * @throws ConfigError listing every issue.
 */
export function parseLayers<S extends z.ZodTypeAny>(schema: S, layers: readonly SettingsLayer[], hint: string): z.infer<S> {
  const merged = layers.reduce<Tree>((acc, layer) => deepMerge(acc, layer.values), {});
  const result = schema.safeParse(merged);
  if (result.success) return result.data;
  const issues = result.error.issues;
  throw new ConfigError({
    message: `Invalid configuration:\n${issues.map((i) => `  - ${describeIssue(i, layers)}`).join("\n")}`,
    hint,
    data: { issues: issues.map((i) => ({ ...i, origin: originOf(i.path, layers) })) },
  });
}

export interface LoadConfigOptions {
  /** A config file; else `SOURCEWISE_CONFIG`, else `sourcewise.config.json` in `cwd` if present. */
  file?: string;
  /** Values that win over file and environment (CLI flags). */
  overrides?: ConfigInput;
  /** How errors name the overrides. @default "command-line flags" */
  overridesOrigin?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

function readConfigFile(full: string): Tree {
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
  return parsed;
}

/**
 * Builds the settings tree: defaults, then the config file, then environment variables, then
 * `overrides` (CLI flags). Validated with zod at start-up; every bad value is named with its path
 * and where it came from, in one ConfigError.
 * @example
 * const config = loadConfig({ overrides: { tenant: "acme" } });
 * config.gate.strongHit; // 0.65 unless a layer set it
 */
export function loadConfig({
  file,
  overrides = {},
  overridesOrigin = "command-line flags",
  env = process.env,
  cwd = process.cwd(),
}: LoadConfigOptions = {}): Config {
  const layers: SettingsLayer[] = [];
  const path = file ?? env.SOURCEWISE_CONFIG ?? (existsSync(resolve(cwd, "sourcewise.config.json")) ? "sourcewise.config.json" : undefined);
  if (path) {
    const full = resolve(cwd, path);
    layers.push({ origin: `config file ${full}`, values: readConfigFile(full) });
  }
  for (const [name, apply] of Object.entries(ENV)) {
    const value = env[name];
    if (value !== undefined && value !== "") layers.push({ origin: `env ${name}`, values: apply(value) as Tree });
  }
  layers.push({ origin: overridesOrigin, values: overrides as Tree });
  return parseLayers(
    ConfigSchema,
    layers,
    "Fix the values named here where they came from: the config file, the SOURCEWISE_* environment variables or the command's flags.",
  );
}
