import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { IngestError } from "../errors.js";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import { DEFAULT_TENANT, type SqlStore } from "../storage/store.js";
import type { DocumentInput } from "../storage/types.js";
import { mineAbbreviations } from "./abbreviations.js";
import { chunkDocument, type ChunkOptions } from "./chunker.js";
import { fillEmbeddings } from "./fill-embeddings.js";
import { fileOfUri, isUnder, looksBinary, walkPaths, type FoundFile } from "./files.js";
import { defaultLoaders, pickLoader } from "./loaders/index.js";
import type { LoadedDocument, Loader, PreparedChunk } from "./types.js";

/** Bumped when loaders or chunking change how a file is stored, so re-ingest refreshes it. */
export const PIPELINE_VERSION = 2;

export type IngestPhase = "scan" | "load" | "write" | "embed" | "prune" | "done";

export interface IngestProgress {
  phase: IngestPhase;
  done: number;
  total: number;
  /** The file or document being worked on. */
  item?: string;
}

export interface IngestOptions {
  store: SqlStore;
  embeddings: EmbeddingProvider;
  /** Files and folders to ingest. */
  paths: string[];
  /** Source (profile) name the documents belong to. @default "docs" */
  source?: string;
  /** @default "default" */
  tenant?: string;
  /** Topics tagged on every document of this run. */
  topics?: string[];
  /**
   * Remove stored documents under `paths` whose files (or records) are gone. `"source"` also removes
   * the source's documents stored from anywhere else, so the source holds exactly `paths` (an eval
   * database whose corpus folder was copied or moved along with it). @default false
   */
  prune?: boolean | "source";
  loaders?: Loader[];
  /** Larger files are skipped. @default 50 MiB */
  maxFileBytes?: number;
  chunking?: ChunkOptions;
  /** Documents per write transaction. @default 64 */
  batchSize?: number;
  /**
   * Return once text and BM25 statistics are written (documents are lexically searchable), and
   * leave the vectors to {@link fillEmbeddings} (e.g. in the background). Otherwise the same
   * call fills them after the lexical phase. @default false
   */
  deferEmbeddings?: boolean;
  /**
   * Read only files whose real path (symbolic links resolved, at any depth) lies under these
   * folders; others are skipped with a reason. The chat server sets it. @default no restriction
   */
  roots?: string[];
  onProgress?: (progress: IngestProgress) => void;
}

export interface SkippedFile {
  path: string;
  reason: string;
}

export interface IngestSummary {
  files: number;
  documents: { added: number; replaced: number; unchanged: number; pruned: number };
  sections: number;
  chunks: number;
  skipped: SkippedFile[];
  seconds: number;
  /** Seconds of the lexical phase (text and BM25 statistics written, searchable). */
  lexicalSeconds: number;
  /** Rows embedded by this call (including rows left without a vector by an earlier, interrupted one). */
  embedded: number;
  /** Searchable rows of the tenant still without a vector (lexical-only in hybrid search). */
  awaitingEmbeddings: number;
}

interface PendingDoc {
  doc: LoadedDocument;
  hash: string;
  chunks: PreparedChunk[];
}

const MiB = 1024 * 1024;

/** The text embedded for a chunk: where it sits, then what it says. */
export function embeddingText(docTitle: string, chunk: Pick<PreparedChunk, "sectionTitle" | "content">): string {
  const head = chunk.sectionTitle && chunk.sectionTitle !== docTitle ? `${docTitle}\n${chunk.sectionTitle}` : docTitle;
  return head ? `${head}\n${chunk.content}` : chunk.content;
}

function documentHash(doc: LoadedDocument, topics: string[], chunking: ChunkOptions): string {
  return createHash("sha256")
    .update(
      JSON.stringify({
        v: PIPELINE_VERSION,
        title: doc.title,
        format: doc.format,
        sections: doc.sections,
        meta: doc.metadata ?? {},
        topics,
        chunking,
      }),
    )
    .digest("hex");
}

async function loadFile({ path, size, real = path }: FoundFile, loaders: Loader[], maxFileBytes: number): Promise<LoadedDocument[]> {
  if (size === 0) throw new IngestError({ path, reason: "empty file" });
  if (size > maxFileBytes) {
    throw new IngestError({
      path,
      reason: `file too large (${(size / MiB).toFixed(1)} MiB > ${(maxFileBytes / MiB).toFixed(1)} MiB)`,
      hint: "Raise ingest.maxFileBytes in sourcewise.config.json if this file should be indexed.",
    });
  }
  const loader = pickLoader(path, loaders);
  if (!loader) {
    const ext = path.includes(".") ? path.slice(path.lastIndexOf(".")) : "(no extension)";
    throw new IngestError({
      path,
      reason: `unsupported file type ${ext}`,
      hint: "Supported: PDF, Markdown, HTML, .m/.py/.ts/.js source, plain text, BEIR corpus.jsonl.",
    });
  }
  // From the real path checked against the roots, so a link swapped since the walk is not followed.
  const bytes = new Uint8Array(await readFile(real));
  if (loader.name !== "pdf" && looksBinary(bytes)) throw new IngestError({ path, reason: "binary file (not text)" });
  try {
    return await loader.load({ path, bytes });
  } catch (error) {
    if (IngestError.isInstance(error)) throw error;
    throw new IngestError({
      path,
      reason: `could not be read as ${loader.name}: ${(error as Error).message.split("\n")[0]}`,
      cause: error,
    });
  }
}

/** The abbreviations a document spells out, as `[abbr, expansion]` pairs (kept in sw_abbreviations by trigger). */
function documentAbbreviations(doc: LoadedDocument): [string, string][] {
  const text = doc.sections.map((s) => s.content).join("\n\n");
  return mineAbbreviations(text).map((a) => [a.abbr, a.expansion]);
}

