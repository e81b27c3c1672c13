import { closeSync, openSync, readSync } from "node:fs";
import { IngestError } from "../../errors.js";
import type { LoadedDocument, Loader } from "../types.js";
import { baseName } from "./read-text.js";

/** What a BEIR corpus file held: its documents, and how many lines could not be read. */
export interface BeirCorpus {
  documents: LoadedDocument[];
  /** Lines that were not JSON objects with a string `_id` and a string `text`. */
  skipped: number;
}

/**
 * BEIR corpus loader (`corpus.jsonl`, or any `.jsonl` whose first line has `_id` and `text`):
 * one document per line, uri `${path}#${_id}`, one section holding the record's text.
 * When some lines are malformed, the first document's metadata carries `skippedLines`.
 */
export const beirLoader: Loader = {
  name: "beir",
  accepts(path) {
    const name = baseName(path).toLowerCase();
    if (name.endsWith("corpus.jsonl")) return true;
    return name.endsWith(".jsonl") && firstLineIsBeirRecord(path);
  },
  async load({ path, bytes }) {
    const { documents, skipped } = parseBeirCorpus(path, bytes);
    if (skipped > 0 && documents[0]) documents[0].metadata = { ...documents[0].metadata, skippedLines: skipped };
    return documents;
  },
};

/**
 * Reads a BEIR `corpus.jsonl`, one line at a time straight from the bytes, so a large corpus
 * never becomes one giant string. Throws an IngestError when no line is a valid record.
 */
export function parseBeirCorpus(path: string, bytes: Uint8Array): BeirCorpus {
  const decoder = new TextDecoder("utf-8");
  const documents: LoadedDocument[] = [];
  let skipped = 0;
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end === -1) end = bytes.length;
    const line = decoder.decode(bytes.subarray(start, end)).trim();
    start = end + 1;
    if (!line) continue;
    const doc = toDocument(path, line);
    if (doc) documents.push(doc);
    else skipped++;
  }
  if (documents.length === 0) {
    throw new IngestError({
      path,
      reason: skipped ? `none of its ${skipped} lines is a BEIR record` : "the file is empty",
      hint: 'Each line must be a JSON object like {"_id": "42", "title": "...", "text": "..."}.',
    });
  }
  return { documents, skipped };
}

function toDocument(path: string, line: string): LoadedDocument | undefined {
  let record: unknown;
  try {
    record = JSON.parse(line.charCodeAt(0) === 0xfeff ? line.slice(1) : line);
  } catch {
    return undefined;
  }
  if (!isRecord(record)) return undefined;
  const id = record._id;
  const text = record.text;
  if ((typeof id !== "string" && typeof id !== "number") || typeof text !== "string") return undefined;
  const beirId = String(id);
  const title = typeof record.title === "string" ? record.title.trim() : "";
  return {
    uri: `${path}#${beirId}`,
    title: title || beirId,
    format: "beir",
    sections: [{ title: title || null, path: title ? [title] : [], content: text, metadata: { beirId } }],
    metadata: { beirId },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Peeks at the first line of a `.jsonl` file; a file that cannot be read is not ours. */
function firstLineIsBeirRecord(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const buffer = Buffer.alloc(64 * 1024);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    const chunk = buffer.subarray(0, read).toString("utf8");
    const newline = chunk.indexOf("\n");
    const first = (newline === -1 ? chunk : chunk.slice(0, newline)).trim();
    const record: unknown = JSON.parse(first);
    return isRecord(record) && "_id" in record && "text" in record;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
