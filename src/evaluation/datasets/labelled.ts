import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, extname, isAbsolute, join, relative, resolve } from "node:path";
import { z } from "zod";
import { SourcewiseError } from "../../errors.js";
import type { SourceProfile } from "../../sources/profile.js";
import { listFiles } from "./list-files.js";
import type { CorpusPart, EvalDataset } from "./types.js";

const Row = z.object({
  query: z.string().min(1),
  expected_source: z.string().optional(),
  relevant: z.array(z.string()).default([]),
  answerable: z.boolean().default(true),
  pages: z.array(z.number().int().positive()).optional(),
});

/**
 * Labelled questions in JSONL (`{query, expected_source?, relevant: [glob], answerable, pages?}`)
 * over a corpus of files. `relevant` patterns are relative to `root`; they become qrels once the
 * stored documents are known ({@link EvalDataset.resolveQrels}).
 * @example
 * const ds = await labelledDataset("evals/demo/questions.jsonl", { root: ".", corpus: DEMO_SOURCES });
 */
export async function labelledDataset(
  file: string,
  {
    root,
    corpus,
    name,
    profiles,
  }: {
    root: string;
    corpus: readonly { source: string; paths: readonly string[] }[];
    name?: string;
    /** Profiles to route between. @default the three default profiles */
    profiles?: SourceProfile[];
  },
): Promise<EvalDataset> {
  const rows = (await readFile(file, "utf8"))
    .split("\n")
    .map((l, i) => [l.trim(), i + 1] as const)
    .filter(([l]) => l)
    .map(([l, line]) => {
      const parsed = Row.safeParse(JSON.parse(l));
      if (!parsed.success) {
        throw new SourcewiseError(
          "dataset_invalid",
          `${file}:${line}: ${parsed.error.issues.map((x) => `${x.path.join(".")}: ${x.message}`).join("; ")}`,
          {
            hint: "Each line is {query, expected_source?, relevant: [patterns], answerable, pages?}.",
            data: { file, line },
          },
        );
      }
      return parsed.data;
    });
  const base = resolve(root);
  const parts: CorpusPart[] = corpus.map((c) => ({
    source: c.source,
    paths: c.paths.map((p) => (isAbsolute(p) ? p : join(base, p))).filter((p) => existsSync(p)),
  }));
  const key = (uri: string) => relative(base, uri.split("#")[0]!).split("\\").join("/");
  const queries = rows.map((r, i) => ({
    id: String(i + 1),
    text: r.query,
    qrels: new Map<string, number>(),
    expectedSource: r.expected_source,
    answerable: r.answerable,
    pages: r.pages,
    patterns: r.relevant.map(globToRegExp),
  }));
  return {
    name: name ?? dirname(resolve(file)).split(/[\\/]/).at(-1) ?? "labelled",
    kind: "labelled",
    description: `${relative(process.cwd(), resolve(file))}: ${rows.length} labelled questions (${rows.filter((r) => !r.answerable).length} unanswerable) over ${parts.map((p) => p.source).join(", ")}`,
    corpus: parts,
    ...(profiles ? { profiles } : {}),
    queries,
    docKey: key,
    rawDocuments: async () => {
      const files = (await Promise.all(parts.flatMap((p) => p.paths).map((p) => listFiles(p)))).flat();
      return Promise.all(files.map(async (f) => ({ key: key(f), text: await rawText(f) })));
    },
    resolveQrels(uris) {
      const keys = [...new Set(uris.map(key))];
      for (const q of queries) q.qrels = new Map(keys.filter((k) => q.patterns.some((re) => re.test(k))).map((k) => [k, 1]));
    },
  };
}

/** A file as the naive baseline reads it: a PDF's extracted text (its bytes are no text), anything else as UTF-8. */
async function rawText(path: string): Promise<string> {
  if (extname(path).toLowerCase() !== ".pdf") return readFile(path, "utf8");
  const { pdfLoader } = await import("../../ingestion/loaders/pdf.js");
  const docs = await pdfLoader.load({ path, bytes: new Uint8Array(await readFile(path)) });
  return docs.flatMap((d) => d.sections.map((s) => s.content)).join("\n\n");
}

/** `**` crosses folders, `*` and `?` stay inside one. */
export function globToRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*" && glob[i + 1] === "*") {
      re += ".*";
      i++;
      if (glob[i + 1] === "/") i++;
    } else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}