/**
 * Ingests files and folders into the store: load, chunk by section, write each batch of whole
 * documents in one transaction (text and BM25 statistics: searchable at once), then embed the
 * rows still without a vector ({@link fillEmbeddings}, resumable). Unchanged documents are left alone;
 * a bad file is skipped with a reason and the rest of the batch still lands.
 * @example
 * const summary = await ingest({ store, embeddings, paths: ["docs/"], source: "docs" });
 */
export async function ingest(options: IngestOptions): Promise<IngestSummary> {
  const started = performance.now();
  const {
    store,
    embeddings,
    paths,
    source = "docs",
    tenant = DEFAULT_TENANT,
    topics = [],
    prune = false,
    loaders = defaultLoaders,
    maxFileBytes = 50 * MiB,
    chunking = {},
    batchSize = 64,
    roots,
    onProgress,
    deferEmbeddings = false,
  } = options;
  await store.useEmbedding(embeddings.id, embeddings.dimension);

  onProgress?.({ phase: "scan", done: 0, total: paths.length });
  const { files, missing } = await walkPaths(paths, { roots });
  const skipped: SkippedFile[] = [...missing];
  const loadedFiles = new Set<string>();
  const docs: LoadedDocument[] = [];
  const seenUris = new Set<string>();
  for (const [i, file] of files.entries()) {
    onProgress?.({ phase: "load", done: i, total: files.length, item: file.path });
    try {
      const loaded = await loadFile(file, loaders, maxFileBytes);
      const withText = loaded.filter((d) => d.sections.some((s) => s.content.trim()));
      if (withText.length === 0) throw new IngestError({ path: file.path, reason: "no text found" });
      for (const d of withText) {
        if (seenUris.has(d.uri)) {
          skipped.push({ path: d.uri, reason: "duplicate document id in this run (first one kept)" });
          continue;
        }
        seenUris.add(d.uri);
        docs.push(d);
      }
      loadedFiles.add(file.path);
    } catch (error) {
      skipped.push({ path: file.path, reason: IngestError.isInstance(error) ? error.reason : (error as Error).message });
    }
  }
  onProgress?.({ phase: "load", done: files.length, total: files.length });

  const stored = new Map((await store.listDocuments({ tenant, source })).map((d) => [d.uri, d]));
  const pending: PendingDoc[] = [];
  let unchanged = 0;
  for (const doc of docs) {
    const hash = documentHash(doc, topics, chunking);
    if (stored.get(doc.uri)?.contentHash === hash) unchanged++;
    else pending.push({ doc, hash, chunks: chunkDocument(doc, chunking) });
  }

  let added = 0;
  let replaced = 0;
  let sections = 0;
  let chunkCount = 0;
  const batches: PendingDoc[][] = [];
  for (let i = 0; i < pending.length; i += batchSize) batches.push(pending.slice(i, i + batchSize));
  // Lexical first: each batch is written without vectors, so its documents are searchable by BM25
  // (and lexical-only in hybrid search) as soon as it commits; the vectors follow.
  let done = 0;
  onProgress?.({ phase: "write", done: 0, total: pending.length });
  for (const batch of batches) {
    const inputs: DocumentInput[] = batch.map((p) => ({
      tenant,
      source,
      uri: p.doc.uri,
      title: p.doc.title,
      format: p.doc.format,
      contentHash: p.hash,
      topics,
      metadata: { ...(p.doc.metadata ?? {}), pipelineVersion: PIPELINE_VERSION, abbreviations: documentAbbreviations(p.doc) },
      chunks: p.chunks.map((c) => ({ ...c, embedding: null })),
    }));
    const written = await store.writeDocuments(inputs);
    for (const w of written) w.replaced ? replaced++ : added++;
    for (const p of batch) {
      sections += p.chunks.filter((c) => c.kind === "section").length;
      chunkCount += p.chunks.filter((c) => c.kind === "chunk").length;
    }
    done += batch.length;
    onProgress?.({ phase: "write", done, total: pending.length, item: batch.at(-1)?.doc.uri });
  }
  const lexicalSeconds = (performance.now() - started) / 1000;
  // Every row of the tenant still without a vector: this run's, and any an interrupted run left.
  const filled = deferEmbeddings ? null : await fillEmbeddings({ store, embeddings, tenant, onProgress, refreshStatistics: false });

  let pruned = 0;
  if (prune) {
    const roots = paths.map((p) => resolve(p));
    const gone = [...stored.values()].filter((d) => {
      const file = fileOfUri(d.uri);
      if (!roots.some((r) => isUnder(file, r))) return prune === "source";
      if (loadedFiles.has(file)) return !seenUris.has(d.uri);
      return !existsSync(file);
    });
    onProgress?.({ phase: "prune", done: 0, total: gone.length });
    pruned = await store.deleteDocuments(
      tenant,
      gone.map((d) => d.id),
    );
  }
  // PGlite has no autovacuum: fresh statistics and visibility for the planner once enough changed
  // (a pruned document counts as one row: a lower bound).
  const written = pending.reduce((n, p) => n + p.chunks.length, 0);
  await store.refreshStatistics({ changedRows: written + (filled?.embedded ?? 0) + pruned });
  onProgress?.({ phase: "done", done: 1, total: 1 });
  return {
    files: files.length + missing.length,
    documents: { added, replaced, unchanged, pruned },
    sections,
    chunks: chunkCount,
    skipped,
    seconds: (performance.now() - started) / 1000,
    lexicalSeconds,
    embedded: filled?.embedded ?? 0,
    awaitingEmbeddings: filled ? filled.remaining : (await store.stats(tenant)).awaitingEmbeddings,
  };
}
