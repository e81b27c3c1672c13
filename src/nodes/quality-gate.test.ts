import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localEmbeddings, planFor, stateWith } from "../../test/helpers/retrieval.js";
import { memoryStore } from "../../test/helpers/store.js";
import { ConfigError } from "../errors.js";
import { SourceProfileSchema } from "../sources/profile.js";
import type { GraphStateType } from "../state/state.js";
import type { RankedChunk } from "../state/types.js";
import type { SqlStore } from "../storage/store.js";
import type { RunSettingsInput } from "../config/run-settings.js";
import { buildRunContext } from "../context/build-context.js";
import type { RunContext } from "../context/run-context.js";
import { routeAfterGate } from "../graph/routing.js";
import { broaden } from "./broaden.js";
import { qualityGate } from "./quality-gate.js";

let store: SqlStore;
let ctx: RunContext;

const question = "How is the gradient slew rate limited?";

let ids = 0;
function hit(relevance: number, content: string, metadata: Record<string, unknown> = {}): RankedChunk {
  ids += 1;
  return {
    id: `c${ids}`,
    documentId: "d1",
    parentId: null,
    source: "docs",
    uri: "guide.pdf",
    docTitle: "Guide",
    sectionTitle: null,
    sectionPath: [],
    pageStart: null,
    pageEnd: null,
    chunkIndex: ids,
    kind: "section",
    tokenCount: 10,
    topics: [],
    content,
    metadata,
    score: relevance,
    lexicalScore: null,
    vectorScore: null,
    exactScore: null,
    lexicalRank: null,
    vectorRank: null,
    attempt: 0,
    scope: "global",
    source_rank: ids,
    rerank_score: relevance,
    relevance,
  };
}

const onTopic = "The gradient slew rate is limited by the system settings.";

async function judge(ranked: RankedChunk[], over: Partial<GraphStateType> = {}, settings?: RunSettingsInput) {
  const state = stateWith({ question, plan: planFor(question), ranked, ...over });
  const { gate: result } = await qualityGate(state, { context: settings ? buildRunContext({ ...ctx, settings }) : ctx });
  return result!;
}

beforeAll(async () => {
  store = await memoryStore();
  ctx = buildRunContext({
    store,
    embeddings: await localEmbeddings(),
    profiles: [SourceProfileSchema.parse({ name: "docs", summary: "guides" })],
  });
});
afterAll(async () => {
  await store.close();
});

