import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { SourcewiseError } from "../errors.js";
import { parseBeirCorpus } from "../ingestion/loaders/beir.js";
import type { LoadedDocument } from "../ingestion/types.js";
import type { Qrels } from "./metrics.js";

/** A BEIR dataset: corpus, the queries of one split, and their relevance judgements. */
export interface BeirDataset {
  dir: string;
  split: string;
  corpusPath: string;
  documents: LoadedDocument[];
  /** Queries that have judgements in this split, in file order. */
  queries: { id: string; text: string }[];
  qrels: Map<string, Qrels>;
}

/** The BEIR document id of a stored chunk's uri (`.../corpus.jsonl#4983` → `4983`). */
export function beirIdOfUri(uri: string): string {
  return uri.slice(uri.lastIndexOf("#") + 1);
}

/**
 * Reads `corpus.jsonl`, `queries.jsonl` and `qrels/<split>.tsv` from a BEIR folder.
 * @example
 * const data = await readBeir("../shared/data/scifact", "train");
 */
export async function readBeir(dir: string, split = "train"): Promise<BeirDataset> {
  const root = resolve(dir);
  const corpusPath = join(root, "corpus.jsonl");
  const qrelsPath = join(root, "qrels", `${split}.tsv`);
  for (const p of [corpusPath, join(root, "queries.jsonl"), qrelsPath]) {
    if (!existsSync(p)) {
      throw new SourcewiseError("dataset_missing", `BEIR file not found: ${p}`, {
        hint: "A BEIR folder holds corpus.jsonl, queries.jsonl and qrels/<split>.tsv; check --split.",
        data: { path: p },
      });
    }
  }
  const { documents } = parseBeirCorpus(corpusPath, new Uint8Array(await readFile(corpusPath)));
  const qrels = new Map<string, Map<string, number>>();
  for (const line of (await readFile(qrelsPath, "utf8")).split("\n").slice(1)) {
    const [qid, did, score] = line.trim().split("\t");
    if (!qid || !did) continue;
    if (!qrels.has(qid)) qrels.set(qid, new Map());
    qrels.get(qid)!.set(did, Number(score ?? 1));
  }
  const queries: BeirDataset["queries"] = [];
  for (const line of (await readFile(join(root, "queries.jsonl"), "utf8")).split("\n")) {
    if (!line.trim()) continue;
    const q = JSON.parse(line) as { _id: string | number; text: string };
    if (qrels.has(String(q._id))) queries.push({ id: String(q._id), text: q.text });
  }
  return { dir: root, split, corpusPath, documents, queries, qrels };
}
