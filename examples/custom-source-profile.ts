/**
 * Example: add a source of your own without code, as a profile, and route questions to it.
 * The same profile can live in sourcewise.config.json under "sources".
 * Run: npx tsx examples/custom-source-profile.ts
 */
import { createEmbeddings, createGraph, ingest, loadProfiles, openPGliteStore } from "../src/index.js";

// A "release_notes" source: its indicators and summary steer the router to it.
const profiles = loadProfiles([
  {
    name: "release_notes",
    summary: "Release notes: what changed in each version, fixes and breaking changes.",
    best_for: ["what changed", "breaking changes", "which version fixed"],
    indicators: ["release", "changelog", "version", "breaking change", "fixed in"],
    formatter: "doc",
  },
]);

const store = await openPGliteStore({ path: "memory" });
const embeddings = await createEmbeddings("local/use-lite");
try {
  await ingest({ store, embeddings, paths: ["docs/guides"], source: "docs" });
  const graph = createGraph({ store, embeddings, profiles });
  const result = await graph.invoke({ question: "Which version fixed the breaking change in the router?" });
  console.log(result.route?.reason);
  console.log(result.verdict, result.answer);
} finally {
  await embeddings.close();
  await store.close();
}
