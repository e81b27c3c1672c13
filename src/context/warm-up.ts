import type { RunContext } from "./run-context.js";

/** The question of {@link warmUp}: plain words every corpus's statistics can look up. */
const WARM_UP_QUESTION = "What does the documentation say about this topic?";

/** Options of {@link warmUp}. */
export interface WarmUpOptions {
  /** Stops the warm-up between nodes: a real question that arrives meanwhile should not share the process with it. */
  signal?: AbortSignal;
}

/**
 * Runs one question through a graph of its own (no checkpointer: nothing is kept) so that the
 * first real question finds the database's pages and vector index in memory, the router's profile
 * vectors computed and the query model compiled: measured ~1 s of a cold first answer on a 5k
 * document database. Errors and an abort are ignored: a real question reports them.
 * @example
 * void warmUp(ctx); // after the server listens
 */
export async function warmUp(ctx: RunContext, { signal }: WarmUpOptions = {}): Promise<void> {
  try {
    if (signal?.aborted) return;
    const { createGraph } = await import("../graph/graph.js");
    await createGraph(ctx).invoke({ question: WARM_UP_QUESTION }, { signal });
  } catch {
    // The first real question meets the same error and reports it.
  }
}
