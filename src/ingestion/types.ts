/** What a loader knows about one file or record before chunking. */

/** Formats the loaders understand. */
export type DocumentFormat = "pdf" | "markdown" | "html" | "code" | "text" | "beir";

/**
 * One logical section of a document: the unit of chunking.
 * Loaders emit sections in reading order.
 */
export interface LoadedSection {
  /** The section's own title, or null when the format gives none (text before the first heading). */
  title: string | null;
  /** Titles from the document root down to this section, this section's title last. */
  path: string[];
  /** Plain text of the section, without its heading line. */
  content: string;
  /** First page (1-based) the section's text is on; PDFs only. */
  pageStart?: number;
  /** Last page (1-based) the section's text is on; PDFs only. */
  pageEnd?: number;
  /** Per-format extras, e.g. `{ signature, params, returns, language }` for code entries. */
  metadata?: Record<string, unknown>;
}

/** A whole document as a loader read it. */
export interface LoadedDocument {
  /** Stable key within a (tenant, source): the file path, or `file#id` for records inside a file. */
  uri: string;
  title: string;
  format: DocumentFormat;
  sections: LoadedSection[];
  metadata?: Record<string, unknown>;
}

/** The bytes of one file handed to a loader. */
export interface LoaderInput {
  /** The path as the user gave it (used for the uri). */
  path: string;
  bytes: Uint8Array;
}

/** Reads one file type into documents. A file may hold many documents (BEIR corpus.jsonl). */
export interface Loader {
  /** Short name for messages: "pdf", "markdown"... */
  name: string;
  /** Whether this loader takes the file, by name (lower-cased extension or file name). */
  accepts(path: string): boolean;
  load(input: LoaderInput): Promise<LoadedDocument[]>;
}

/** A chunk ready for storage; ids are positions inside the document, the store assigns UUIDs. */
export interface PreparedChunk {
  /** Position in the document's reading order, unique within the document. */
  chunkIndex: number;
  kind: "section" | "chunk";
  /** `chunkIndex` of the parent section, for child chunks of a long section. */
  parentIndex: number | null;
  /** False for a parent section that was split: its children are searched instead. */
  searchable: boolean;
  sectionTitle: string | null;
  sectionPath: string[];
  pageStart: number | null;
  pageEnd: number | null;
  tokenCount: number;
  content: string;
  metadata: Record<string, unknown>;
}
