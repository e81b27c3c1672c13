import type { RemoteReranker } from "../../context/run-context.js";
import { SourcewiseError } from "../../errors.js";

/** The part of `@langchain/cohere`'s `CohereRerank` this reranker uses; tests pass a stub. */
export interface CohereRerankClient {
  rerank(documents: string[], query: string, options?: { topN?: number }): Promise<Array<{ index: number; relevanceScore: number }>>;
}

/** Options of {@link CohereReranker}. */
export interface CohereRerankerOptions {
  /** @default "rerank-v3.5" */
  model?: string;
  /** @default process.env.COHERE_API_KEY */
  apiKey?: string;
  /** A ready client (tests use a stub); otherwise `CohereRerank` is built on first use. */
  client?: CohereRerankClient;
  /** A call slower than this fails, so the caller can fall back. @default 10000 */
  timeoutMs?: number;
}

/**
 * Cohere Rerank through `@langchain/cohere`. Scores come back in input order, in [0, 1].
 * The SDK is imported on the first call, never at import time.
 * @example
 * ```ts
 * const cohere = new CohereReranker({ apiKey: process.env.COHERE_API_KEY });
 * const scores = await cohere.rerank("what is a trapezoid gradient?", ["...", "..."]);
 * ```
 */
export class CohereReranker implements RemoteReranker {
  readonly id: string;
  private readonly model: string;
  private readonly apiKey: string | undefined;
  private readonly timeoutMs: number;
  private client: Promise<CohereRerankClient> | undefined;

  constructor({ model = "rerank-v3.5", apiKey, client, timeoutMs = 10_000 }: CohereRerankerOptions = {}) {
    this.id = `cohere/${model}`;
    this.model = model;
    this.apiKey = apiKey ?? process.env.COHERE_API_KEY;
    this.timeoutMs = timeoutMs;
    if (client) this.client = Promise.resolve(client);
  }

  async rerank(query: string, documents: string[]): Promise<number[]> {
    if (documents.length === 0) return [];
    this.client ??= import("@langchain/cohere").then(
      ({ CohereRerank }) => new CohereRerank({ model: this.model, apiKey: this.apiKey, topN: 1000 }),
    );
    const client = await this.client;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SourcewiseError("rerank_timeout", `${this.id} took over ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      const results = await Promise.race([client.rerank(documents, query, { topN: documents.length }), timeout]);
      const scores = documents.map(() => 0);
      for (const r of results) {
        if (r.index >= 0 && r.index < scores.length) scores[r.index] = Math.min(1, Math.max(0, r.relevanceScore));
      }
      return scores;
    } finally {
      clearTimeout(timer);
    }
  }
}
