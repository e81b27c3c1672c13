import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGraph, type CreateGraphOptions } from "../graph/graph.js";
import { ingest } from "../ingestion/ingest.js";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import { DEFAULT_TENANT, type SqlStore } from "../storage/store.js";
import { langchainBaseline } from "./baselines/langchain.js";
import { sqlBaselines } from "./baselines/sql.js";
import { supabaseGuideBaseline } from "./baselines/supabase.js";
import type { RetrievalMethod } from "./baselines/types.js";
import type { EvalDataset } from "./datasets/types.js";
import { observeGraph, perNodeMs } from "./graph-run.js";
import { checkCitations, gateScores, pageHit, rankedPageHit, type GateConfusion } from "./judges.js";
import { newTally, reliability, tallyRun } from "./judgement.js";
import { averagePrecision, mean, mrrAtK, ndcgAtK, quantile, recallAtK } from "./metrics.js";
import type { EvalResults, MethodResult, QueryScores } from "./results.js";

/** Every baseline id, in report order. */
export const BASELINE_IDS = ["bm25", "dense", "rrf", "supabase", "langchain"] as const;

/** Options of {@link runEval}. */
export interface RunEvalOptions {
  dataset: EvalDataset;
  /** An open store (its database persists the index and the embedding cache between runs). */
  store: SqlStore;
  /** Embeddings wrapped with the store's cache (`withCache`), shared by every method. */
  embeddings: EmbeddingProvider;
  /** The tenant the dataset is ingested into and every method reads. @default "default" */
  tenant?: string;
  /** Questions for the baselines. @default all */
  limit?: number;
  /** Questions (the first ones) for the full graph, which is slower. @default limit */
  graphLimit?: number;
  /** Baselines to run. @default all of {@link BASELINE_IDS} */
  baselines?: readonly string[];
  /** Passed to createGraph: chat model, reranker, settings. */
  graphOptions?: Partial<Omit<CreateGraphOptions, "store" | "embeddings">>;
  /** Recorded in results.json as given. */
  config?: Record<string, unknown>;
  onProgress?: (p: { phase: "ingest" | "baselines" | "query"; done: number; total: number }) => void;
}

/**
 * Ingests the dataset incrementally, then runs the full graph and every baseline on the same
 * questions and embeddings, and scores them with the trec_eval metrics plus the graph's own
 * checks (routing, gate, citations, pages, per-node latency).
 * @example
 * const results = await runEval({ dataset: await beirDataset(dir), store, embeddings, graphLimit: 100 });
 */
