/** Retrieval: per-source hybrid search, synonym expansion, topic interleaving. */
export { searchSource, identifierWords } from "./search.js";
export { expandQuery, expansions, synonymIndex } from "./synonyms.js";
export { interleaveScoped, parentKey } from "./interleave.js";
export { embedQueryCached } from "./query-embedding.js";

export type { SourceSearchOptions, SourceSearchResult } from "./search.js";
export type { SynonymIndex } from "./synonyms.js";
export type { InterleaveOptions, Scope, ScopedHit } from "./interleave.js";
