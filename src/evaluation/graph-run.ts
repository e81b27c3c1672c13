import type { createGraph } from "../graph/graph.js";
import type { Citation, ContextBlock, RankedChunk, RouteDecision, Verdict } from "../state/types.js";

/** What one graph run showed: the final answer plus the intermediate lists the metrics need. */
export interface GraphObservation {
  answer: string;
  citations: Citation[];
  verdict: Verdict | undefined;
  route: RouteDecision | null;
  /** The last `rerank` node update (after a broaden round, the second one). */
  ranked: RankedChunk[];
  /** The numbered blocks the generator saw (the last `expand` update). */
  context: ContextBlock[];
  /** Milliseconds per node as the nodes report them; parallel retrieve branches keep their own keys. */
  timings: Record<string, number>;
  totalMs: number;
}

type Graph = ReturnType<typeof createGraph>;
type Update = {
  ranked?: RankedChunk[];
  context?: ContextBlock[];
  answer?: string;
  citations?: Citation[];
  verdict?: Verdict;
  route?: RouteDecision | null;
  metadata?: { timings_ms?: Record<string, number> };
};

/**
 * Runs one question with `streamMode: "updates"` so the reranked list and the context blocks,
 * which the output state does not carry, can be scored too (build the graph with
 * `streamScratch: true`, else they are not streamed).
 */
export async function observeGraph(graph: Graph, question: string, tenant?: string): Promise<GraphObservation> {
  const obs: GraphObservation = {
    answer: "",
    citations: [],
    verdict: undefined,
    route: null,
    ranked: [],
    context: [],
    timings: {},
    totalMs: 0,
  };
  const started = performance.now();
  const stream = await graph.stream({ question, ...(tenant ? { tenant } : {}) }, { streamMode: "updates" });
  for await (const chunk of stream as AsyncIterable<Record<string, Update>>) {
    for (const update of Object.values(chunk)) {
      if (!update) continue;
      if (update.ranked) obs.ranked = update.ranked;
      if (update.context) obs.context = update.context;
      if (update.answer !== undefined) obs.answer = update.answer;
      if (update.citations) obs.citations = update.citations;
      if (update.verdict !== undefined) obs.verdict = update.verdict;
      if (update.route !== undefined) obs.route = update.route;
      for (const [node, ms] of Object.entries(update.metadata?.timings_ms ?? {})) obs.timings[node] = (obs.timings[node] ?? 0) + ms;
    }
  }
  obs.totalMs = performance.now() - started;
  return obs;
}

/**
 * Latency per node name: parallel `retrieve:<source>` branches count once, by the slowest (they
 * overlap in time); a broaden round's `rerank:1` adds to `rerank`.
 */
export function perNodeMs(timings: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, ms] of Object.entries(timings)) {
    const [node = key] = key.split(":");
    out[node] = node === "retrieve" ? Math.max(out[node] ?? 0, ms) : (out[node] ?? 0) + ms;
  }
  return out;
}
