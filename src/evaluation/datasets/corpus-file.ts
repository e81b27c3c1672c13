import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { z } from "zod";
import { SourcewiseError } from "../../errors.js";
import { SourceProfileSchema, type SourceProfile } from "../../sources/profile.js";
import { globToRegExp } from "./labelled.js";

const Entry = z
  .object({
    source: z.string().min(1),
    paths: z.array(z.string().min(1)).min(1),
    /** Profile fields (summary, best_for, indicators...) for a source the default profiles do not name. */
    profile: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

const CorpusFile = z
  .object({
    /** Folder the corpus paths and the questions' `relevant` patterns are relative to. @default the file's folder */
    root: z.string().min(1).optional(),
    sources: z.array(Entry).min(1),
  })
  .strict();

/** What a labelled question set's `sources.json` names: its corpus, where patterns are rooted, its profiles. */
export interface LabelledCorpus {
  root: string;
  corpus: { source: string; paths: string[] }[];
  /** Set when any source carries a `profile`; else the graph routes between the default profiles. */
  profiles?: SourceProfile[];
}

/**
 * Reads the `sources.json` beside a labelled questions file: `[{source, paths, profile?}]`, or
 * `{root, sources: [...]}` when the corpus lives elsewhere (paths and `relevant` patterns are then
 * relative to `root`, itself relative to the file; a last part with `*` names the folder's matching files).
 * A corpus path that is missing is an error:
 * silently evaluating on less than the labelled corpus would make every score meaningless.
 * @example
 * const { root, corpus, profiles } = await readCorpusFile("evals/pdfs/sources.json");
 */
export async function readCorpusFile(file: string): Promise<LabelledCorpus> {
  const at = dirname(resolve(file));
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, "utf8"));
  } catch (cause) {
    throw new SourcewiseError("dataset_invalid", `${file}: ${(cause as Error).message}`, {
      hint: "sources.json must be JSON.",
      data: { file },
      cause,
    });
  }
  // The bare-array form is `sources` alone; one schema keeps error paths precise (sources.0.paths).
  const parsed = CorpusFile.safeParse(Array.isArray(raw) ? { sources: raw } : raw);
  if (!parsed.success) {
    throw new SourcewiseError(
      "dataset_invalid",
      `${file}: ${parsed.error.issues.map((x) => `${x.path.join(".") || "(root)"}: ${x.message}`).join("; ")}`,
      {
        hint: 'Write [{"source": "docs", "paths": ["docs"]}] or {"root": "../data", "sources": [...]}.',
        data: { file },
      },
    );
  }
  const { root: rel, sources } = parsed.data;
  const root = rel ? resolve(at, rel) : at;
  const corpus = sources.map((s) => ({ source: s.source, paths: s.paths.flatMap((p) => expand(isAbsolute(p) ? p : join(root, p))) }));
  const missing = corpus.flatMap((c) => c.paths).filter((p) => !existsSync(p));
  if (missing.length) {
    throw new SourcewiseError("dataset_missing", `${file} names corpus paths that do not exist: ${missing.join(", ")}`, {
      hint: "Fetch the data the questions were written over, or fix root / paths in sources.json.",
      data: { file, missing },
    });
  }
  if (!sources.some((s) => s.profile)) return { root, corpus };
  const profiles = sources.map((s) => {
    const profile = SourceProfileSchema.safeParse({ summary: `Documents of the ${s.source} source`, ...s.profile, name: s.source });
    if (profile.success) return profile.data;
    throw new SourcewiseError(
      "dataset_invalid",
      `${file}: profile of ${s.source}: ${profile.error.issues.map((x) => `${x.path.join(".")}: ${x.message}`).join("; ")}`,
      {
        hint: "A profile takes the fields of a source profile (summary, best_for, indicators, retrieval).",
        data: { file, source: s.source },
      },
    );
  });
  return { root, corpus, profiles };
}

/** A path whose last part holds `*` or `?` is the folder's files that match it, sorted; a glob matching nothing stays as written (and is reported missing). */
function expand(path: string): string[] {
  const name = basename(path);
  if (!/[*?]/.test(name)) return [path];
  const folder = dirname(path);
  const re = globToRegExp(name);
  const found = existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => re.test(f))
        .sort()
        .map((f) => join(folder, f))
    : [];
  return found.length ? found : [path];
}
