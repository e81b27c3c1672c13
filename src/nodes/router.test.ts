import { Send } from "@langchain/langgraph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryStore } from "../../test/helpers/store.js";
import { createEmbeddings } from "../models/embeddings/index.js";
import type { EmbeddingProvider } from "../models/embeddings/types.js";
import { heuristicPlan } from "../planner/heuristic.js";
import { applyOverrides } from "../planner/overrides.js";
import { UnknownSourceError } from "../sources/errors.js";
import { loadProfiles } from "../sources/load.js";
import type { GraphStateType } from "../state/state.js";
import type { SqlStore } from "../storage/store.js";
import { buildRunContext } from "../context/build-context.js";
import { routeToRetrievers } from "../graph/routing.js";
import { router } from "./router.js";

let store: SqlStore;
let embeddings: EmbeddingProvider;
const profiles = loadProfiles();
beforeAll(async () => {
  store = await memoryStore();
  embeddings = await createEmbeddings("local/use-lite", { workers: 0 });
});
afterAll(async () => {
  await store?.close();
  await embeddings?.close();
});

/** The state the route node and edge read, as the graph holds it after `plan`. */
function stateFor(question: string, input: Partial<GraphStateType> = {}): GraphStateType {
  const plan = applyOverrides(heuristicPlan(question, { profiles }), { sources: input.sources });
  return {
    question,
    standalone_question: question,
    plan,
    route: null,
    attempt: 0,
    tenant: "acme",
    topic: undefined,
    ...input,
  } as GraphStateType;
}

const route = (state: GraphStateType) => router(state, { context: buildRunContext({ store, embeddings, profiles, tenant: "acme" }) });

describe("router", () => {
  it("keeps the decision and its reason in state", async () => {
    const update = await route(stateFor("Show me an example of uploading a file in chunks"));
    expect(update.route?.sources[0]).toBe("examples");
    expect(update.route?.primary).toEqual(["examples"]);
    expect(update.route?.reason).toContain("example intent");
    expect(update.metadata?.timings_ms?.route).toBeGreaterThanOrEqual(0);
    expect(update.plan).toBeUndefined();
  });

  it("reads the planner's plan and never plans again itself", async () => {
    const state = stateFor("What arguments does createClient take?");
    const update = await route(state);
    expect("plan" in update).toBe(false);
    expect(update.route?.sources[0]).toBe("api_reference");
    await expect(route({ ...state, plan: null })).rejects.toMatchObject({ code: "missing_plan", data: { node: "router" } });
  });

  it("routes only to the input's sources", async () => {
    const update = await route(stateFor("What arguments does createClient take?", { sources: ["examples"] }));
    expect(update.route).toMatchObject({ sources: ["examples"], primary: ["examples"] });
  });

  it("fails on an unknown input source with the valid names", async () => {
    const error = await route(stateFor("anything", { sources: ["wiki"] })).catch((e: unknown) => e);
    expect(UnknownSourceError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain("Valid sources: api_reference, docs, examples");
  });
});

describe("routeToRetrievers", () => {
  it("sends one retrieve task per primary source in the first round", async () => {
    const state = stateFor("I'm new here: walk me through my first upload step by step");
    const { route: decision } = await route(state);
    const sends = routeToRetrievers({ ...state, route: decision! });
    expect(Array.isArray(sends)).toBe(true);
    const list = sends as Send[];
    expect(list.every((s) => s instanceof Send && s.node === "retrieve")).toBe(true);
    expect(list.map((s) => s.args.source)).toEqual(["examples", "api_reference"]);
    expect(list[0]!.args).toMatchObject({ question: state.standalone_question, attempt: 0, tenant: "acme", plan: state.plan });
  });

  it("sends every routed source after a broaden", async () => {
    const state = stateFor("What does createClient return?");
    const { route: decision } = await route(state);
    const sends = routeToRetrievers({ ...state, route: decision!, attempt: 1 }) as Send[];
    expect(sends.map((s) => s.args.source)).toEqual(decision!.sources);
    expect(sends.every((s) => s.args.attempt === 1)).toBe(true);
  });

  it("goes to clarify when there is nothing to search", async () => {
    const state = stateFor("hi there!");
    const { route: decision } = await route(state);
    expect(routeToRetrievers({ ...state, route: decision! })).toBe("clarify");
    expect(routeToRetrievers({ ...stateFor("What is a cursor?"), plan: null })).toBe("clarify");
    expect(routeToRetrievers(stateFor("What is a cursor?", { top_k: 0, plan: { ...stateFor("What is a cursor?").plan!, top_k: 0 } }))).toBe(
      "clarify",
    );
  });
});
