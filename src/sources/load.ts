import type { z } from "zod";
import { ConfigError } from "../errors.js";
import { DEFAULT_PROFILES } from "./defaults.js";
import { SourceProfileSchema, type SourceProfile } from "./profile.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Field-by-field merge: nested objects (`retrieval`, `chunks`) merge, arrays and scalars replace. */
function mergeProfile(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isObject(v) && isObject(out[k]) ? mergeProfile(out[k], v) : v;
  return out;
}

function describeIssues(name: string, error: z.ZodError): string {
  return error.issues.map((i) => `  - source "${name}", field ${i.path.join(".") || "(profile)"}: ${i.message}`).join("\n");
}

/**
 * The source profiles in effect: the shipped defaults ({@link DEFAULT_PROFILES}), then the user's
 * profiles from the config's `sources`. A user profile named like a default overrides it field
 * by field (nested `retrieval` and `chunks` too); a new name adds a source. Merging happens on
 * the raw input, before zod fills defaults, so an override never resets a default's other fields.
 *
 * @param configSources the config's `sources` array (raw, unvalidated); `undefined` → defaults only.
 * @throws ConfigError naming the profile and field of every bad value, and duplicate names.
 *
 * @example
 * ```ts
 * const profiles = loadProfiles([
 *   { name: "examples", retrieval: { max_results: 40 } },          // tunes a default
 *   { name: "faq", summary: "Support answers", indicators: ["faq"] }, // adds a source
 * ]);
 * ```
 */
export function loadProfiles(configSources?: readonly unknown[]): SourceProfile[] {
  const raw = new Map<string, Record<string, unknown>>(DEFAULT_PROFILES.map((p) => [p.name, { ...p }]));
  const seen = new Set<string>();
  const problems: string[] = [];
  (configSources ?? []).forEach((entry, i) => {
    const name = isObject(entry) && typeof entry.name === "string" ? entry.name : undefined;
    if (name === undefined) {
      problems.push(`  - sources[${i}]: every source profile needs a string "name"`);
      return;
    }
    if (seen.has(name)) {
      problems.push(`  - source "${name}", field name: defined twice in the config's sources`);
      return;
    }
    seen.add(name);
    const base = raw.get(name);
    raw.set(name, base ? mergeProfile(base, entry as Record<string, unknown>) : (entry as Record<string, unknown>));
  });

  const profiles: SourceProfile[] = [];
  for (const [name, input] of raw) {
    const parsed = SourceProfileSchema.safeParse(input);
    if (parsed.success) profiles.push(parsed.data);
    else problems.push(describeIssues(name, parsed.error));
  }
  if (problems.length > 0) {
    throw new ConfigError({
      message: `Invalid source profiles:\n${problems.join("\n")}`,
      hint: "Fix the `sources` entries in sourcewise.config.json; a profile named like a default (api_reference, docs, examples) only needs the fields it changes.",
      data: { problems },
    });
  }
  return profiles;
}

/** The names of the given profiles, for error messages and `--source` help. */
export function profileNames(profiles: readonly SourceProfile[]): string[] {
  return profiles.map((p) => p.name);
}
