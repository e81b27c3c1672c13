import type { SourceProfile } from "../sources/profile.js";
import { DEFAULT_TENANT, type SqlStore } from "../storage/store.js";
import type { ChunkHit, FusionParams } from "../storage/types.js";
import type { RetrievalSettings } from "../config/run-settings.js";
import { aliasNames, qualifiedHits, withAliasHits } from "./aliases.js";
import { fuseCandidates, type FusedCandidate } from "./fusion.js";
import { combinedIndex } from "./mined-synonyms.js";
import { expandQuery, type SynonymIndex } from "./synonyms.js";
import { vectorCandidates } from "./vector-candidates.js";

/** Options of {@link searchSource}. */
export interface SourceSearchOptions {
  store: SqlStore;
  /** The source's profile: name, result count, language filter, fusion weights. */
  profile: SourceProfile;
  question: string;
  /** The query vector; null searches lexical + exact only. */
  embedding: number[] | null;
  /** Identifier-like tokens as written; matched case-sensitively and boosted. */
  identifiers?: readonly string[];
  /** Extra lexical terms (a broadened plan's key terms). */
  extraTerms?: readonly string[];
  /** @default "default" */
  tenant?: string;
  /** Restrict to chunks tagged with one of these topics. */
  topics?: string[];
  settings: RetrievalSettings;
  /** A broadened round: more results and more weight on meaning. @default false */
  broadened?: boolean;
  /** Synonyms the tenant's corpus spells out (mined abbreviations), added to the configured ones. */
  mined?: Record<string, string[]>;
  /** The synonym index itself (see `questionSynonyms`), instead of building one from the configured synonyms and `mined`. */
  synonyms?: SynonymIndex;
  /** The lexical side's text when not the question (an example request searches what it asks for). */
  lexicalText?: string;
  /**
   * Also search the titles alone (BM25 without the body), one chunk per document, and add the
   * documents the hybrid search missed: an example program says what it is in its name. @default false
   */
  titleSearch?: boolean;
  /** The tenant's data generation, when the caller has it at hand (a run's `runLookups`). @default store.tenantGeneration */
  generation?: () => Promise<string>;
  /**
   * Where the hybrid's candidates are remembered, by a key of everything that shapes them (a run's
   * `runLookups().remember`): a broadened round whose lexical text, vector candidates and filters
   * are its first round's fuses the first round's candidates again instead of searching. @default none
   */
  remember?: <T>(key: string, load: () => Promise<T>) => Promise<T>;
}

/** What one source returned and how it was asked. */
export interface SourceSearchResult {
  hits: ChunkHit[];
  /** The lexical query sent (question plus expansions). */
  query: string;
  /** Synonyms and extra terms appended to the question. */
  added: string[];
  fusion: FusionParams & { lexicalWeight: number; vectorWeight: number; exactWeight: number };
  /** Results wanted from this source (the profile's max_results, scaled on a broadened round). */
  limit: number;
}

/**
 * Adds the best `max` documents of a title-only search that `hits` has no chunk of, one chunk
 * each, after the hits.
 */
export function withTitleHits(hits: readonly ChunkHit[], titled: readonly ChunkHit[], max: number): ChunkHit[] {
  const docs = new Set(hits.map((h) => h.documentId));
  const extra: ChunkHit[] = [];
  for (const t of titled) {
    if (extra.length >= max) break;
    if (docs.has(t.documentId)) continue;
    docs.add(t.documentId);
    extra.push(t);
  }
  return [...hits, ...extra];
}

/** The words inside identifiers (`makeTrapezoid` → `make trapezoid`), for a relaxed lexical query. */
export function identifierWords(identifiers: readonly string[]): string[] {
  const words = identifiers.flatMap((id) =>
    id
      .replace(/[[\]().]/g, " ")
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .replace(/[_-]+/g, " ")
      .toLowerCase()
      .split(/\s+/),
  );
  return [...new Set(words.filter((w) => w.length > 1))];
}

function languageOf(hit: ChunkHit): string | undefined {
  const lang = hit.metadata.language;
  return typeof lang === "string" ? lang.toLowerCase() : undefined;
}

