import type { RunContext } from "../context/run-context.js";
import { namedLanguageOf } from "../generation/language-hint.js";
import { questionSynonyms, tenantSynonyms } from "../retrieval/mined-synonyms.js";
import { expandQuery, type SynonymIndex } from "../retrieval/synonyms.js";
import { extractKeyTerms } from "../planner/terms.js";
import { nameCoverage, PLAIN, titleCoverage } from "../retrieval/title-match.js";
import { sourceNames } from "./example-choice.js";
import type { ChunkHit } from "../storage/types.js";

/** The example a noun phrase is named for, and how much of the phrase's head its name and titles hold. */
export interface NamedExample {
  uri: string;
  coverage: number;
  /** The head terms it was measured on (after language names, plain-variant words and kind words are set aside). */
  terms: string[];
}

type Ctx = Pick<RunContext, "store" | "tenant" | "settings" | "profiles">;

/**
 * A title-only BM25 search of one source (the body weighs nothing; the profile's title and
 * section weights), each query expanded with `synonyms`.
 */
function titleSearch(ctx: Ctx, source: string, synonyms: SynonymIndex) {
  const profile = ctx.profiles.find((p) => p.name === source);
  const bm25 = { titleWeight: profile?.retrieval.title_weight ?? 1, sectionWeight: profile?.retrieval.section_weight ?? 1, bodyWeight: 0 };
  return (text: string, limit: number) =>
    ctx.store.matchBm25(expandQuery(text, synonyms).text, { limit, filters: { tenant: ctx.tenant, sources: [source] }, bm25 });
}

/**
 * The words of `terms` that at least `retrieval.nounPhrase.kindShare` of an examples source's
 * documents hold in their titles ("sequence", 38 of 61 Pulseq demos): what every example is, not
 * which one. Empty for a source of one document. Each word is searched with `synonyms` (none by
 * default: with the question's, `epi` as echo planar imaging counts every "echo" title).
 */
export async function kindWords(
  ctx: Ctx,
  source: string,
  terms: readonly string[],
  run?: string,
  synonyms: SynonymIndex = new Map(),
): Promise<Set<string>> {
  const { kindShare } = ctx.settings.retrieval.nounPhrase;
  const titles = titleSearch(ctx, source, synonyms);
  const total = (await sourceNames(ctx, source, run)).documents.length;
  const kinds = new Set<string>();
  if (total <= 1) return kinds;
  for (const t of new Set(terms)) {
    const hits = await titles(t, Math.min(20 * total, 5000));
    if (new Set(hits.map((h) => h.documentId)).size >= kindShare * total) kinds.add(t);
  }
  return kinds;
}

/** How many key terms besides its head a noun phrase says to describe the thing it names ("for the phantom" does not). */
const DESCRIBING_TERMS = 2;

/**
 * The kind every example of an examples source is ("sequence"), when a noun phrase's head ends in
 * it and the phrase says at least {@link DESCRIBING_TERMS} key terms besides its head: "a toy
 * sequence, not meant for real imaging, split into …" describes one of the examples by its
 * features and asks for it, while "pulse sequence" alone, or "a minimal protocol for the phantom",
 * names a concept. Undefined otherwise.
 *
 * @example
 * await exampleKindAsked(ctx, "single-voxel spectroscopy sequence localised with adiabatic pulses", ["single", "voxel", "spectroscopy", "sequence"], ["examples"]);
 * // "sequence"
 */
export async function exampleKindAsked(
  ctx: Ctx,
  question: string,
  head: readonly string[],
  sources: readonly string[],
  run?: string,
): Promise<string | undefined> {
  const noun = head.at(-1);
  const rest = extractKeyTerms(question).filter((t) => !head.includes(t));
  if (!noun || rest.length < DESCRIBING_TERMS) return undefined;
  for (const source of sources) if ((await kindWords(ctx, source, [noun], run)).has(noun)) return noun;
  return undefined;
}

const languageOf = (hit: ChunkHit) => (typeof hit.metadata.language === "string" ? hit.metadata.language : undefined);

/**
 * The example program (a file in a programming language, not a README) of the tenant's indexed
 * examples sources best named for what a noun phrase's head says, when its file name and titles hold at least `retrieval.nounPhrase.minHeadCoverage`
 * of it ({@link titleCoverage} over the documents a title-only search finds); undefined when none
 * is. Words that pick no example are set aside first: a language the examples are written in
 * ("in pypulseq"), a plain-variant word ("simple"), and a word at least `kindShare` of a source's
 * example titles hold ("sequence": what they all are).
 *
 * @example
 * await exampleNamedFor(ctx, "just a simple FID sequence", ["simple", "fid", "sequence"], ["examples"]);
 * // { uri: ".../writeFid.m", coverage: 1, terms: ["fid"] }
 */
export async function exampleNamedFor(
  ctx: Ctx,
  question: string,
  head: readonly string[],
  sources: readonly string[],
  run?: string,
): Promise<NamedExample | undefined> {
  const settings = ctx.settings.retrieval;
  const { minHeadCoverage, titleHits } = settings.nounPhrase;
  if (head.length === 0 || sources.length === 0 || minHeadCoverage > 1) return undefined;
  const synonyms = await questionSynonyms(ctx.store, ctx.tenant, question, settings.synonyms);
  const index = await tenantSynonyms(ctx.store, ctx.tenant, settings.synonyms);
  let best: NamedExample | undefined;
  for (const source of sources) {
    const titles = titleSearch(ctx, source, synonyms);
    // A document is several chunks: enough of them for `titleHits` documents.
    const hits = await titles(head.join(" "), 5 * titleHits);
    const docs = [...new Map(hits.map((h) => [h.uri, h])).values()].slice(0, titleHits);
    if (docs.length === 0) continue;
    const files = docs.map((d) => ({ uri: d.uri, language: languageOf(d) }));
    let terms = head.filter((t) => !PLAIN.test(t) && !namedLanguageOf(t, files));
    // A word most examples' titles hold ("sequence") says what they all are, not which one.
    const { conventions } = await sourceNames(ctx, source, run);
    const kinds = await kindWords(ctx, source, terms, run, synonyms);
    if (kinds.size < terms.length) terms = terms.filter((t) => !kinds.has(t));
    else continue;
    // "… imaging sequence with …": the head noun is what every example is, so the phrase asks for one.
    const askedKind = kinds.has(head.at(-1)!);
    const coverage = titleCoverage(docs, terms, index, { question, extraWordCost: 0 });
    // A name the question says all of, the head's noun (its last word) among them or the head noun
    // the kind every example is, is named for it too: `writeUTE` for "a basic radial UTE-like
    // sequence without …", not `writeGradientEcho` for "gradient echo formation".
    const named = nameCoverage(docs, question, index, conventions);
    const noun = titleCoverage(docs, terms.slice(-1), index, { question, extraWordCost: 0 });
    // An example program: a file in a programming language, not the source's README.
    coverage.forEach((c, i) => {
      const score = (askedKind || noun[i]! > 0) && named[i] === 1 ? Math.max(c, minHeadCoverage) : c;
      if (score >= minHeadCoverage && languageOf(docs[i]!) && (!best || score > best.coverage))
        best = { uri: docs[i]!.uri, coverage: score, terms };
    });
  }
  return best;
}