export async function runEval(opts: RunEvalOptions): Promise<EvalResults> {
  const { dataset, store, embeddings, tenant = DEFAULT_TENANT } = opts;
  const started = performance.now();
  const ingestSummary = { added: 0, replaced: 0, unchanged: 0, seconds: 0 };
  for (const part of dataset.corpus) {
    const s = await ingest({
      store,
      embeddings,
      paths: part.paths,
      source: part.source,
      tenant,
      // The eval database holds exactly the dataset: a copy made elsewhere (its corpus folder
      // moved with it) must not keep the first location's documents beside the new ones.
      prune: "source",
      onProgress: (p) => opts.onProgress?.({ phase: "ingest", done: p.done, total: p.total }),
    });
    ingestSummary.added += s.documents.added;
    ingestSummary.replaced += s.documents.replaced;
    ingestSummary.unchanged += s.documents.unchanged;
    ingestSummary.seconds += s.seconds;
  }
  const sources = dataset.corpus.map((c) => c.source);
  dataset.resolveQrels?.((await Promise.all(sources.map((source) => store.listDocuments({ tenant, source })))).flat().map((d) => d.uri));

  const wanted = new Set(opts.baselines ?? BASELINE_IDS);
  const methods: RetrievalMethod[] = [
    ...sqlBaselines(store, sources, dataset.docKey, tenant),
    supabaseGuideBaseline(store, sources, dataset.docKey, { tenant }),
  ].filter((m) => wanted.has(m.id));
  if (wanted.has("langchain")) {
    const report = (done: number, total: number) => opts.onProgress?.({ phase: "baselines", done, total });
    methods.push(await langchainBaseline(await dataset.rawDocuments(), embeddings, report));
  }

  const queries = dataset.queries.slice(0, opts.limit ?? dataset.queries.length);
  const graphN = Math.min(opts.graphLimit ?? queries.length, queries.length);
  // The ranked list and the context blocks are scratch: streamed only when asked for.
  const graph = createGraph({
    ...opts.graphOptions,
    store,
    embeddings,
    profiles: opts.graphOptions?.profiles ?? dataset.profiles,
    streamScratch: true,
  });
  const perQuery: Record<string, QueryScores[]> = { graph: [], ...Object.fromEntries(methods.map((m) => [m.id, []])) };
  const nodeMs: Record<string, number[]> = {};
  const gate: GateConfusion = { answerableAnswered: 0, answerableAbstained: 0, unanswerableAnswered: 0, unanswerableAbstained: 0 };
  const citations = { answers: 0, markers: 0, resolved: 0, supported: 0, answersAllValid: 0 };
  const routing = { n: 0, correct: 0 };
  const pages = { n: 0, hits: 0, spanSum: 0, spanN: 0 };
  const pageHit5 = { n: 0, hits: 0, precise: 0, spanSum: 0, spanN: 0 };
  const tally = newTally();

  for (const [i, q] of queries.entries()) {
    let t = performance.now();
    const embedding = await embeddings.embedQuery(q.text);
    const embedMs = performance.now() - t;
    const judged = q.qrels.size > 0;
    for (const m of methods) {
      t = performance.now();
      const ranked = await m.search({ text: q.text, embedding });
      const ms = performance.now() - t + (m.usesQueryEmbedding ? embedMs : 0);
      perQuery[m.id]!.push(score(q.id, ranked, q.qrels, ms, judged, i < graphN));
    }
    if (i < graphN) {
      const obs = await observeGraph(graph, q.text, tenant);
      const ranked = obs.ranked.map((r) => dataset.docKey(r.uri));
      const relevant = (uri: string) => q.qrels.has(dataset.docKey(uri));
      const hitPage5 = q.pages?.length && q.answerable ? rankedPageHit(obs.ranked, q.pages, relevant) : undefined;
      perQuery.graph!.push({
        ...score(q.id, ranked, q.qrels, obs.totalMs, judged, true),
        verdict: obs.verdict,
        answerable: q.answerable,
        ...(hitPage5 === undefined ? {} : { pageHit5: hitPage5 }),
      });
      for (const [node, ms] of Object.entries(perNodeMs(obs.timings))) (nodeMs[node] ??= []).push(ms);
      (nodeMs["end to end"] ??= []).push(obs.totalMs);
      tallyRun(tally, {
        ranked: obs.ranked.map((r) => ({ key: dataset.docKey(r.uri), relevance: r.relevance })),
        verdict: obs.verdict,
        qrels: q.qrels,
        answerable: q.answerable,
        expectedSource: q.expectedSource,
      });
      const abstained = obs.verdict === "clarify";
      if (q.answerable) abstained ? gate.answerableAbstained++ : gate.answerableAnswered++;
      else abstained ? gate.unanswerableAbstained++ : gate.unanswerableAnswered++;
      if (!abstained) {
        const c = checkCitations(obs);
        citations.answers++;
        citations.markers += c.markers;
        citations.resolved += c.resolved;
        citations.supported += c.supported;
        if (c.markers > 0 && c.supported === c.markers) citations.answersAllValid++;
      }
      if (q.expectedSource) {
        routing.n++;
        if ((obs.route?.primary[0] ?? obs.route?.sources[0]) === q.expectedSource) routing.correct++;
      }
      if (q.pages?.length && q.answerable) {
        pages.n++;
        if (pageHit(obs.citations, q.pages, relevant)) pages.hits++;
        for (const c of obs.citations) {
          if (c.page_start === null) continue;
          pages.spanSum += (c.page_end ?? c.page_start) - c.page_start + 1;
          pages.spanN++;
        }
        pageHit5.n++;
        if (hitPage5) pageHit5.hits++;
        if (rankedPageHit(obs.ranked, q.pages, relevant, { maxPages: 2 })) pageHit5.precise++;
        for (const r of obs.ranked.slice(0, 5)) {
          if (r.pageStart === null) continue;
          pageHit5.spanSum += (r.pageEnd ?? r.pageStart) - r.pageStart + 1;
          pageHit5.spanN++;
        }
      }
    }
    opts.onProgress?.({ phase: "query", done: i + 1, total: queries.length });
  }

  const labels: Record<string, string> = { graph: graphLabel(opts.config), ...Object.fromEntries(methods.map((m) => [m.id, m.label])) };
  const summarise = (id: string, rows: QueryScores[]): MethodResult => {
    const judged = rows.filter((r) => r.judged);
    const pick = (k: keyof QueryScores["metrics"]) => mean(judged.map((r) => r.metrics[k]));
    const ms = rows.map((r) => r.ms);
    return {
      id,
      label: labels[id] ?? id,
      n: judged.length,
      metrics: { ndcg10: pick("ndcg10"), recall10: pick("recall10"), recall100: pick("recall100"), mrr10: pick("mrr10"), map: pick("map") },
      latencyMs: { p50: quantile(ms, 0.5), p95: quantile(ms, 0.95), mean: mean(ms) },
    };
  };
  const onGraphSet = (rows: QueryScores[]) => rows.filter((r) => r.onGraphSet);
  const g = gateScores(gate);
  return {
    dataset: {
      name: dataset.name,
      kind: dataset.kind,
      description: dataset.description,
      questions: queries.length,
      graphQuestions: graphN,
    },
    createdAt: new Date().toISOString(),
    versions: versions(embeddings.id),
    config: { ...opts.config, limit: opts.limit ?? null, graphLimit: graphN, baselines: methods.map((m) => m.id) },
    ingest: ingestSummary,
    // Side by side on the same questions the graph ran; `allQuestions` has the baselines on every question.
    methods: [summarise("graph", perQuery.graph!), ...methods.map((m) => summarise(m.id, onGraphSet(perQuery[m.id]!)))],
    allQuestions: methods.map((m) => summarise(m.id, perQuery[m.id]!)),
    graph: {
      routing: routing.n ? { ...routing, accuracy: routing.correct / routing.n } : null,
      gate: { confusion: gate, ...g },
      citations: { ...citations, validity: citations.markers ? citations.supported / citations.markers : null },
      pages: pages.n
        ? { n: pages.n, hits: pages.hits, accuracy: pages.hits / pages.n, meanPages: pages.spanN ? pages.spanSum / pages.spanN : null }
        : null,
      pageHit5: pageHit5.n
        ? {
            n: pageHit5.n,
            hits: pageHit5.hits,
            rate: pageHit5.hits / pageHit5.n,
            precise: pageHit5.precise,
            preciseRate: pageHit5.precise / pageHit5.n,
            meanPages: pageHit5.spanN ? pageHit5.spanSum / pageHit5.spanN : null,
          }
        : null,
      hit5: tally.hit5.n ? { ...tally.hit5, rate: tally.hit5.hits / tally.hit5.n } : null,
      verdicts: tally.verdicts,
      apiTopHitStrong: tally.apiTopHit.n ? { ...tally.apiTopHit, rate: tally.apiTopHit.strong / tally.apiTopHit.n } : null,
      reliability: reliability(tally.pairs),
      latencyMs: Object.fromEntries(
        Object.entries(nodeMs).map(([k, xs]) => [k, { p50: quantile(xs, 0.5), p95: quantile(xs, 0.95), n: xs.length }]),
      ),
    },
    perQuery,
    seconds: (performance.now() - started) / 1000,
  };
}