describe("gate", () => {
  it("finds strong evidence when relevant, substantive hits cover the key terms", async () => {
    const result = await judge([hit(0.9, onTopic), hit(0.7, "Slew rate limits apply per gradient axis."), hit(0.3, "Coils.")]);
    expect(result.decision).toBe("strong");
    expect(result.signals).toMatchObject({ top_score: 0.9, strong_hits: 2, key_term_coverage: 1, non_substantive_share: 0 });
    expect(result.signals.top3_avg).toBeCloseTo((0.9 + 0.7 + 0.3) / 3);
    expect(routeAfterGate({ gate: result })).toBe("generate");
  });

  it("asks for clarification when nothing is relevant", async () => {
    for (const ranked of [[], [hit(0.1, "Helium boil-off of the magnet."), hit(0.05, "Other.")]]) {
      const result = await judge(ranked);
      expect(result.decision).toBe("clarify");
      expect(result.reason).toMatch(/^Nothing relevant/);
      expect(routeAfterGate({ gate: result })).toBe("clarify");
    }
  });

  it("broadens, not asks, when low-scored evidence still holds the question's key terms", async () => {
    const result = await judge([hit(0.1, onTopic), hit(0.05, "Other.")]);
    expect(result.signals.top_score).toBeLessThan(0.25);
    expect(result.signals.key_term_coverage).toBeGreaterThanOrEqual(0.5);
    expect(result.decision).toBe("broaden");
  });

  it("weighs results under their source's threshold only when none passes", async () => {
    const below = { ...hit(0.2, onTopic), below_threshold: true };
    const passing = await judge([hit(0.7, "Slew rate limits apply per gradient axis."), below]);
    expect(passing.signals.top3_avg).toBeCloseTo(0.7);
    const onlyBelow = await judge([below, { ...hit(0.1, "Other."), below_threshold: true }]);
    expect(onlyBelow.signals.top_score).toBeCloseTo(0.2);
    expect(onlyBelow.signals.key_term_coverage).toBe(1);
  });

  it("broadens weak evidence once, then answers weakly, counting rounds in state", async () => {
    const weak = [hit(0.5, onTopic), hit(0.4, "Gradients have limits.")];
    const decisions: string[] = [];
    let state = stateWith({ question, plan: planFor(question), ranked: weak });
    for (let round = 0; round < 5; round++) {
      state = { ...state, ...(await qualityGate(state, { context: ctx })) } as GraphStateType;
      decisions.push(state.gate!.decision);
      if (routeAfterGate(state) !== "broaden") break;
      state = { ...state, ...(await broaden(state, { context: ctx })) } as GraphStateType;
    }
    expect(decisions).toEqual(["broaden", "weak"]);
    expect(state.attempt).toBe(1);
    expect(routeAfterGate(state)).toBe("generate");
  });

  it("takes the retry budget from settings", async () => {
    const weak = [hit(0.5, onTopic)];
    expect((await judge(weak, { attempt: 1 }, { gate: { maxRetries: 2 } })).decision).toBe("broaden");
    expect((await judge(weak, { attempt: 2 }, { gate: { maxRetries: 2 } })).decision).toBe("weak");
    expect((await judge(weak, {}, { gate: { maxRetries: 0 } })).decision).toBe("weak");
  });

  it("does not count cover, contents or reference pages as strong evidence", async () => {
    for (const pageRole of ["toc", "cover", "references"]) {
      const result = await judge([
        hit(0.95, `Gradient slew rate limits ....... 12 (${pageRole})`, { pageRole }),
        hit(0.9, onTopic, { pageRole }),
      ]);
      expect(result.decision).toBe("broaden");
      expect(result.signals.strong_hits).toBe(0);
      expect(result.signals.non_substantive_share).toBe(1);
      expect(result.reason).toContain("cover, contents or reference");
    }
    const mixed = await judge([hit(0.95, "Contents ... 12", { pageRole: "toc" }), hit(0.85, onTopic, { pageRole: "body" })]);
    expect(mixed.decision).toBe("strong");
  });

  it("wants the key terms covered, not just a high score", async () => {
    const result = await judge([hit(0.9, "Completely different words about coil cooling."), hit(0.8, "More on helium.")]);
    expect(result.decision).toBe("broaden");
    expect(result.signals.key_term_coverage).toBe(0);
    expect(result.reason).toContain("key terms");
  });

  it("asks instead of broadening when moderate evidence shares only a stray word with the question", async () => {
    const result = await judge([hit(0.55, "Completely different words about coil cooling."), hit(0.5, "More on helium.")]);
    expect(result.decision).toBe("clarify");
    expect(result.reason).toContain("Off-topic");
  });

  it("does not call a claim's evidence off-topic for sharing few of its words: it broadens, then answers weakly", async () => {
    const claim = "Gradient slew rate is limited by peripheral nerve stimulation.";
    const ranked = [hit(0.55, "Completely different words about coil cooling."), hit(0.5, "More on helium.")];
    const over = { question: claim, standalone_question: claim, plan: planFor(claim) };
    const first = await judge(ranked, over);
    expect(first.decision).toBe("broaden");
    expect(first.signals.key_term_coverage).toBeLessThan(0.34);
    expect((await judge(ranked, { ...over, attempt: 1 })).decision).toBe("weak");
    // Under the relevant floor a claim is still "nothing relevant".
    expect((await judge([hit(0.1, "Completely different words about coil cooling.")], over)).decision).toBe("clarify");
  });

  it("keeps a question whose identifiers the top evidence names verbatim, even at a low score", async () => {
    const low = [hit(0.2, "openPGliteStore opens the embedded database.")];
    expect((await judge(low)).decision).toBe("clarify");
    const named = await judge(low, { plan: { ...planFor("What options does openPGliteStore take?"), identifiers: ["openPGliteStore"] } });
    expect(named.signals.identifier_coverage).toBe(1);
    expect(named.decision).toBe("broaden");
  });

  it("weighs a claim's low top passage that stands far above every other section's, and not a question's", async () => {
    // Five key terms (gradient, slew, rate, coil, limited): the top passage holds two, under the 50% that alone would do.
    const claimed = "The gradient slew rate of the coil is limited.";
    const over = { plan: planFor(claimed), standalone_question: claimed };
    const elsewhere = (relevance: number, content: string) => ({ ...hit(relevance, content), documentId: "d2" });
    const standsOut = await judge([hit(0.15, "The coil gradient was measured."), elsewhere(0.05, "Other.")], over);
    expect(standsOut.signals).toMatchObject({ top_score: 0.15, runner_up: 0.05, key_term_coverage: 0.4 });
    expect(standsOut.decision).toBe("broaden");
    const level = await judge([hit(0.15, "The coil gradient was measured."), elsewhere(0.1, "Other.")], over);
    expect(level.decision).toBe("clarify");
    expect(level.reason).toMatch(/^Nothing relevant/);
    // Under dominantMin nothing stands out, however far below the rest is.
    expect((await judge([hit(0.08, "The coil gradient was measured."), elsewhere(0.01, "Other.")], over)).decision).toBe("clarify");
    // Another passage of the same section is not another place.
    expect((await judge([hit(0.15, "The coil gradient was measured."), hit(0.14, "Coils.")], over)).signals.runner_up).toBeUndefined();
    // A question's section standing out of a long document may be its subject without its answer.
    const asked = "How is the gradient slew rate of the coil limited?";
    const question = await judge([hit(0.15, "The coil gradient was measured."), elsewhere(0.05, "Other.")], {
      plan: planFor(asked),
      standalone_question: asked,
    });
    expect(question.decision).toBe("clarify");
  });

  it("searches the route's other sources before finding nothing relevant, then asks", async () => {
    const nothing = [hit(0.1, "Helium boil-off of the magnet.")];
    const route = { sources: ["docs", "api"], primary: ["docs"], scores: {}, reason: "" };
    const first = await judge(nothing, { route });
    expect(first.decision).toBe("broaden");
    expect(first.reason).toMatch(/^Nothing relevant.*Searching the other routed sources \(api\) first\.$/);
    expect(first.unsearched).toEqual(["api"]);
    expect((await judge(nothing, { route, attempt: 1 })).decision).toBe("clarify");
    // After that round, evidence under the floor asks even when it holds half the key terms (which
    // on a first round broadens, and after an ordinary broadened round answers weakly).
    const low = [hit(0.1, onTopic)];
    expect((await judge(low, { route, attempt: 1 })).decision).toBe("weak");
    const after = await judge(low, { route, attempt: 1, gate: first });
    expect(after.decision).toBe("clarify");
    expect(after.reason).toMatch(/^Nothing relevant in any routed source/);
    // Unless it holds the question's identifiers verbatim, as on any round.
    const plan = { ...planFor("What options does openPGliteStore take?"), identifiers: ["openPGliteStore"] };
    const named = await judge([hit(0.2, "openPGliteStore opens the embedded database.")], { route, attempt: 1, gate: first, plan });
    expect(named.decision).toBe("weak");
    // Every routed source searched: nothing relevant asks at once.
    expect((await judge(nothing, { route: { ...route, primary: ["docs", "api"] } })).decision).toBe("clarify");
  });

  it("names every bad setting before any run", async () => {
    expect(() => buildRunContext({ ...ctx, settings: { gate: { strongHit: 2, maxRetries: -1 } } })).toThrow(
      expect.toSatisfy(
        (e: unknown) => ConfigError.isInstance(e) && /gate\.strongHit/.test(e.message) && /gate\.maxRetries/.test(e.message),
      ),
    );
  });
});
