import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Config } from "../config/config.js";
import { openRuntime } from "../config/runtime.js";
import { closeOnSignal } from "./shutdown.js";
import { createGraph } from "../graph/graph.js";
import { ingest } from "../ingestion/ingest.js";
import { formatAnswer, formatIngestSummary } from "./format.js";
import { ingestProgressBar } from "./progress.js";

/** The package root, from src/cli or dist/cli alike. */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The project's own corpus: API reference from TSDoc in the public API's sources, guides, examples. */
export const DEMO_SOURCES = [
  {
    source: "api_reference",
    paths: [
      "src/graph/graph.ts",
      "src/ingestion/ingest.ts",
      "src/storage/pglite.ts",
      "src/storage/store.ts",
      "src/config/config.ts",
      "src/config/runtime.ts",
      "src/models/embeddings/create-embeddings.ts",
      "src/models/chat/create-chat-model.ts",
      "src/models/rerankers/create-reranker.ts",
      "src/sources/load.ts",
    ],
  },
  { source: "docs", paths: ["docs/guides"] },
  // The example programs; not examples/chat-ui (a web page, and its build output).
  {
    source: "examples",
    paths: [
      "examples/ask-a-question.ts",
      "examples/chat-backend.ts",
      "examples/custom-source-profile.ts",
      "examples/stream-progress.ts",
      "examples/topic-scoped-search.ts",
    ],
  },
] as const;

/** One question aimed at each source, and one the corpus cannot answer. */
export const DEMO_QUESTIONS = [
  { question: "What options does openPGliteStore take?", expect: "api_reference" },
  { question: "Why are broaden retries bounded in the quality gate?", expect: "docs" },
  { question: "Show me an example of streaming each node's progress", expect: "examples" },
  { question: "What is the boiling point of tungsten at sea level?", expect: "clarify" },
] as const;

/**
 * `sourcewise demo`: ingests the demo corpus into its own database (incrementally: a second run
 * re-embeds nothing) and answers the four demo questions.
 * @returns whether every question went where it should.
 */
export async function runDemo(config: Config, out: NodeJS.WritableStream = process.stdout): Promise<boolean> {
  const rt = await openRuntime(config);
  const done = closeOnSignal(() => rt.close());
  try {
    for (const { source, paths } of DEMO_SOURCES) {
      const full = paths.map((p) => join(ROOT, p)).filter((p) => existsSync(p));
      const bar = ingestProgressBar();
      const summary = await ingest({
        store: rt.store,
        embeddings: rt.embeddings,
        paths: full,
        source,
        prune: true,
        onProgress: (p) => bar.update(p),
      });
      bar.stop();
      out.write(formatIngestSummary(summary, source, config.tenant));
    }
    const graph = createGraph({ store: rt.store, embeddings: rt.embeddings, tenant: config.tenant });
    let ok = true;
    for (const [i, q] of DEMO_QUESTIONS.entries()) {
      const started = performance.now();
      const result = await graph.invoke({ question: q.question });
      const ms = performance.now() - started;
      const got = result.verdict === "clarify" ? "clarify" : result.citations[0]?.source;
      const pass = got === q.expect;
      ok &&= pass;
      out.write(`\n=== Question ${i + 1} (aimed at ${q.expect}): ${q.question}\n`);
      out.write(`route: ${result.route?.reason ?? "(none)"}\n\n`);
      out.write(formatAnswer(result, { cwd: ROOT, ms }));
      out.write(`${pass ? "ok" : "UNEXPECTED"}: expected ${q.expect}, got ${got ?? "no citation"}\n`);
    }
    return ok;
  } finally {
    done();
    await rt.close();
  }
}
