/** A query as every method sees it; the embedding is computed once and shared. */
export interface MethodQuery {
  text: string;
  embedding: number[];
}

/** A retrieval method compared side by side with the graph. */
export interface RetrievalMethod {
  /** Short id used in results.json and charts. */
  id: string;
  /** What it is, for the report. */
  label: string;
  /** Whether its latency includes the shared query embedding. */
  usesQueryEmbedding: boolean;
  /** Document keys (the dataset's qrels keys) it ranks, best first; duplicates allowed, metrics keep the first. */
  search(q: MethodQuery): Promise<string[]>;
}
