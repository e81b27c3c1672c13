/**
 * Routing accuracy and hit@5 of the full graph on the Pulseq corpus (three sources), per split of
 * evals/pulseq/questions.jsonl. The index is built once (cached) under .sourcewise/bench-pulseq.
 * Usage: npm run bench:pulseq -- ../shared/data [--split heldout|tune|all] [--verbose]
 * The frozen set of issue 12 (evals/pulseq-frozen, with pypulseq's API in api_reference and answer
 * checks): npm run bench:pulseq -- ../shared/data --set frozen [--verbose] [--json]
 * The blind sets (evals/pulseq-blind, evals/pulseq-blind2) through the same runner and database:
 * --set blind, --set blind2, --set blind3 (evals/pulseq-blind3: example requests only), --set blind4, --set blind5,
 * --set blind6 (chat-box phrasing), --set blind7 (mixed phrasing, with docs questions),
 * --set blind8 (the issue's mix: half `mr.` names, a quarter Python names), --set blind9 (the same mix, seed 91), --set blind10 (example-heavy, seed 101), --set blind11 (examples and spec only, seed 111), --set blind12 (the issue's mix, 20 example requests, seed 121), --set blind13 (24 example requests and 12 spec questions, seed 131), --set blind14 (the issue's mix, 20 example requests, seed 141), --set blind15 (the same mix, seed 151), --set blind16 (the same mix, seed 161), --set blind17 (the same mix, seed 171), --set blind18 (the same mix, seed 181), --set blind19 (the same mix, seed 191), --set blind20 (the same mix, seed 201), --set blind21 (the same mix, seed 211), --set blind22 (the same mix, seed 221), --set blind23 (the same mix, seed 231), --set blind24 (the same mix, seed 241), --set blind25 (the same mix, seed 251)
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createGraph } from "../src/graph/graph.js";
import { ingest } from "../src/ingestion/ingest.js";
import { withCache } from "../src/models/embeddings/cache.js";
import { createEmbeddings } from "../src/models/embeddings/create-embeddings.js";
import { openPGliteStore } from "../src/storage/pglite.js";
import type { RankedChunk } from "../src/state/types.js";
import { FROZEN_SETS, FROZEN_SOURCES, runFrozen } from "./pulseq-frozen.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    split: { type: "string", default: "all" },
    set: { type: "string", default: "pulseq" },
    json: { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
    db: { type: "string" },
  },
});
const data = resolve(positionals[0] ?? "../shared/data");
const questions = readFileSync("evals/pulseq/questions.jsonl", "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { query: string; expected_source: string; relevant: string[]; split: string });

// The frozen and blind sets share the frozen runner, sources and database.
const frozenSet = Object.hasOwn(FROZEN_SETS, values.set) ? FROZEN_SETS[values.set as keyof typeof FROZEN_SETS] : undefined;
const frozen = frozenSet !== undefined;
const store = await openPGliteStore({ path: values.db ?? (frozen ? ".sourcewise/bench-pulseq-frozen" : ".sourcewise/bench-pulseq") });
const model = await createEmbeddings("local/use-lite");
const embeddings = withCache(model, store.embeddingCache());
const SOURCES = frozen
  ? FROZEN_SOURCES
  : {
      api_reference: ["pulseq/matlab/+mr"],
      docs: ["pulseq/doc", "pulseq-website"],
      examples: ["pulseq/matlab/demoSeq", "pypulseq/examples/scripts"],
    };
for (const [source, paths] of Object.entries(SOURCES)) {
  const s = await ingest({ store, embeddings, paths: paths.map((p) => join(data, p)), source });
  console.log(
    `${source}: ${s.documents.added + s.documents.replaced} new, ${s.documents.unchanged} unchanged, ${s.skipped.length} skipped`,
  );
}

/** Glob (only `*` and `**`) to a RegExp matched against the end of a path. */
// \u0000 is a placeholder for `**` while single `*` are replaced.
const globToRe = (g: string) =>
  new RegExp(
    `${g
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*\*/g, "\u0000")
      .replace(/\*/g, "[^/]*")
      // eslint-disable-next-line no-control-regex
      .replace(/\u0000/g, ".*")}$`,
  );

const graph = createGraph({ store, embeddings, streamScratch: true });
await graph.invoke({ question: "warm-up: what is a trapezoid gradient?" });
if (frozen) await runFrozen(graph, data, { verbose: values.verbose, json: values.json, questions: frozenSet });
for (const split of frozen ? [] : values.split === "all" ? ["tune", "heldout"] : [values.split]) {
  const qs = questions.filter((q) => q.split === split);
  let routed = 0;
  let hits = 0;
  for (const q of qs) {
    let ranked: RankedChunk[] = [];
    let first: string | undefined;
    for await (const update of await graph.stream({ question: q.query }, { streamMode: "updates" })) {
      const u = update as Record<string, { ranked?: RankedChunk[]; route?: { sources: string[] } }>;
      if (u.rerank?.ranked) ranked = u.rerank.ranked;
      if (u.router?.route && first === undefined) first = u.router.route.sources[0];
    }
    const top5 = [...new Set(ranked.map((r) => r.uri))].slice(0, 5);
    const res = q.relevant.map(globToRe);
    const hit = top5.some((uri) => res.some((re) => re.test(uri)));
    routed += first === q.expected_source ? 1 : 0;
    hits += hit ? 1 : 0;
    if (values.verbose || !hit || first !== q.expected_source) {
      console.log(`${first === q.expected_source ? "route ok " : `route ${first}`} ${hit ? "hit " : "MISS"} ${q.query}`);
      if (!hit) console.log(`    top5: ${top5.map((u) => u.replace(`${data}/`, "")).join(", ")}`);
    }
  }
  console.log(
    `${split}: ${qs.length} questions, routing accuracy ${((100 * routed) / qs.length).toFixed(1)}%, hit@5 ${((100 * hits) / qs.length).toFixed(1)}%`,
  );
}
await model.close();
await store.close();
