/**
 * Loads every file under the given folders with the default loaders and chunks it, to check
 * that nothing throws on real data. Usage:
 *   npx tsx bench/loaders-sanity.ts ../shared/data/pulseq/matlab ../shared/data/pypulseq ../shared/data/pulseq-website
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { chunkDocument } from "../src/ingestion/chunker.js";
import { pickLoader } from "../src/ingestion/loaders/index.js";
import type { LoadedDocument } from "../src/ingestion/types.js";

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** API reference code: the MATLAB `+mr` package and the pypulseq package, not examples. */
const isApiPath = (path: string) => /[\\/]\+mr[\\/]|[\\/]src[\\/]pypulseq[\\/]/.test(path);

const roots = process.argv.slice(2);
const byLoader = new Map<string, { files: number; documents: number; sections: number; chunks: number }>();
const failures: string[] = [];
const skipped: string[] = [];
let api = 0;
let apiWithParams = 0;
let apiWithDescribedParams = 0;
let apiWithDescription = 0;
let maxChunkTokens = 0;

const started = performance.now();
for (const root of roots) {
  for (const path of walk(root)) {
    const loader = pickLoader(path);
    if (!loader) {
      skipped.push(path);
      continue;
    }
    let docs: LoadedDocument[];
    try {
      docs = await loader.load({ path, bytes: readFileSync(path) });
    } catch (error) {
      failures.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const stats = byLoader.get(loader.name) ?? { files: 0, documents: 0, sections: 0, chunks: 0 };
    stats.files++;
    for (const doc of docs) {
      stats.documents++;
      stats.sections += doc.sections.length;
      const chunks = chunkDocument(doc);
      stats.chunks += chunks.length;
      for (const c of chunks) if (c.searchable) maxChunkTokens = Math.max(maxChunkTokens, c.tokenCount);
      if (doc.format !== "code" || !isApiPath(path)) continue;
      for (const s of doc.sections) {
        const m = s.metadata as { kind?: string; params?: { description?: string }[]; description?: string; name?: string };
        if ((m.kind !== "function" && m.kind !== "method") || m.name?.startsWith("_")) continue;
        api++;
        if (m.params?.length) apiWithParams++;
        if (m.params?.some((p) => p.description)) apiWithDescribedParams++;
        if (m.description) apiWithDescription++;
      }
    }
    byLoader.set(loader.name, stats);
  }
}
const elapsed = performance.now() - started;

console.table(Object.fromEntries(byLoader));
const pct = (n: number) => `${n}/${api} (${api ? Math.round((100 * n) / api) : 0}%)`;
console.log(`API functions/methods (public): ${api}`);
console.log(`  with params: ${pct(apiWithParams)}`);
console.log(`  with described params: ${pct(apiWithDescribedParams)}`);
console.log(`  with a description: ${pct(apiWithDescription)}`);
console.log(`largest searchable chunk: ${maxChunkTokens} tokens`);
console.log(`no loader for ${skipped.length} files: ${skipped.map((p) => p.split("/").pop()).join(", ")}`);
console.log(`failures: ${failures.length}`);
for (const f of failures) console.log(`  ${f}`);
console.log(`elapsed: ${Math.round(elapsed)} ms`);