/** The best `limit` fused candidates as hits, in fused order, their rows read by id. */
async function fusedHits(store: SqlStore, tenant: string, fused: readonly FusedCandidate[], limit: number): Promise<ChunkHit[]> {
  const kept = fused.slice(0, limit);
  const rows = new Map(
    (
      await store.getChunks(
        tenant,
        kept.map((c) => c.id),
      )
    ).map((h) => [h.id, h]),
  );
  return kept.flatMap((c) => {
    const row = rows.get(c.id);
    if (!row) return [];
    const { score, lexicalScore, vectorScore, exactScore, lexicalRank, vectorRank } = c;
    return [{ ...row, score, lexicalScore, vectorScore, exactScore, lexicalRank, vectorRank }];
  });
}

/**
 * Searches one source with the hybrid SQL function: the question plus its synonyms on the
 * lexical side, the query vector on the other, identifiers matched exactly and boosted. The
 * profile's language filter and result count apply; a broadened round asks for more results
 * and leans on the vector side.
 *
 * @example
 * const { hits } = await searchSource({ store, profile, question, embedding, settings });
 */
export async function searchSource(options: SourceSearchOptions): Promise<SourceSearchResult> {
  const { store, profile, question, embedding, identifiers = [], extraTerms = [], tenant, topics, settings, broadened = false } = options;
  const { mined = {}, lexicalText = question, titleSearch = false, generation } = options;
  const synonyms = options.synonyms ?? combinedIndex(settings.synonyms, mined);
  const r = profile.retrieval;
  const weights = settings.fusion ?? { lexical: r.lexical_weight, vector: r.vector_weight, exact: r.exact_weight };
  const fusion = {
    fusion: settings.fusionMethod,
    lexicalWeight: weights.lexical,
    vectorWeight: broadened ? weights.vector * settings.broaden.vectorBoost : weights.vector,
    exactWeight: weights.exact,
    exactTerms: identifiers.length ? [...identifiers] : undefined,
    candidates: settings.sideCandidates,
  };
  const relaxed = broadened ? [...extraTerms, ...identifierWords(identifiers)] : [...extraTerms];
  const { text, added } = expandQuery(lexicalText, synonyms, relaxed);
  const wanted = Math.round(r.max_results * (broadened ? settings.broaden.resultsFactor : 1));
  const language = r.language?.toLowerCase() ?? null;
  // The vector side once per query vector and filters: a broadened round reuses the first round's.
  const vectorIds = embedding
    ? await vectorCandidates(store, embedding, {
        filters: { tenant: tenant ?? DEFAULT_TENANT, sources: [profile.name], topics },
        candidates: fusion.candidates,
        ...(generation ? { generation } : {}),
      })
    : undefined;
  // The candidates before fusion, then fused with this round's weights (sw_match_hybrid's ranking).
  const bm25 = { titleWeight: r.title_weight, sectionWeight: r.section_weight };
  const filters = { tenant, sources: [profile.name], topics };
  const loadPool = () => store.hybridCandidates(text, embedding, { filters, fusion, bm25, vectorIds });
  const poolKey = JSON.stringify(["hybrid", text, embedding !== null, filters, fusion.exactTerms, fusion.candidates, bm25, vectorIds]);
  const pool = await (options.remember ? options.remember(poolKey, loadPool) : loadPool());
  // metadata.language is not a SQL filter: ask for more and filter here.
  const hits = await fusedHits(
    store,
    tenant ?? DEFAULT_TENANT,
    fuseCandidates(pool, fusion, embedding !== null),
    language ? wanted * 4 : wanted,
  );
  const names = aliasNames(identifiers);
  const aliasHits = names.length
    ? qualifiedHits(await store.matchAliases(names, { limit: wanted, filters: { tenant, sources: [profile.name], topics } }), identifiers)
    : [];
  const titled = titleSearch
    ? await store.matchBm25(text, {
        limit: wanted * 5,
        filters: { tenant, sources: [profile.name], topics },
        bm25: { titleWeight: r.title_weight, sectionWeight: r.section_weight, bodyWeight: 0 },
      })
    : [];
  const all = withTitleHits(withAliasHits(hits, aliasHits, names), titled, Math.ceil(wanted / 2));
  const kept = language ? all.filter((h) => languageOf(h) === language).slice(0, wanted) : all;
  return { hits: kept, query: text, added, fusion, limit: wanted };
}
