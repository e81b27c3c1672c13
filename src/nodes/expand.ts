import { basename } from "node:path";
import { runLookups, type RunLookups } from "../context/run-lookups.js";
import { runContext, type NodeConfig, type RunContext } from "../context/run-context.js";
import { exampleNameScores, preferredExample } from "../evidence/example-choice.js";
import { callerUris, callersOnly } from "../evidence/name-callers.js";
import { namedLanguageOf } from "../generation/language-hint.js";
import { usableEvidence } from "../evidence/evidence.js";
import { countTokens } from "../ingestion/token-count.js";
import { requirePlan } from "../planner/require-plan.js";
import type { SourceProfile } from "../sources/profile.js";
import type { GraphStateType, GraphUpdate } from "../state/state.js";
import type { ContextBlock, RankedChunk } from "../state/types.js";
import type { SqlStore } from "../storage/store.js";
import type { ChunkHit } from "../storage/types.js";

/** One stored document, indexed for expansion. */
interface DocRows {
  id: string;
  /** Section rows (whole sections and split parents) in reading order: the document, once. */
  sections: ChunkHit[];
  byId: Map<string, ChunkHit>;
  children: Map<string, ChunkHit[]>;
  /** What the text was cut into: whole sections and child chunks, in reading order. */
  leaves: ChunkHit[];
}

/** A piece of context chosen but not yet numbered. */
interface Draft {
  rows: ChunkHit[];
  ids: string[];
  text: string;
  tokens: number;
  granularity: ContextBlock["granularity"];
  part: ContextBlock["part"];
  seed: RankedChunk;
  metadata: Record<string, unknown>;
}

const DEFAULT_CHUNKS: SourceProfile["chunks"] = { whole_multipart: false, neighbours: 1 };

/**
 * The `expand` node: turns the plan's `top_k` best usable results into numbered context blocks:
 * a child chunk becomes its parent section; a document with the plan's `multi_section_threshold`
 * matched sections (or any, with `return_full_documents`) comes back whole when it fits the
 * plan's `token_budget`, else as its matched
 * sections plus `chunks.neighbours` on each side; a multi-part document of a `whole_multipart`
 * source comes back complete, in order, marked `[Part i/n]`. No stored row is included twice,
 * and blocks are numbered in the order of their best seed.
 *
 * @example
 * const { context } = await expand({ ...state, ranked }, { context: { store, embeddings, profiles } });
 */
export async function expand(state: GraphStateType, config: NodeConfig): Promise<GraphUpdate> {
  const started = performance.now();
  const ctx = runContext(config);
  const plan = requirePlan(state, "expand");
  const { multi_section_threshold: threshold, return_full_documents: wholeAlways, token_budget: budget } = plan;

  const seen = new Set<string>();
  const ranked = usableEvidence(state.ranked, ctx.settings.gate.nearMisses)
    .filter((r) => !seen.has(r.id) && !!seen.add(r.id))
    .slice(0, plan.top_k);
  const seeds =
    plan.intent === "example" ? await answeringExampleFirst(ranked, state.ranked, state.standalone_question, plan.key_terms, ctx) : ranked;
  const docs = await loadDocuments(ctx.store, ctx.tenant, seeds, runLookups(ctx.store, ctx.tenant, state.run_id).remember);
  const profiles = new Map(ctx.profiles.map((p) => [p.name, p]));

  const out = new Assembly(budget);
  const handled = new Set<string>();
  for (const seed of seeds) {
    const doc = docs.get(seed.documentId);
    if (!doc || handled.has(doc.id) || out.covered.has(seed.id)) continue;
    const chunks = profiles.get(seed.source)?.chunks ?? DEFAULT_CHUNKS;
    const docSeeds = seeds.filter((s) => s.documentId === doc.id);
    if (chunks.whole_multipart && doc.leaves.length > 1) {
      handled.add(doc.id);
      const parts = partDrafts(doc, docSeeds);
      if (!out.take(parts)) out.take(pickAround(parts, (d) => docSeeds.some((s) => d.ids.includes(s.id)), out.room()));
      continue;
    }
    const matched = unique(docSeeds.map((s) => sectionOf(doc, s)));
    if (wholeAlways || matched.length >= threshold) {
      handled.add(doc.id);
      // Token counts of stored rows are exact; summing them spares counting a document that cannot fit.
      const estimate = doc.sections.reduce((n, s) => n + s.tokenCount, 0);
      if (estimate <= out.room() && out.take([documentDraft(doc, docSeeds)])) continue;
      out.take(matchedWithNeighbours(doc, matched, docSeeds, chunks.neighbours, out));
      continue;
    }
    const draft = out.fitting([sectionDraft(doc, sectionOf(doc, seed), [seed], "match"), chunkDraft(seed)]);
    if (draft) out.take([draft]);
  }
  const context = out.drafts.map((d, i) => toBlock(d, i + 1));
  return { context, metadata: { timings_ms: { expand: Math.round(performance.now() - started) } } };
}

