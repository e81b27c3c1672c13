import type { BaseCheckpointSaver, LangGraphRunnableConfig } from "@langchain/langgraph";
import { END, START, StateGraph } from "@langchain/langgraph";
import { buildRunContext, type RunContextInput } from "../context/build-context.js";
import { defaultTenantContext } from "../context/open-context.js";
import { contextForRun, fixedContext, type ContextResolver } from "../context/resolve.js";
import type { NodeConfig } from "../context/run-context.js";
import { broaden } from "../nodes/broaden.js";
import { clarify } from "../nodes/clarify.js";
import { condense } from "../nodes/condense.js";
import { expand } from "../nodes/expand.js";
import { generate } from "../nodes/generate.js";
import { planner } from "../nodes/planner.js";
import { qualityGate } from "../nodes/quality-gate.js";
import { remember } from "../nodes/remember.js";
import { rerank } from "../nodes/rerank.js";
import { retrieve, type RetrieveTask } from "../nodes/retrieve.js";
import { router } from "../nodes/router.js";
import { AuthGraphInputSchema, GraphInputSchema } from "../state/input.js";
import { GraphState, OutputState, SCRATCH_KEYS, type GraphStateType } from "../state/state.js";
import { routeAfterGate, routeToRetrievers } from "./routing.js";

type Node<S> = (state: S, config: NodeConfig) => Promise<object>;

/** Gives a node the run context, resolved once per run (see `contextForRun`). */
function withContext<S extends { tenant?: string | undefined }>(node: Node<S>, resolve: ContextResolver) {
  return async (state: S, config: LangGraphRunnableConfig) =>
    node(state, { ...config, context: await contextForRun(config, state?.tenant, resolve) } as NodeConfig);
}

/**
 * The graph builder (node names differ from state keys, which LangGraph requires):
 * condense (fresh turn; follow-up → standalone question) → planner → router → retrieve (one
 * `Send` branch per source) → rerank → expand → qualityGate → generate | broaden (back to
 * retrieve, bounded by `attempt` and `gate.maxRetries`) | clarify → remember (appends the turn to
 * the thread's history).
 * @param resolve where nodes get the run context, given the run's tenant, when the caller passes
 *   none at invoke time; called once per run.
 * @param input the input schema: {@link AuthGraphInputSchema} (no `tenant`) under Agent Server auth.
 */
export function buildGraph<I extends typeof AuthGraphInputSchema = typeof GraphInputSchema>(
  resolve: ContextResolver,
  { input = GraphInputSchema as unknown as I }: { input?: I } = {},
) {
  // The input is a zod schema: LangGraph validates each run's input with it (an InputError names
  // the field) and Studio's form shows its JSON schema, bounds included and no reducer types.
  return (
    new StateGraph({ stateSchema: GraphState, input, output: OutputState })
      .addNode("condense", withContext(condense, resolve))
      .addNode("planner", withContext(planner, resolve))
      .addNode("router", withContext(router, resolve))
      // A retrieve branch receives its Send payload, not the graph state.
      .addNode(
        "retrieve",
        withContext<RetrieveTask>(retrieve, resolve) as unknown as (s: GraphStateType, c: LangGraphRunnableConfig) => Promise<object>,
      )
      .addNode("rerank", withContext(rerank, resolve))
      .addNode("expand", withContext(expand, resolve))
      .addNode("qualityGate", withContext(qualityGate, resolve))
      .addNode("broaden", withContext(broaden, resolve))
      .addNode("generate", withContext(generate, resolve))
      .addNode("clarify", withContext(clarify, resolve))
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
      .addEdge("remember", END)
  );
}

/** What {@link createGraph} needs: the store and models, built by the caller, and a checkpointer for threads. */
export interface CreateGraphOptions extends RunContextInput {
  /** Persist threads (conversation memory). */
  checkpointer?: BaseCheckpointSaver;
  /**
   * Stream the per-run scratch (`candidates`, `ranked`, `context`) in `updates` and `values`, as
   * evaluations need; it is never checkpointed either way. @default false
   */
  streamScratch?: boolean;
}

/**
 * Compiles the graph over a store and models you provide. Nothing is opened here. A run uses the
 * input's `tenant` (else `tenant`); to apply each tenant's row of `sw_tenant_config`, pass the
 * tenant's context per run (`{ context: await contexts(tenant) }`, see `createTenantContexts`),
 * as the chat server does.
 * @throws ConfigError naming every bad value of `settings`.
 * @example
 * const store = await openPGliteStore({ path: "memory" });
 * const embeddings = await createEmbeddings("local/use-lite");
 * const graph = createGraph({ store, embeddings });
 * const result = await graph.invoke({ question: "What does makeTrapezoid return?" });
 */
export function createGraph({ checkpointer, streamScratch = false, ...context }: CreateGraphOptions) {
  const compiled = buildGraph(fixedContext(buildRunContext(context))).compile({ checkpointer, name: "sourcewise" });
  return streamScratch ? compiled : withoutScratch(compiled);
}

/**
 * Streams every state key but the per-run scratch (candidates, ranked lists, context blocks), in
 * `values`, `updates` and `getState`: what Studio's state panel and each event carry is what a
 * user or a follow-up needs.
 */
export function withoutScratch<G extends { streamChannels?: unknown; channels: Record<string, unknown> }>(compiled: G): G {
  compiled.streamChannels = Object.keys(compiled.channels).filter((key) => !SCRATCH_KEYS.includes(key));
  return compiled;
}

/**
 * The compiled graph for LangGraph Studio and `langgraph dev`: it opens the configured store and
 * models (sourcewise.config.json / SOURCEWISE_* env) lazily, on the first run, and runs each run
 * with its tenant's (the input's `tenant`, or the runtime context's) row of `sw_tenant_config`,
 * read once per run.
 */
export const graph = withoutScratch(buildGraph(defaultTenantContext).compile({ name: "sourcewise" }));
