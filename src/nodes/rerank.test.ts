import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planFor, retrievalContext, stateWith } from "../../test/helpers/retrieval.js";
import { CohereReranker, type CohereRerankClient } from "../models/rerankers/cohere.js";
import { LocalFusionReranker } from "../models/rerankers/local.js";
import type { Candidate, RouteDecision } from "../state/types.js";
import type { RunContext } from "../context/run-context.js";
import { broadenPlan } from "./broaden.js";
import { aliasAgreement, rerank } from "./rerank.js";
import { retrieve } from "./retrieve.js";

let ctx: RunContext;
let pool: Candidate[];
const question = "how long does a trapezoid gradient ramp take at the maximum slew rate?";

beforeAll(async () => {
  ctx = await retrievalContext(
    [
      {
        uri: "ramp.md",
        title: "Ramp time",
        sections: [{ content: "The ramp time of a trapezoid gradient is its amplitude divided by the maximum slew rate." }],
      },
      {
        uri: "area.md",
        title: "Area",
        sections: [{ content: "The area of a trapezoid gradient: amplitude times flat time plus one ramp time." }],
      },
      { uri: "rf.md", title: "RF", sections: [{ content: "RF pulses have a flip angle and a duration; gradients are off meanwhile." }] },
      {
        uri: "spoil.md",
        title: "Spoilers",
        sections: [{ content: "Spoiler gradients dephase the remaining signal at the end of each repetition." }],
      },
      { uri: "install.md", title: "Install", sections: [{ content: "Install the toolbox and add it to the path." }], source: "api" },
    ],
    [
      // Threshold 0 keeps every candidate, so orders can be compared whole; one test sets its own.
      { name: "docs", summary: "guides", retrieval: { similarity_threshold: 0 } },
      { name: "api", summary: "reference", retrieval: { similarity_threshold: 0 } },
    ],
  );
  const update = await retrieve({ question, source: "docs", attempt: 0, plan: planFor(question, {}, ctx.profiles) }, { context: ctx });
  pool = update.candidates!["0:docs:global"]!;
});
afterAll(async () => ctx.store.close());

/** A Cohere client stub at the LangChain interface: fixed scores by document text, or a failure. */
function cohereStub(score: (doc: string) => number, seen: string[][] = []): CohereRerankClient {
  return { rerank: async (docs, _query) => (seen.push(docs), docs.map((d, index) => ({ index, relevanceScore: score(d) })).reverse()) };
}
const failing: CohereRerankClient = {
  rerank: async () => {
    throw new Error("429 Too Many Requests\nretry later");
  },
};

const state = (over: Parameters<typeof stateWith>[0] extends infer S ? Partial<S> : never = {}) =>
  stateWith({ question, plan: planFor(question, {}, ctx.profiles), candidates: { "0:docs:global": pool }, ...over });

