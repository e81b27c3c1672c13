import type { RunContext } from "../context/run-context.js";
import { runLookups } from "../context/run-lookups.js";
import { tenantSynonyms } from "../retrieval/mined-synonyms.js";
import { asksVariantWords, fileName, nameConventions, titleCoverage } from "../retrieval/title-match.js";
import type { DocumentRef } from "../storage/types.js";

/** How much better a later example's name must say what is asked to answer before a better-ranked one. */
export const TITLE_MARGIN = 0.05;

/** What each word of an example's name that the question does not ask for costs in {@link exampleNameScores}. */
const EXTRA_NAME_WORD = 0.03;

/** What a name costs that is another's plus words not asked for, when the question asks for the plain one: more than {@link TITLE_MARGIN}. */
const PLAIN_VARIANT = 2 * TITLE_MARGIN;

/** A file whose relevance is under this share of the best example's is no rival to it, however well named. */
export const RIVAL_RELEVANCE = 0.2;

/** How much better a less relevant file's name must be to be a rival all the same. */
const FAR_BETTER_NAME = 0.2;

/**
 * Of example files in rank order, the one that answers: the best-ranked whose name says what is
 * asked about as well as the best-named one, within {@link TITLE_MARGIN}, among the files whose
 * relevance is at least {@link RIVAL_RELEVANCE} of the best one's (or whose name is better than
 * all of theirs by {@link FAR_BETTER_NAME}). Near-twin demos differ in one
 * word of their names (`writeGradientEcho_grappa` / `writeMPRAGE_grappa`).
 * @example
 * preferredExample(blocks, (b) => b.block.uri, (uri) => scores.get(uri) ?? 0, (b) => b.block.relevance);
 */
export function preferredExample<T>(
  items: readonly T[],
  uriOf: (item: T) => string,
  titleScore: (uri: string) => number,
  relevanceOf: (item: T) => number = () => 1,
): T | undefined {
  const top = Math.max(...items.map(relevanceOf));
  const relevant = items.filter((i) => relevanceOf(i) >= RIVAL_RELEVANCE * top);
  const named = Math.max(...relevant.map((i) => titleScore(uriOf(i))));
  // A variant of the most relevant file (its name plus words: `…Echo_rotExt` of `…Echo`) is the same
  // program but for what those words say, however much lower the ranking scored its longer name.
  const leader = items.find((i) => relevanceOf(i) === top);
  const variant = (i: T) => leader !== undefined && isVariantOf(uriOf(i), uriOf(leader));
  // A less relevant file is a rival still when its name says far better what is asked.
  const rivals = items.filter((i) => relevant.includes(i) || variant(i) || titleScore(uriOf(i)) >= named + FAR_BETTER_NAME);
  const best = Math.max(...rivals.map((i) => titleScore(uriOf(i))));
  return rivals.find((i) => titleScore(uriOf(i)) >= best - TITLE_MARGIN);
}

/**
 * Whether a file's name is another's plus more (`writeFastRadialGradientEcho_rotExt.m` of
 * `writeFastRadialGradientEcho.m`, `writeGradientEcho3D.m` of `writeGradientEcho.m`), in the same folder.
 * @example
 * isVariantOf("demoSeq/writeEpi_label.m", "demoSeq/writeEpi.m"); // true
 */
export function isVariantOf(uri: string, of: string): boolean {
  const folder = (u: string) => u.slice(0, u.lastIndexOf("/") + 1);
  const [name, base] = [fileName(uri), fileName(of)];
  return folder(uri) === folder(of) && name.length > base.length && name.startsWith(base) && /^[_A-Z0-9-]/.test(name.slice(base.length));
}

/**
 * How well each example file's name says it is what the question asks for ({@link titleCoverage}
 * over these files' names only: a header's generic words, "a GRE sequence", say less than the
 * name's one differing word; each unasked word of a name costs {@link EXTRA_NAME_WORD}), by URI.
 * Empty for fewer than two files.
 * @example
 * await exampleNameScores(ctx, plan.key_terms, ["demoSeq/writeEpi.m", "demoSeq/writeEpi_label.m"]);
 */
export async function exampleNameScores(
  ctx: Pick<RunContext, "store" | "tenant" | "settings">,
  keyTerms: readonly string[],
  uris: readonly string[],
  question = "",
): Promise<Map<string, number>> {
  const files = [...new Set(uris)];
  if (files.length < 2) return new Map();
  const index = await tenantSynonyms(ctx.store, ctx.tenant, ctx.settings.retrieval.synonyms);
  const titled = files.map((uri) => ({ uri, docTitle: "", sectionTitle: null }));
  // Of near-twins, each word of the name the question does not ask for says it is another variant.
  // A name the question refuses ("no labels": `_label`) scores below one that says nothing of it.
  const scores = titleCoverage(titled, keyTerms, index, {
    question,
    extraWordCost: EXTRA_NAME_WORD,
    variantCost: PLAIN_VARIANT,
    refusalsBelowZero: true,
  });
  const named = Math.max(...scores);
  // Of a best-named pair of twins, the variant whose added words the question asks for (`_rotExt`:
  // "a rotation extension") is what it asks for, however little those words weigh among a long
  // request's others.
  files.forEach((uri, i) => {
    // Its closest plain twin: `writeEpiRS` of `writeEpiRS_label`, not `writeEpi`.
    const base = files.reduce((at, b, j) => (isVariantOf(uri, b) && (at < 0 || b.length > files[at]!.length) ? j : at), -1);
    if (base < 0 || Math.max(scores[i]!, scores[base]!) < named) return;
    if (asksVariantWords(fileName(uri).slice(fileName(files[base]!).length), question))
      scores[i] = Math.max(scores[i]!, scores[base]! + PLAIN_VARIANT);
  });
  return new Map(files.map((uri, i) => [uri, scores[i]!]));
}

/**
 * A source's stored documents and the words most of their file names share (its naming
 * convention, {@link nameConventions}), read once per run (`run`, the graph run's id).
 * @example
 * const { documents, conventions } = await sourceNames(ctx, "examples", state.run_id); // conventions: Set { "write" }
 */
export async function sourceNames(
  ctx: Pick<RunContext, "store" | "tenant">,
  source: string,
  run?: string,
): Promise<{ documents: DocumentRef[]; conventions: Set<string> }> {
  return runLookups(ctx.store, ctx.tenant, run).remember(`source-names:${source}`, async () => {
    const documents = await ctx.store.listDocuments({ tenant: ctx.tenant, source });
    return { documents, conventions: nameConventions(documents.map((d) => d.uri)) };
  });
}
