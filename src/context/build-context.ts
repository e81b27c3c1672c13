import { parseLayers } from "../config/config.js";
import { RunSettingsSchema, type RunSettingsInput } from "../config/run-settings.js";
import { loadProfiles } from "../sources/load.js";
import { DEFAULT_TENANT } from "../storage/store.js";
import type { RunContext } from "./run-context.js";

/** The store and models you built, with optional profiles, tenant and settings: what {@link buildRunContext} completes. */
export interface RunContextInput extends Omit<RunContext, "profiles" | "tenant" | "settings"> {
  /** Source profiles. @default the three default profiles */
  profiles?: RunContext["profiles"];
  /** The tenant a run uses when its input names none. @default "default" */
  tenant?: string;
  /** Gate, retrieval and generation settings; validated here. @default every default */
  settings?: RunSettingsInput;
}

/**
 * A run context from the objects you own: default profiles and tenant filled in, settings
 * validated now (a bad value fails here, naming its path, not mid-run).
 * @throws ConfigError naming every bad settings value.
 * @example
 * const ctx = buildRunContext({ store, embeddings, settings: { gate: { strongHit: 0.7 } } });
 */
export function buildRunContext({ profiles, tenant, settings, ...rest }: RunContextInput): RunContext {
  const parsed = parseLayers(
    RunSettingsSchema,
    [{ origin: "the run context's settings", values: settings ?? {} }],
    "Fix the settings passed with the store and models.",
  );
  return { ...rest, profiles: profiles ?? loadProfiles(), tenant: tenant ?? DEFAULT_TENANT, settings: parsed };
}
