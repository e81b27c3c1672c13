import type { BaseCheckpointSaver, LangGraphRunnableConfig } from "@langchain/langgraph";
import { END, START, StateGraph } from "@langchain/langgraph";
import { broaden } from "../nodes/broaden.js";
import { clarify } from "../nodes/clarify.js";
import { condense, remember } from "../nodes/condense.js";
import type { GraphContext, NodeConfig } from "../nodes/context.js";
import { expand } from "../nodes/expand.js";
import { gate, routeAfterGate } from "../nodes/gate.js";
import { generate } from "../nodes/generate.js";
import { planNode } from "../nodes/plan.js";
import { rerank } from "../nodes/rerank.js";
import { retrieve, type RetrieveTask } from "../nodes/retrieve.js";
import { routeNode, routeToRetrievers } from "../nodes/route.js";
import { GraphState, InputState, OutputState, type GraphStateType } from "../state/state.js";
import { openTenantContext } from "./default-context.js";
import { runTenant } from "./run-tenant.js";

type Node<S> = (state: S, config: NodeConfig) => Promise<object>;

/** Where nodes get their context, given the run's tenant (when the input names one). */
export type ContextSource = (tenant?: string) => Promise<GraphContext>;

/**
 * Gives a node its run context: the bound one for the run's tenant, with anything passed at
 * invoke time (`{ context }`, as the chat server passes the tenant's) on top.
 */
function bind<S extends { tenant?: string | undefined }>(node: Node<S>, context: ContextSource) {
  return async (state: S, config: LangGraphRunnableConfig) => {
    // Under Agent Server auth the token's tenant replaces the input's (src/graph/run-tenant.ts).
    const tenant = runTenant(state?.tenant, config);
    const scoped = tenant === state?.tenant ? state : { ...state, tenant };
    return node(scoped, { ...config, context: { ...(await context(tenant)), ...((config?.context as Partial<GraphContext> | undefined) ?? {}) } } as NodeConfig);
  };
}

/**
 * The graph builder (node names differ from state keys, which LangGraph requires):
 * condense (follow-up → standalone question) → planner → router → retrieve (one `Send` branch per source) → rerank → expand →
 * qualityGate → generate | broaden (back to retrieve, bounded by `retries`) | clarify → remember
 * (appends the turn to the thread's history).
 * @param context where nodes get the store and models, given the run's tenant; called once per node run.
 */
export function buildGraph(context: ContextSource) {
  return new StateGraph({ stateSchema: GraphState, input: InputState, output: OutputState })
    .addNode("condense", bind(condense, context))
    .addNode("planner", bind(planNode, context))
    .addNode("router", bind(routeNode, context))
    // A retrieve branch receives its Send payload, not the graph state.
    .addNode("retrieve", bind<RetrieveTask>(retrieve, context) as unknown as (s: GraphStateType, c: LangGraphRunnableConfig) => Promise<object>)
    .addNode("rerank", bind(rerank, context))
    .addNode("expand", bind(expand, context))
    .addNode("qualityGate", bind(gate, context))
    .addNode("broaden", bind(broaden, context))
    .addNode("generate", bind(generate, context))
    .addNode("clarify", bind(clarify, context))
    .addNode("remember", remember)
    .addEdge(START, "condense")
    .addEdge("condense", "planner")
    .addEdge("planner", "router")
    .addConditionalEdges("router", routeToRetrievers, ["retrieve", "clarify"])
    .addEdge("retrieve", "rerank")
    .addEdge("rerank", "expand")
    .addEdge("expand", "qualityGate")
    .addConditionalEdges("qualityGate", routeAfterGate, ["generate", "broaden", "clarify"])
    .addConditionalEdges("broaden", routeToRetrievers, ["retrieve", "clarify"])
    .addEdge("generate", "remember")
    .addEdge("clarify", "remember")
    .addEdge("remember", END);
}

/** What {@link createGraph} needs: the store and models, built by the caller. */
export interface CreateGraphOptions extends Omit<GraphContext, "profiles"> {
  /** Source profiles. @default the three default profiles */
  profiles?: GraphContext["profiles"];
  /** Persist threads (conversation memory). */
  checkpointer?: BaseCheckpointSaver;
}

/**
 * Compiles the graph over a store and models you provide. Nothing is opened here. The context is
 * the same for every run; to apply each tenant's row of `sw_tenant_config`, pass the tenant's
 * context per run (`{ context: await contexts(tenant) }`, see `createTenantContexts`), as the chat
 * server does.
 * @example
 * const store = await openPGliteStore({ path: "memory" });
 * const embeddings = await createEmbeddings("local/use-lite");
 * const graph = createGraph({ store, embeddings });
 * const result = await graph.invoke({ question: "What does makeTrapezoid return?" });
 */
export function createGraph({ checkpointer, profiles, ...rest }: CreateGraphOptions) {
  const ready = (async (): Promise<GraphContext> => {
    const { loadProfiles } = await import("../sources/load.js");
    return { ...rest, profiles: profiles ?? loadProfiles() };
  })();
  return buildGraph(() => ready).compile({ checkpointer, name: "sourcewise" });
}

/**
 * The compiled graph for LangGraph Studio and `langgraph dev`: it opens the configured store and
 * models (sourcewise.config.json / SOURCEWISE_* env) lazily, on the first run, and runs each
 * input's `tenant` with that tenant's row of `sw_tenant_config`.
 */
export const graph = buildGraph(openTenantContext).compile({ name: "sourcewise" });
