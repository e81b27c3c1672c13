import type { IngestSummary } from "../ingestion/ingest.js";
import type { StoreStats } from "../storage/types.js";

/** The summary a person reads after `sourcewise ingest`. */
export function formatIngestSummary(s: IngestSummary, source: string, tenant: string): string {
  const d = s.documents;
  const lines = [
    `Ingested into source "${source}" (tenant ${tenant}) in ${s.seconds.toFixed(1)} s (searchable after ${s.lexicalSeconds.toFixed(1)} s)`,
    `  files      ${s.files}`,
    `  documents  ${d.added} added, ${d.replaced} replaced, ${d.unchanged} unchanged, ${d.pruned} pruned`,
    `  sections   ${s.sections}`,
    `  chunks     ${s.chunks} (child chunks of long sections)`,
    `  embedded   ${s.embedded} rows${s.awaitingEmbeddings ? `, ${s.awaitingEmbeddings} still awaiting vectors (lexical-only until the next ingest)` : ""}`,
    `  skipped    ${s.skipped.length}`,
    ...s.skipped.map((k) => `    - ${k.path}: ${k.reason}`),
  ];
  return `${lines.join("\n")}\n`;
}

/** `sourcewise stats` as text. */
export function formatStats(s: StoreStats, tenant: string, path: string, owner?: { pid: number; command: string } | null): string {
  const lines = [
    `Index at ${path} (tenant ${tenant})`,
    ...(owner === undefined
      ? []
      : [`  owner      ${owner ? `pid ${owner.pid} (${owner.command}); read through its socket` : "another process"}`]),
    `  embeddings ${s.embedding ? `${s.embedding.model} (${s.embedding.dimension}-d)` : "none yet"}`,
    `  documents  ${s.documents}`,
    `  sections   ${s.sections}`,
    `  chunks     ${s.chunks} child chunks, ${s.searchable} searchable rows`,
    `  terms      ${s.terms} distinct english lexemes`,
    `  awaiting   ${s.awaitingEmbeddings} searchable rows without a vector yet${s.awaitingEmbeddings ? " (lexical-only until embedded; `sourcewise ingest` resumes)" : ""}`,
    ...s.bySource.map((b) => `  source ${b.source}: ${b.documents} documents, ${b.chunks} rows`),
  ];
  return `${lines.join("\n")}\n`;
}

/** Minimal shape of a graph result the CLI prints. */
export interface AnswerView {
  answer: string;
  verdict?: string;
  strategy: string;
  clarifying_questions: string[];
  citations: {
    n: number;
    source: string;
    uri: string;
    title: string;
    section: string | null;
    page_start: number | null;
    page_end: number | null;
    chunk_index: number;
    relevance: number;
  }[];
}

function location(c: AnswerView["citations"][number], cwd: string): string {
  const file = c.uri.startsWith(`${cwd}/`) ? c.uri.slice(cwd.length + 1) : c.uri;
  const pages =
    c.page_start === null
      ? ""
      : c.page_end !== null && c.page_end !== c.page_start
        ? `, pages ${c.page_start}–${c.page_end}`
        : `, page ${c.page_start}`;
  const section = c.section ? `, section "${c.section}"` : "";
  return `${file}${section}, chunk ${c.chunk_index}${pages}`;
}

/** An answer with numbered citations and a sources list a person can check. */
export function formatAnswer(r: AnswerView, { cwd = process.cwd(), ms }: { cwd?: string; ms?: number } = {}): string {
  const lines = [r.answer.trim(), ""];
  if (r.citations.length > 0) {
    lines.push("Sources:");
    for (const c of r.citations) lines.push(`  [${c.n}] ${location(c, cwd)} (${c.source}, ${Math.round(c.relevance * 100)}% relevance)`);
    lines.push("");
  }
  lines.push(`verdict: ${r.verdict ?? "?"} · ${r.strategy}${ms === undefined ? "" : ` · ${Math.round(ms)} ms`}`);
  return `${lines.join("\n")}\n`;
}