describe("rerank", () => {
  it("orders the candidates by the local model, with relevance in [0, 1]", async () => {
    const shuffled = [...pool].reverse().map((c, i) => ({ ...c, source_rank: i + 1 }));
    const update = await rerank(state({ candidates: { "0:docs:global": shuffled } }), { context: ctx });
    const ranked = update.ranked!;
    const local = new LocalFusionReranker().rerank({ text: question }, shuffled).map((r) => shuffled[r.index]!.id);
    expect(ranked.map((r) => r.id)).toEqual(local);
    expect(ranked[0]!.uri).toBe("ramp.md");
    expect(ranked.every((r) => r.relevance >= 0 && r.relevance <= 1)).toBe(true);
    expect(ranked[0]!.relevance).toBeGreaterThan(ranked.at(-1)!.relevance);
    expect(update.metadata?.models).toEqual({ reranker: "local/fusion" });
    expect(update.metadata?.rerank_scores).toEqual(ranked.map((r) => Number(r.rerank_score.toFixed(4))));
  });

  it("uses the remote reranker's scores when it answers", async () => {
    const seen: string[][] = [];
    const reranker = new CohereReranker({ client: cohereStub((d) => (d.includes("Spoiler") ? 0.9 : 0.3), seen) });
    const update = await rerank(state(), { context: { ...ctx, reranker } });
    expect(update.ranked![0]!.uri).toBe("spoil.md");
    expect(update.ranked![0]!.relevance).toBe(0.9);
    expect(seen[0]!.some((d) => d.startsWith("Ramp time\nThe ramp time"))).toBe(true);
    expect(update.metadata?.models).toEqual({ reranker: "cohere/rerank-v3.5" });
    expect(update.metadata?.fallbacks).toBeUndefined();
  });

  it("falls back to the local model when the remote one fails, and notes it", async () => {
    const update = await rerank(state(), { context: { ...ctx, reranker: new CohereReranker({ client: failing }) } });
    expect(update.ranked![0]!.uri).toBe("ramp.md");
    expect(update.metadata?.models).toEqual({ reranker: "local/fusion" });
    expect(update.metadata?.fallbacks).toEqual(["reranker: cohere/rerank-v3.5 failed (429 Too Many Requests); used local"]);
  });

  it("marks results under the source's threshold, keeping their rank, and lowers it on a broadened round", async () => {
    const reranker = new CohereReranker({
      client: cohereStub((d) => (d.includes("ramp time of") ? 0.95 : d.includes("area of") ? 0.4 : 0.1)),
    });
    const profiles = ctx.profiles.map((p) => ({ ...p, retrieval: { ...p.retrieval, similarity_threshold: 0.6 } }));
    const plan = planFor(question, {}, profiles);
    const first = await rerank(state({ plan }), { context: { ...ctx, reranker, profiles } });
    const passing = (u: typeof first) => u.ranked!.filter((r) => !r.below_threshold).map((r) => r.uri);
    expect(passing(first)).toEqual(["ramp.md"]);
    expect(first.ranked!.map((r) => r.uri).slice(0, 2)).toEqual(["ramp.md", "area.md"]);
    expect(first.ranked!).toHaveLength(pool.length);
    const broadened = broadenPlan(plan, null, ctx.settings.retrieval, profiles);
    const again = await rerank(
      state({ attempt: 1, plan: broadened, candidates: { "1:docs:global": pool.map((c) => ({ ...c, attempt: 1 })) } }),
      { context: { ...ctx, reranker, profiles } },
    );
    expect(passing(again)).toEqual(["ramp.md", "area.md"]);
  });

  it("takes the current round only and one copy per chunk, preferring the topic-scoped one", async () => {
    const [a, b] = pool;
    const update = await rerank(
      state({
        attempt: 1,
        candidates: {
          "0:docs:global": pool,
          "1:docs:global": [
            { ...a!, attempt: 1 },
            { ...b!, attempt: 1 },
          ],
          "1:docs:local": [{ ...a!, attempt: 1, scope: "local" }],
        },
      }),
      { context: ctx },
    );
    expect(update.ranked!.map((r) => r.id).sort()).toEqual([a!.id, b!.id].sort());
    expect(update.ranked!.find((r) => r.id === a!.id)!.scope).toBe("local");
    expect(update.metadata?.timings_ms?.["rerank:1"]).toBeGreaterThanOrEqual(0);
  });

  it("applies source priority and route order to equal relevance", async () => {
    const api = { ...pool[0]!, id: "00000000-0000-0000-0000-000000000001", source: "api" };
    const reranker = new CohereReranker({ client: cohereStub(() => 0.5) });
    const route: RouteDecision = { sources: ["api", "docs"], primary: ["api"], scores: {}, reason: "" };
    const candidates = { "0:docs:global": [pool[0]!], "0:api:global": [api] };
    const byRoute = await rerank(state({ candidates, route }), { context: { ...ctx, reranker } });
    expect(byRoute.ranked!.map((r) => r.source)).toEqual(["api", "docs"]);
    const profiles = ctx.profiles.map((p) => (p.name === "docs" ? { ...p, retrieval: { ...p.retrieval, priority: 2 } } : p));
    const byPriority = await rerank(state({ candidates, route }), { context: { ...ctx, reranker, profiles } });
    expect(byPriority.ranked!.map((r) => r.source)).toEqual(["docs", "api"]);
  });

  it("breaks a tie between entries the alias index matched alike by the language and the qualifier the question writes", async () => {
    // One method name in three files: the MATLAB Sequence class, pypulseq's Sequence and an installer class.
    const entry = (n: number, uri: string, metadata: Record<string, unknown>) => ({
      ...pool[0]!,
      id: `00000000-0000-0000-0000-00000000010${n}`,
      source: "api",
      uri,
      alias: "exact" as const,
      metadata: { kind: "method", name: "install", ...metadata },
    });
    const installer = entry(1, "pypulseq/Sequence/install.py", { language: "python" });
    const python = entry(2, "pypulseq/Sequence/sequence.py", { language: "python" });
    const matlab = entry(3, "matlab/+mr/@Sequence/Sequence.m", { language: "matlab", qualifiedName: "mr.Sequence.install" });
    const candidates = { "0:api:global": [installer, python, matlab] };
    const reranker = new CohereReranker({ client: cohereStub(() => 0.5) });
    const order = async (question: string) => {
      const plan = planFor(question, { intent: "api", identifiers: ["seq.install", "install"] }, ctx.profiles);
      const { ranked } = await rerank(state({ candidates, plan, question }), { context: { ...ctx, reranker } });
      return ranked!.map((r) => r.uri.split("/").at(-1));
    };
    expect(await order("in the MATLAB toolbox, what are the optional arguments of seq.install?")).toEqual([
      "Sequence.m",
      "sequence.py",
      "install.py",
    ]);
    expect(await order("pypulseq seq.install() parameters")).toEqual(["sequence.py", "install.py", "Sequence.m"]);
    // A name written as a call is the entry asked about, not the namesake of the file the question also names.
    const report = entry(4, "pypulseq/check_timing.py", { language: "python", name: "print_error_report" });
    const namesake = entry(5, "pypulseq/check_timing.py", { language: "python", name: "check_timing" });
    const asked = aliasAgreement(
      "which arguments does print_error_report() in check_timing.py accept?",
      ["print_error_report", "check_timing.py"],
      [namesake, report],
    );
    expect([namesake, report].map(asked)).toEqual([2, 3]); // ".py" names Python for both
    // Without a language or a qualifier nothing agrees more: the order is the scorer's.
    const agree = aliasAgreement("what does install do?", ["install"], [installer, python, matlab]);
    expect([installer, python, matlab].map(agree)).toEqual([0, 0, 0]);
    // A better-scored entry keeps its place: agreement only breaks ties.
    const louder = { ...installer, content: `${installer.content} louder` };
    const byScore = new CohereReranker({ client: cohereStub((doc) => (doc.includes("louder") ? 0.95 : 0.5)) });
    const plan = planFor("in MATLAB, seq.install?", { intent: "api", identifiers: ["seq.install", "install"] }, ctx.profiles);
    const { ranked } = await rerank(
      state({ candidates: { "0:api:global": [python, matlab, louder] }, plan, question: "in MATLAB, seq.install?" }),
      {
        context: { ...ctx, reranker: byScore },
      },
    );
    expect(ranked![0]!.uri).toBe("pypulseq/Sequence/install.py");
  });

  it("keeps max(top_k × 3, 20) results and handles an empty round", async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      ...pool[i % pool.length]!,
      id: `00000000-0000-0000-0000-${String(i).padStart(12, "0")}`,
    }));
    const update = await rerank(state({ candidates: { "0:docs:global": many }, plan: planFor(question, { top_k: 8 }, ctx.profiles) }), {
      context: ctx,
    });
    expect(update.ranked).toHaveLength(24);
    const empty = await rerank(state({ candidates: {} }), { context: ctx });
    expect(empty.ranked).toEqual([]);
  });
});