/** How many of the best-ranked example files (in the language named) an example request chooses its answering example from. */
const EXAMPLE_FILES = 5;

/**
 * For an example request, the seeds of the example file that will answer moved first (its ranked
 * chunks added when none was a seed), so it comes back whole before a better-ranked near-twin fills
 * the budget: of the {@link EXAMPLE_FILES} best-ranked files of the examples sources in the
 * language the question names (when it names one), and of those the reranker found calling the code
 * name the question writes when any is ({@link callersOnly}), the best-ranked unless a later file's
 * name says clearly better what is asked ({@link preferredExample}, as the answerer chooses).
 */
async function answeringExampleFirst(
  seeds: RankedChunk[],
  ranked: readonly RankedChunk[],
  question: string,
  keyTerms: readonly string[],
  ctx: RunContext,
): Promise<RankedChunk[]> {
  const sources = new Set(ctx.profiles.filter((p) => p.formatter === "example").map((p) => p.name));
  const coded = [...new Map(ranked.map((r) => [r.uri, r])).values()]
    .filter((r) => sources.has(r.source))
    .map((r) => ({
      uri: r.uri,
      language: typeof r.metadata.language === "string" ? r.metadata.language : undefined,
      relevance: Math.max(...ranked.filter((o) => o.uri === r.uri).map((o) => o.relevance)),
    }))
    .filter((f) => f.language !== undefined);
  if (coded.length < 2) return seeds;
  const language = namedLanguageOf(question, coded);
  const inLanguage = coded.filter((f) => f.language?.toLowerCase() === language);
  // Asked which demo calls a name, the files calling it are the ones to choose from.
  const pool = callersOnly((inLanguage.length ? inLanguage : coded).slice(0, EXAMPLE_FILES), (f) => f.uri, callerUris(ranked));
  const scores = await exampleNameScores(
    ctx,
    keyTerms,
    pool.map((f) => f.uri),
    question,
  );
  const best = preferredExample(
    pool,
    (f) => f.uri,
    (uri) => scores.get(uri) ?? 0,
    (f) => f.relevance,
  );
  const first = seeds.find((s) => sources.has(s.source));
  if (!best || best.uri === first?.uri) return seeds;
  const own = seeds.some((s) => s.uri === best.uri) ? seeds : ranked;
  const moved = own.filter((s, i) => s.uri === best.uri && own.findIndex((o) => o.id === s.id) === i);
  return [...moved, ...seeds.filter((s) => s.uri !== best.uri)];
}

/** The blocks chosen so far, the rows they cover and the tokens they use. */
class Assembly {
  readonly drafts: Draft[] = [];
  readonly covered = new Set<string>();
  private used = 0;
  constructor(private readonly budget: number) {}

  room(): number {
    return this.budget - this.used;
  }

  isFresh(d: Draft): boolean {
    return !d.ids.some((id) => this.covered.has(id));
  }

  /** The first option that is new and fits in what is left. */
  fitting(options: Draft[], room = this.room()): Draft | undefined {
    return options.find((d) => d.tokens <= room && this.isFresh(d));
  }

  /** Adds the new drafts of a group if they fit together; all or nothing, so documents stay whole. */
  take(group: Draft[]): boolean {
    const fresh = group.filter((d) => this.isFresh(d));
    const tokens = fresh.reduce((n, d) => n + d.tokens, 0);
    if (fresh.length === 0 || tokens > this.room()) return false;
    for (const d of fresh) d.ids.forEach((id) => this.covered.add(id));
    this.drafts.push(...fresh);
    this.used += tokens;
    return true;
  }
}

/**
 * A document too big to return whole: its matched sections first (each falling back to its
 * seed chunk when the section is too big), then neighbours nearest first, laid out in order.
 */
function matchedWithNeighbours(doc: DocRows, matched: ChunkHit[], seeds: RankedChunk[], neighbours: number, out: Assembly): Draft[] {
  const group: Draft[] = [];
  let room = out.room();
  const add = (d: Draft | undefined) => {
    if (!d || group.some((g) => g.ids.some((id) => d.ids.includes(id)))) return;
    group.push(d);
    room -= d.tokens;
  };
  for (const section of matched) {
    const seed = seeds.find((s) => sectionOf(doc, s) === section) ?? seeds[0]!;
    add(out.fitting([sectionDraft(doc, section, seeds, "match"), chunkDraft(seed)], room));
  }
  for (const s of neighbourSections(doc, matched, neighbours)) add(out.fitting([sectionDraft(doc, s, seeds, "neighbour")], room));
  return group.sort((a, b) => a.rows[0]!.chunkIndex - b.rows[0]!.chunkIndex);
}

