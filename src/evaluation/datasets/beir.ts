import { realpath } from "node:fs/promises";
import { beirIdOfUri, readBeir } from "../beir.js";
import { SourceProfileSchema } from "../../sources/profile.js";
import type { EvalDataset } from "./types.js";

/**
 * A BEIR folder (corpus.jsonl, queries.jsonl, qrels/<split>.tsv) as an eval dataset. The corpus
 * is one source named after the folder, so the graph's router has exactly one place to look.
 * @example
 * const ds = await beirDataset("../shared/data/scifact", { split: "train" });
 */
export async function beirDataset(dir: string, { split = "train", name }: { split?: string; name?: string } = {}): Promise<EvalDataset> {
  // Its real path: a corpus reached through a link (`../shared` → `/work/shared`) is stored under one
  // uri however it is reached, so an eval database never holds the corpus twice.
  const data = await readBeir(await realpath(dir).catch(() => dir), split);
  const datasetName = name ?? safeName(data.dir.split(/[\\/]/).at(-1) ?? "beir");
  const texts = () =>
    data.documents.map((d) => ({
      key: beirIdOfUri(d.uri),
      text: [d.title, ...d.sections.map((s) => s.content)].filter(Boolean).join("\n\n"),
    }));
  return {
    name: datasetName,
    kind: "beir",
    description: `BEIR ${datasetName}, ${split} split: ${data.queries.length} judged queries, ${data.documents.length} documents`,
    corpus: [{ source: datasetName, paths: [data.corpusPath] }],
    // Same profile shape the SciFact benches search with (bench/scifact-index.ts).
    profiles: [SourceProfileSchema.parse({ name: datasetName, summary: `Documents of the BEIR ${datasetName} corpus` })],
    queries: data.queries.map((q) => ({ id: q.id, text: q.text, qrels: new Map(data.qrels.get(q.id) ?? []), answerable: true })),
    docKey: beirIdOfUri,
    rawDocuments: async () => texts(),
  };
}

/** A profile-safe name: lower-case letters, digits, `_` and `-`, starting with a letter. */
export function safeName(raw: string): string {
  const s = raw
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^[^a-z]+/, "");
  return (s || "dataset").slice(0, 60);
}
