import type { RunContext } from "../context/run-context.js";
import { namedLanguageOf } from "../generation/language-hint.js";
import { questionSynonyms, tenantSynonyms } from "../retrieval/mined-synonyms.js";
import { expandQuery } from "../retrieval/synonyms.js";
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
  ctx: Pick<RunContext, "store" | "tenant" | "settings" | "profiles">,
  question: string,
  head: readonly string[],
  sources: readonly string[],
  run?: string,
): Promise<NamedExample | undefined> {
  const settings = ctx.settings.retrieval;
  const { minHeadCoverage, kindShare, titleHits } = settings.nounPhrase;
  if (head.length === 0 || sources.length === 0 || minHeadCoverage > 1) return undefined;
  const synonyms = await questionSynonyms(ctx.store, ctx.tenant, question, settings.synonyms);
  const index = await tenantSynonyms(ctx.store, ctx.tenant, settings.synonyms);
  let best: NamedExample | undefined;
  for (const source of sources) {
    const profile = ctx.profiles.find((p) => p.name === source);
    const bm25 = {
      titleWeight: profile?.retrieval.title_weight ?? 1,
      sectionWeight: profile?.retrieval.section_weight ?? 1,
      bodyWeight: 0,
    };
    const titles = (text: string, limit: number) =>
      ctx.store.matchBm25(expandQuery(text, synonyms).text, { limit, filters: { tenant: ctx.tenant, sources: [source] }, bm25 });
    // A document is several chunks: enough of them for `titleHits` documents.
    const hits = await titles(head.join(" "), 5 * titleHits);
    const docs = [...new Map(hits.map((h) => [h.uri, h])).values()].slice(0, titleHits);
    if (docs.length === 0) continue;
    const files = docs.map((d) => ({ uri: d.uri, language: languageOf(d) }));
    let terms = head.filter((t) => !PLAIN.test(t) && !namedLanguageOf(t, files));
    // A word most examples' titles hold ("sequence") says what they all are, not which one.
    const { documents, conventions } = await sourceNames(ctx, source, run);
    const total = documents.length;
    const kinds = new Set<string>();
    for (const t of terms) {
      const holding = new Set((await titles(t, Math.min(20 * total, 5000))).map((h) => h.documentId)).size;
      if (total > 1 && holding >= kindShare * total) kinds.add(t);
    }
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