/**
 * The seeds' documents, each read once per run (`remember`): a broadened round's expand mostly
 * meets the first round's documents again. Read-only once built.
 */
async function loadDocuments(
  store: SqlStore,
  tenant: string,
  seeds: RankedChunk[],
  remember: RunLookups["remember"],
): Promise<Map<string, DocRows>> {
  const out = new Map<string, DocRows>();
  for (const id of unique(seeds.map((s) => s.documentId))) {
    const doc = await remember(`document:${id}`, async () => docRows(id, await store.getDocumentChunks(tenant, id)));
    if (doc) out.set(id, doc);
  }
  return out;
}

function docRows(id: string, rows: ChunkHit[]): DocRows | undefined {
  if (rows.length === 0) return undefined;
  const children = new Map<string, ChunkHit[]>();
  for (const r of rows) if (r.parentId) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const sections = rows.filter((r) => r.kind === "section" || !r.parentId);
  const leaves = rows.filter((r) => !children.has(r.id));
  return { id, sections, byId: new Map(rows.map((r) => [r.id, r])), children, leaves };
}

/** The section a seed belongs to: its parent when it is a child chunk, else itself. */
function sectionOf(doc: DocRows, seed: ChunkHit): ChunkHit {
  return (seed.parentId && doc.byId.get(seed.parentId)) || doc.byId.get(seed.id) || seed;
}

const idsOf = (doc: DocRows, section: ChunkHit) => [section.id, ...(doc.children.get(section.id) ?? []).map((c) => c.id)];
const titleOf = (row: ChunkHit) => row.docTitle || basename(row.uri);

function draft(rows: ChunkHit[], text: string, rest: Omit<Draft, "rows" | "text" | "tokens">): Draft {
  return { rows, text, tokens: countTokens(text), ...rest };
}

/** The best seed inside `ids` (seeds are ranked), else the one that brought the block in. */
function seedFor(ids: string[], seeds: RankedChunk[]): RankedChunk {
  return seeds.find((s) => ids.includes(s.id)) ?? seeds[0]!;
}

function sectionDraft(doc: DocRows, section: ChunkHit, seeds: RankedChunk[], via: "match" | "neighbour"): Draft {
  const pages = via === "match" ? pageDraft(doc, section, seeds) : undefined;
  if (pages) return pages;
  const ids = idsOf(doc, section);
  return draft([section], section.content, {
    ids,
    granularity: "section",
    part: null,
    seed: seedFor(ids, seeds),
    metadata: { ...section.metadata, via },
  });
}

/** A matched section over more pages than this comes back as the matched pages only (see {@link pageDraft}). */
const MAX_SECTION_PAGES = 2;

/**
 * A long PDF section (more than {@link MAX_SECTION_PAGES} pages) as the child chunks on the
 * pages its seeds are on, in order, overlaps cut: the block's page range is then the pages
 * holding the matched text, so a citation names the right page. Undefined for other sections.
 */
function pageDraft(doc: DocRows, section: ChunkHit, seeds: RankedChunk[]): Draft | undefined {
  const kids = doc.children.get(section.id);
  const span = (r: ChunkHit) => (r.pageStart === null ? [] : pageList(r.pageStart, r.pageEnd ?? r.pageStart));
  if (!kids?.length || span(section).length <= MAX_SECTION_PAGES) return undefined;
  const pages = new Set(seeds.filter((s) => s.parentId === section.id).flatMap(span));
  // No seed inside, or seeds on every page (chunks that only know the section's pages): the whole section is as precise.
  if (pages.size === 0 || span(section).every((p) => pages.has(p))) return undefined;
  const rows = kids.filter((k) => span(k).some((p) => pages.has(p))).sort((a, b) => a.chunkIndex - b.chunkIndex);
  const text = rows
    .map((r, k) => {
      const prev = rows[k - 1];
      return prev && prev.chunkIndex === r.chunkIndex - 1 ? r.content.slice(overlap(prev.content, r.content)).trimStart() : r.content;
    })
    .join("\n");
  const ids = rows.map((r) => r.id);
  return draft(rows, text, {
    ids,
    granularity: "section",
    part: null,
    seed: seedFor(ids, seeds),
    metadata: { ...section.metadata, via: "pages" },
  });
}

function pageList(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) + 1 }, (_, i) => from + i);
}

/** The seed on its own: the fallback when its section is too big for what is left of the budget. */
function chunkDraft(seed: RankedChunk): Draft {
  return draft([seed], seed.content, {
    ids: [seed.id],
    granularity: "chunk",
    part: null,
    seed,
    metadata: { ...seed.metadata, via: "match" },
  });
}

/**
 * The whole document as one block, sections in order under `##` headings. `metadata.sections`
 * keeps each section's span and metadata, so formatters can lay out entries one by one.
 */
