import { afterAll, describe, expect, it } from "vitest";
import { createEmbeddings } from "../models/embeddings/index.js";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import { heuristicPlan } from "../planner/heuristic.js";
import { applyOverrides } from "../planner/overrides.js";
import { UnknownSourceError } from "./errors.js";
import { loadProfiles } from "./load.js";
import { matchIndicators, routeQuery, ROUTING_WEIGHTS } from "./router.js";

// The real offline model; questions are about a made-up HTTP client library, not the eval corpus.
const embeddings = await createEmbeddings("local/use-lite", { workers: 0 });
afterAll(() => embeddings.close());
const profiles = loadProfiles();

async function route(question: string, only?: string[], profileSet = profiles) {
  const plan = applyOverrides(heuristicPlan(question, { profiles: profileSet }), { sources: only });
  return routeQuery({ question, plan, profiles: profileSet, embeddings, only });
}

describe("routeQuery", () => {
  it("sends a parameter question to the API reference first, alone", async () => {
    const r = await route("What parameters does createClient accept, and what does it return?");
    expect(r.sources[0]).toBe("api_reference");
    expect(r.primary).toEqual(["api_reference"]);
    expect(r.reason).toMatch(/^api intent: api_reference [\d.]+ \(prior 1\.0, indicators "parameters",.*"return"/);
  });

  it("sends 'show me an example' to the examples", async () => {
    const r = await route("Show me an example of retrying a request with backoff");
    expect(r.sources[0]).toBe("examples");
  });

  it("sends a learning question to examples, then the API", async () => {
    const r = await route("I'm a beginner, walk me through sending my first request step by step");
    expect(r.sources.slice(0, 2)).toEqual(["examples", "api_reference"]);
    expect(r.primary).toEqual(["examples", "api_reference"]);
  });

  it("sends a debugging question to the API, then examples", async () => {
    const r = await route("Why does sendRequest throw a timeout error?");
    expect(r.sources.slice(0, 2)).toEqual(["api_reference", "examples"]);
    expect(r.primary).toEqual(["api_reference", "examples"]);
  });

  it("sends a concept question to the docs", async () => {
    const r = await route("Explain how connection pooling works and why it matters");
    expect(r.sources[0]).toBe("docs");
  });

  it("hedges with a second primary source when no indicator speaks to the question", async () => {
    const r = await route("connection pool size limit per host");
    expect(r.primary).toHaveLength(2);
  });

  it("searches every close source at once when nothing but the prior and the similarity tells them apart", async () => {
    // Three sources described by summaries alone, as a manual's sources.json gives them (no indicators).
    const manual = loadProfiles([
      {
        name: "api_reference",
        summary: "Command reference: one manual page per command (synopsis, options, examples)",
        formatter: "doc",
        indicators: [],
      },
      { name: "tutorials", summary: "Tutorials: learning the tool from the start, step by step", formatter: "doc", indicators: [] },
      { name: "docs", summary: "Guides and formats: concepts, workflows, file formats, how-tos", formatter: "doc", indicators: [] },
    ]).filter((p) => ["api_reference", "tutorials", "docs"].includes(p.name));
    const r = await route(
      "I pushed my local master to a differently named branch on my public repository. How do I generate the pull request summary for upstream?",
      undefined,
      manual,
    );
    const top = r.scores[r.sources[0]!]!;
    const close = r.sources.filter((s) => r.scores[s]! >= top - ROUTING_WEIGHTS.primaryMargin);
    expect(close.length, r.reason).toBe(3);
    expect(r.primary).toEqual(close);
    // The third is searched only because nothing told it apart: the gate still broadens once when the round holds nothing relevant.
    expect(r.widened).toEqual([close[2]]);
  });

  it("keeps one score per source, highest first", async () => {
    const r = await route("What arguments does createClient take?");
    const scores = r.sources.map((s) => r.scores[s]!);
    expect(Object.keys(r.scores).sort()).toEqual(["api_reference", "docs", "examples"]);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("lets indicators pick between two sources of the same kind", async () => {
    const withChangelog = loadProfiles([
      {
        name: "changelog",
        summary: "Release notes listing what changed in each version.",
        indicators: ["changelog", "release notes", "changed", "breaking change"],
        formatter: "doc",
      },
    ]);
    const r = await route("Which breaking change is listed in the release notes?", undefined, withChangelog);
    expect(r.sources[0]).toBe("changelog");
  });

  it("routes only to the input's sources, all primary", async () => {
    const r = await route("What parameters does createClient accept?", ["docs", "examples"]);
    expect([...r.sources].sort()).toEqual(["docs", "examples"]);
    expect([...r.primary].sort()).toEqual(["docs", "examples"]);
    expect(r.reason).toMatch(/^input sources docs, examples/);
  });

  it("rejects an unknown input source, listing the valid ones", async () => {
    const error = await route("anything", ["docs", "wiki"]).catch((e: unknown) => e);
    expect(UnknownSourceError.isInstance(error)).toBe(true);
    expect((error as UnknownSourceError).message).toContain('Unknown source: "wiki"');
    expect((error as UnknownSourceError).message).toContain("Valid sources: api_reference, docs, examples");
  });

  it("routes nowhere when the question is out of scope", async () => {
    const r = await route("hey, how are you?");
    expect(r).toMatchObject({ sources: [], primary: [], scores: {} });
    expect(r.reason).toMatch(/^out of scope/);
  });

  it("embeds each profile once per process, however often it routes", async () => {
    let documentCalls = 0;
    const counting: EmbeddingProvider = {
      id: "local/use-lite#counting",
      dimension: embeddings.dimension,
      maxChars: embeddings.maxChars,
      embedDocuments: (texts, options) => {
        documentCalls++;
        return embeddings.embedDocuments(texts, options);
      },
      embedQuery: (text) => embeddings.embedQuery(text),
      close: async () => {},
    };
    const plan = heuristicPlan("What does createClient return?", { profiles });
    for (let i = 0; i < 3; i++) await routeQuery({ question: `What does createClient return? ${i}`, plan, profiles, embeddings: counting });
    expect(documentCalls).toBe(profiles.length);
  });
});

describe("matchIndicators", () => {
  it("matches whole words and phrases, case-insensitively", () => {
    const examples = profiles.find((p) => p.name === "examples")!;
    expect(matchIndicators("Please SHOW  ME a Sample", examples)).toEqual(["sample", "show me"]);
    expect(matchIndicators("counterexample", examples)).toEqual([]);
  });
});
