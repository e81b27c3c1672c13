/**
 * Bundles the CLI (`ask`, its warm process, `serve`, and the other commands) into a few files in
 * `dist/bundle/`, so a cold process loads them instead of ~2,000 ES modules (`@langchain/core`,
 * `@langchain/langgraph`, `langsmith`, `zod`, ... ~0.6 s of a cold `ask`). `bin/sourcewise.js`
 * runs `dist/bundle/sourcewise.js` when it exists and `dist/cli/bin.js` (plain `tsc` output)
 * otherwise. Run by `npm run build` after `tsc`, whose output it relies on:
 * - each source file's `import.meta.url` is rewritten to the URL of its `tsc` output in `dist/`,
 *   so files found next to the code (the embedding worker `use-worker.mjs`, the migrations, the
 *   chat page, the warm process's build id) resolve as they do unbundled;
 * - packages that locate their own files by `import.meta.url` or `__dirname` (PGlite's WASM and
 *   data, the pgvector extension, the embedding model and tfjs, pdf.js in `unpdf`) or are large and
 *   loaded only for ingestion (`typescript`) stay external and load from `node_modules`.
 * Dynamic imports become chunks of their own (`splitting`), so `ask` does not parse the ingestion code.
 * Without esbuild (a dependency of tsx and vite here) it removes the bundle and says so.
 * Usage: node scripts/bundle.mjs
 */
import { readFile, rm } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src");
const outdir = join(root, "dist", "bundle");

/** Kept as imports from node_modules: they find files relative to themselves, or are ingestion-only and large. */
const EXTERNAL = [
  "@electric-sql/pglite",
  "@electric-sql/pglite/*",
  "@electric-sql/pglite-pgvector",
  "@electric-sql/pglite-socket",
  "@energetic-ai/*",
  "@tensorflow/*",
  "unpdf",
  "typescript",
  "pg-native",
];

/** Rewrites `import.meta.url` in a source file to its `tsc` output's URL, relative to the bundle. */
const metaUrlOfDist = {
  name: "import-meta-url-of-dist",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(src + "/")) return undefined;
      const code = await readFile(args.path, "utf8");
      if (!code.includes("import.meta.url")) return { contents: code, loader: "ts" };
      const distFile = join(root, "dist", relative(src, args.path)).replace(/\.ts$/, ".js");
      const rel = relative(outdir, distFile).split("\\").join("/");
      return { contents: code.replaceAll("import.meta.url", `new URL(${JSON.stringify(rel)}, import.meta.url).href`), loader: "ts" };
    });
  },
};

// A stale bundle must not outlive a build: without one, bin/sourcewise.js runs the fresh `tsc` output.
await rm(outdir, { recursive: true, force: true });
const esbuild = await import("esbuild").catch(() => undefined);
if (!esbuild) {
  console.log("bundle: esbuild is not installed; bin/sourcewise.js runs dist/cli/bin.js (slower start)");
  process.exit(0);
}
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: { sourcewise: "src/cli/bin.ts" },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external: EXTERNAL,
  // CommonJS dependencies bundled into ES modules still call `require` for Node's built-ins.
  banner: { js: 'import { createRequire as __swCreateRequire } from "node:module"; const require = __swCreateRequire(import.meta.url);' },
  chunkNames: "chunk-[hash]",
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
  plugins: [metaUrlOfDist],
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(
  `bundle: ${Object.keys(result.metafile.inputs).length} modules into ${Object.keys(result.metafile.outputs).length} files in ${relative(root, outdir)}/ (${(bytes / 1e6).toFixed(1)} MB)`,
);
