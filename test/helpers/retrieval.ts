import { countTokens } from "../../src/ingestion/chunker.js";
import { embeddingText } from "../../src/ingestion/ingest.js";
import { createEmbeddings } from "../../src/models/embeddings/create-embeddings.js";
import type { EmbeddingProvider } from "../../src/models/embeddings/types.js";
import type { RunContext } from "../../src/context/run-context.js";
import { extractConstraints, extractIdentifiers, extractKeyTerms } from "../../src/planner/terms.js";
import { SourceProfileSchema, type SourceProfile, type SourceProfileInput } from "../../src/sources/profile.js";
import { profileThresholds } from "../../src/planner/budget.js";
import { buildRunContext } from "../../src/context/build-context.js";
import type { RunSettingsInput } from "../../src/config/run-settings.js";
import type { GraphStateType } from "../../src/state/state.js";
import { emptyMetadata } from "../../src/state/state.js";
import type { Plan } from "../../src/state/types.js";
import type { SqlStore } from "../../src/storage/store.js";
import type { ChunkInput, DocumentInput } from "../../src/storage/types.js";
import { qualityGate } from "../../src/nodes/quality-gate.js";
import { expand } from "../../src/nodes/expand.js";
import { rerank } from "../../src/nodes/rerank.js";
import { retrieve } from "../../src/nodes/retrieve.js";
import { memoryStore } from "./store.js";

/** A document for retrieval tests: sections, each optionally split into child chunks. */
export interface FixtureDoc {
  uri: string;
  /** @default "docs" */
  source?: string;
  title?: string;
  topics?: string[];
  sections: Array<{ content: string; title?: string; metadata?: Record<string, unknown>; children?: string[] }>;
}

let shared: Promise<EmbeddingProvider> | undefined;

/** The real local/use-lite model, in this thread, shared by a test file. */
export function localEmbeddings(): Promise<EmbeddingProvider> {
  shared ??= createEmbeddings("local/use-lite", { workers: 0 });
  return shared;
}

/** Writes `docs` with real embeddings into `store`, the way ingest lays them out. */
export async function writeFixture(store: SqlStore, embeddings: EmbeddingProvider, docs: FixtureDoc[]): Promise<void> {
  await store.useEmbedding(embeddings.id, embeddings.dimension);
  const inputs: DocumentInput[] = [];
  for (const d of docs) {
    const title = d.title ?? d.uri;
    const chunks: ChunkInput[] = [];
    for (const s of d.sections) {
      const base = {
        sectionTitle: s.title ?? null,
        sectionPath: s.title ? [s.title] : [],
        pageStart: null,
        pageEnd: null,
        metadata: s.metadata ?? {},
        embedding: null,
      };
      const parentIndex = chunks.length;
      const content = s.children ? s.children.join("\n") : s.content;
      chunks.push({
        ...base,
        chunkIndex: parentIndex,
        kind: "section",
        parentIndex: null,
        searchable: !s.children,
        tokenCount: countTokens(content),
        content,
      });
      for (const child of s.children ?? []) {
        chunks.push({
          ...base,
          chunkIndex: chunks.length,
          kind: "chunk",
          parentIndex,
          searchable: true,
          tokenCount: countTokens(child),
          content: child,
        });
      }
    }
    const searchable = chunks.filter((c) => c.searchable);
    const vectors = await embeddings.embedDocuments(searchable.map((c) => embeddingText(title, c)));
    searchable.forEach((c, i) => (c.embedding = vectors[i]!));
    inputs.push({
      tenant: "default",
      source: d.source ?? "docs",
      uri: d.uri,
      title,
      format: "text",
      contentHash: `hash:${d.uri}`,
      topics: d.topics ?? [],
      metadata: {},
      chunks,
    });
  }
  await store.writeDocuments(inputs);
}

/** A fresh in-memory store holding `docs`, and the run context over it (tenant "default"). */
export async function retrievalContext(
  docs: FixtureDoc[],
  profiles: SourceProfileInput[] = [{ name: "docs", summary: "docs" }],
  settings?: RunSettingsInput,
): Promise<RunContext> {
  const store = await memoryStore();
  const embeddings = await localEmbeddings();
  await writeFixture(store, embeddings, docs);
  return buildRunContext({ store, embeddings, profiles: profiles.map((p) => SourceProfileSchema.parse(p)), settings });
}

/**
 * A plan for `question` as the heuristic planner would shape it; `over` wins. Thresholds are the
 * `profiles`' (the default docs profile's 0.2 when none are given).
 */
export function planFor(
  question: string,
  over: Partial<Plan> = {},
  profiles: readonly SourceProfile[] = [SourceProfileSchema.parse({ name: "docs", summary: "docs" })],
): Plan {
  return {
    intent: "concept",
    top_k: 5,
    token_budget: 4000,
    multi_section_threshold: 3,
    return_full_documents: false,
    sources: ["docs"],
    key_terms: extractKeyTerms(question),
    identifiers: extractIdentifiers(question),
    constraints: extractConstraints(question),
    thresholds: profileThresholds(profiles),
    reason: "test plan",
    planner: "heuristic",
    ...over,
  };
}

/** Graph state with defaults for the fields a node under test does not read. */
export function stateWith(over: Partial<GraphStateType> & { question: string }): GraphStateType {
  return {
    sources: undefined,
    topic: undefined,
    tenant: undefined,
    top_k: undefined,
    return_full_documents: undefined,
    multi_section_threshold: undefined,
    token_budget: undefined,
    answer: "",
    citations: [],
    verdict: undefined,
    strategy: "",
    clarifying_questions: [],
    plan: null,
    route: null,
    context_seen: "",
    metadata: emptyMetadata(),
    candidates: {},
    ranked: [],
    context: [],
    gate: null,
    run_id: "",
    attempt: 0,
    standalone_question: over.standalone_question ?? over.question,
    history: [],
    messages: [],
    ...over,
  };
}

/**
 * Plans, retrieves (source `docs`), reranks and judges one question over `ctx`'s corpus: the state after
 * the gate. `plan` overrides the plan's fields; `expanded` runs the expander before the gate.
 */
export async function judgedOver(
  ctx: RunContext,
  question: string,
  { plan = {}, expanded = false, attempt = 0 }: { plan?: Partial<Plan>; expanded?: boolean; attempt?: number } = {},
): Promise<GraphStateType> {
  let state = stateWith({ question, plan: planFor(question, plan), attempt });
  state = { ...state, ...(await retrieve({ ...state, source: "docs" } as never, { context: ctx })) } as GraphStateType;
  state = { ...state, ...(await rerank(state, { context: ctx })) } as GraphStateType;
  if (expanded) state = { ...state, ...(await expand(state, { context: ctx })) } as GraphStateType;
  return { ...state, ...(await qualityGate(state, { context: ctx })) } as GraphStateType;
}