/** The graph's row label: which chat model and reranker it ran with (offline defaults unless named). */
function graphLabel(config: Record<string, unknown> | undefined): string {
  const chat = typeof config?.chatModel === "string" ? config.chatModel : "local/extractive";
  const reranker = typeof config?.reranker === "string" ? config.reranker : "local/fusion";
  const offline = chat === "local/extractive" && reranker === "local/fusion";
  return `full graph (${offline ? "offline defaults: " : ""}hybrid SQL + ${reranker} rerank, ${chat})`;
}

function score(
  id: string,
  ranked: string[],
  qrels: ReadonlyMap<string, number>,
  ms: number,
  judged: boolean,
  onGraphSet: boolean,
): QueryScores {
  return {
    id,
    ms,
    judged,
    onGraphSet,
    metrics: {
      ndcg10: ndcgAtK(ranked, qrels, 10),
      recall10: recallAtK(ranked, qrels, 10),
      recall100: recallAtK(ranked, qrels, 100),
      mrr10: mrrAtK(ranked, qrels, 10),
      map: averagePrecision(ranked, qrels),
    },
  };
}

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
function versions(embeddings: string): Record<string, string> {
  const v = (pkg: string) => {
    const p = pkg === "sourcewise" ? join(ROOT, "package.json") : join(ROOT, "node_modules", pkg, "package.json");
    return existsSync(p) ? String((JSON.parse(readFileSync(p, "utf8")) as { version?: string }).version) : "unknown";
  };
  return {
    sourcewise: v("sourcewise"),
    node: process.version,
    embeddings,
    "@langchain/langgraph": v("@langchain/langgraph"),
    "@electric-sql/pglite": v("@electric-sql/pglite"),
    "@langchain/classic": v("@langchain/classic"),
  };
}