function documentDraft(doc: DocRows, seeds: RankedChunk[]): Draft {
  let text = "";
  const sections: Array<{ title: string | null; chunk_index: number; start: number; end: number; metadata: Record<string, unknown> }> = [];
  for (const s of doc.sections) {
    if (text) text += "\n\n";
    if (s.sectionTitle) text += `## ${s.sectionTitle}\n\n`;
    sections.push({
      title: s.sectionTitle,
      chunk_index: s.chunkIndex,
      start: text.length,
      end: text.length + s.content.length,
      metadata: s.metadata,
    });
    text += s.content;
  }
  const ids = [...doc.byId.keys()];
  return draft(doc.sections, text, { ids, granularity: "document", part: null, seed: seedFor(ids, seeds), metadata: { sections } });
}

/** Sections within `n` places of a matched one, nearest first, matched ones excluded. */
function neighbourSections(doc: DocRows, matched: ChunkHit[], n: number): ChunkHit[] {
  const at = matched.map((m) => doc.sections.findIndex((s) => s.id === m.id)).filter((i) => i >= 0);
  const out: ChunkHit[] = [];
  for (let d = 1; d <= n; d++) {
    for (const i of at)
      for (const j of [i - d, i + d]) {
        const s = doc.sections[j];
        if (s && !matched.includes(s) && !out.includes(s)) out.push(s);
      }
  }
  return out;
}

/**
 * Every part of a multi-part document, in order, as `[Part i/n]` drafts. A child chunk repeats
 * the end of the one before (the chunker's overlap); that repeat is cut so no text comes twice.
 */
function partDrafts(doc: DocRows, seeds: RankedChunk[]): Draft[] {
  const n = doc.leaves.length;
  return doc.leaves.map((leaf, k) => {
    const prev = doc.leaves[k - 1];
    const text =
      prev && prev.parentId && prev.parentId === leaf.parentId ? leaf.content.slice(overlap(prev.content, leaf.content)) : leaf.content;
    const ids = [leaf.id, ...(leaf.parentId && k === doc.leaves.findIndex((l) => l.parentId === leaf.parentId) ? [leaf.parentId] : [])];
    return draft([leaf], text.trimStart(), {
      ids,
      granularity: "document",
      part: { i: k + 1, n },
      seed: seedFor(ids, seeds),
      metadata: { ...leaf.metadata, via: "part" },
    });
  });
}

/** Length of the longest suffix of `a` that starts `b` (at least 16 characters, else 0). */
export function overlap(a: string, b: string): number {
  const probe = b.slice(0, 16);
  if (probe.length < 16) return 0;
  for (let i = a.indexOf(probe, Math.max(0, a.length - b.length)); i !== -1; i = a.indexOf(probe, i + 1)) {
    if (b.startsWith(a.slice(i))) return a.length - i;
  }
  return 0;
}

/** When a multi-part document does not fit: the matched parts, then their nearest parts, in order. */
function pickAround(parts: Draft[], isMatch: (d: Draft) => boolean, room: number): Draft[] {
  const order = parts
    .map((d, i) => ({ d, i }))
    .filter(({ d }) => isMatch(d))
    .map(({ i }) => i);
  for (let dist = 1; dist < parts.length; dist++) {
    for (const i of order.slice()) for (const j of [i - dist, i + dist]) if (parts[j] && !order.includes(j)) order.push(j);
  }
  const chosen: number[] = [];
  for (const i of order) if (parts[i]!.tokens <= room) [room, chosen[chosen.length]] = [room - parts[i]!.tokens, i];
  return chosen.sort((a, b) => a - b).map((i) => ({ ...parts[i]!, granularity: parts[i]!.rows[0]!.kind }));
}

function toBlock(d: Draft, n: number): ContextBlock {
  const main = d.rows[0]!;
  const starts = d.rows.map((r) => r.pageStart ?? r.pageEnd).filter((p): p is number => p !== null);
  const ends = d.rows.map((r) => r.pageEnd ?? r.pageStart).filter((p): p is number => p !== null);
  const whole = d.granularity === "document" && d.part === null;
  return {
    n,
    source: main.source,
    uri: main.uri,
    document_id: main.documentId,
    title: titleOf(main),
    section: whole ? null : main.sectionTitle,
    section_path: whole ? [] : main.sectionPath,
    page_start: starts.length ? Math.min(...starts) : null,
    page_end: ends.length ? Math.max(...ends) : null,
    chunk_index: Math.min(...d.rows.map((r) => r.chunkIndex)),
    granularity: d.granularity,
    part: d.part,
    text: d.text,
    tokens: d.tokens,
    score: d.seed.score,
    rerank_score: d.seed.rerank_score,
    relevance: d.seed.relevance,
    chunk_ids: d.ids,
    metadata: d.metadata,
  };
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}
