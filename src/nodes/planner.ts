import { runLookups } from "../context/run-lookups.js";
import { runContext, type NodeConfig, type RunContext } from "../context/run-context.js";
import { gateLookup } from "../evidence/judge.js";
import { exampleKindAsked, exampleNamedFor } from "../evidence/thing-request.js";
import { asksFileLayout, asLayoutQuestion } from "../planner/file-format.js";
import { applyOverrides, everydayTopic, planQuestion, type PlanOverrides } from "../planner/index.js";
import { asExampleRequest, headNounTerms, headTerms, namesAThing, searchFramed } from "../planner/noun-phrase.js";
import { statedQuantities } from "../retrieval/quantities.js";
import { embedQueryCached } from "../retrieval/query-embedding.js";
import type { GraphStateType, GraphUpdate } from "../state/state.js";
import type { Plan } from "../state/types.js";

/**
 * The `planner` node: intent, budgets, thresholds, key terms and sources for the standalone
 * question, written once to `plan`, the one place later nodes read them from. With a chat model
 * in the run context the LLM planner runs (falling back to the heuristic, with a note in
 * `metadata.fallbacks`); without one, the offline heuristic. The input's overrides are applied
 * here, once, and win. A question typed as a bare noun phrase ("UTE in pypulseq") is a request
 * for the thing when an example is named for it (see {@link thingRequest}).
 * In a graph run (`run_id`) it also starts what later nodes wait for: the query's embedding (in the
 * embedder's worker) and the store lookups the router, retrieval and the gate make (`runLookups`),
 * so the store answers them while the worker embeds.
 *
 * @example
 * ```ts
 * const update = await planner({ standalone_question: "show me an EPI example" } as GraphStateType, { context });
 * update.plan?.intent; // "example"
 * ```
 */
export async function planner(state: GraphStateType, config: NodeConfig): Promise<GraphUpdate> {
  const ctx = runContext(config);
  const started = performance.now();
  const lookups = runLookups(ctx.store, ctx.tenant, state.run_id);
  if (state.run_id) {
    // Not awaited: the router and retrieval await them (a failure is theirs to report).
    embedQueryCached(ctx.embeddings, state.standalone_question).catch(() => {});
    lookups.generation().catch(() => {});
  }
  // A task reads as a request for an example only where the tenant has examples to give.
  const indexed = new Set(await lookups.indexedSources());
  const examples = ctx.profiles.filter((p) => p.formatter === "example" && indexed.has(p.name)).map((p) => p.name);
  const overrides: PlanOverrides = {
    top_k: state.top_k,
    sources: state.sources,
    return_full_documents: state.return_full_documents,
    multi_section_threshold: state.multi_section_threshold,
    token_budget: state.token_budget,
  };
  const ask = (everyday?: boolean) =>
    planQuestion({
      question: state.standalone_question,
      profiles: ctx.profiles,
      examples: examples.length > 0,
      chatModel: ctx.chatModel,
      overrides,
      ...(everyday === undefined ? {} : { everyday }),
    });
  let planned = await ask();
  // "world clock weather in celsius" over a phone's manual: an everyday word the corpus speaks of is in scope.
  const topic =
    planned.plan.planner === "heuristic" && planned.plan.intent === "out_of_scope" ? everydayTopic(state.standalone_question) : undefined;
  if (topic && (await lookups.termPresence([topic])).some((p) => p.minDf > 0)) {
    const replanned = await ask(false);
    planned = { ...replanned, plan: { ...replanned.plan, reason: `${replanned.plan.reason}; the corpus mentions "${topic}"` } };
  }
  const { fallback } = planned;
  const docs = ctx.profiles.filter((p) => p.formatter === "doc" && indexed.has(p.name)).map((p) => p.name);
  const layout = () => layoutQuestion(ctx, state.standalone_question, planned.plan, docs, overrides);
  const thing = () => thingRequest(ctx, state.standalone_question, planned.plan, examples, overrides, state.run_id);
  // After a search frame ("is there a … whose angle is written into the file …") the thing looked for
  // comes first: the file's words describe it. Otherwise a question about the file's layout does.
  const plan = searchFramed(state.standalone_question)
    ? ((await thing()) ?? layout() ?? planned.plan)
    : (layout() ?? (await thing()) ?? planned.plan);
  const model = plan.planner === "llm" ? `llm/${ctx.chatModelId ?? "chat-model"}` : "heuristic";
  const asked = gateLookup(plan, false);
  // Only when something will be searched (the gate judges what retrieval found).
  if (state.run_id && asked && plan.top_k > 0 && plan.sources.length > 0) lookups.termPresence(asked.lookup).catch(() => {});
  return {
    plan,
    metadata: {
      timings_ms: { plan: Math.round(performance.now() - started) },
      models: { planner: model },
      ...(fallback ? { fallbacks: [fallback] } : {}),
    },
  };
}

/**
 * A question about how a file format lays something out ({@link asksFileLayout}), planned as a
 * concept or API question, is searched in the tenant's document sources only: the specification
 * says it, not the API entry of the method that writes the file nor an example calling it.
 * Undefined when the input names its sources or the tenant has no document source.
 */
function layoutQuestion(
  ctx: RunContext,
  question: string,
  plan: Plan,
  docs: readonly string[],
  overrides: PlanOverrides,
): Plan | undefined {
  if (docs.length === 0 || overrides.sources || (plan.intent !== "concept" && plan.intent !== "api") || !asksFileLayout(question))
    return undefined;
  return applyOverrides(asLayoutQuestion(plan, ctx.profiles, docs, "asks how a file lays it out: the document sources only"), overrides);
}

/** How many values with units a bare noun phrase states to describe a thing by its settings. */
const MEASURED_SETTINGS = 2;

/**
 * A bare noun phrase naming a thing ("SE-EPI with ramp sampling, no diffusion") planned as a
 * concept, API or tutorial question (a tutorial cue in its relative clause, "… that can be extended
 * step by step") is a request for the thing when an example of the tenant's examples sources is
 * named for the phrase's head ({@link exampleNamedFor}): the plan as an example request, the
 * input's overrides re-applied; so is one that states at least {@link MEASURED_SETTINGS} values
 * with units ("minimal FLASH: one slice, 10 degree flip, TE 5 ms, TR 12 ms"), a thing described by
 * its settings, and one whose head ends in the kind every example is and says more than its head
 * ("a toy sequence, not meant for real imaging, split into …"; {@link exampleKindAsked}).
 * Undefined otherwise (a concept named as a noun phrase, "gradient raster time", keeps its plan).
 */
async function thingRequest(
  ctx: RunContext,
  question: string,
  plan: Plan,
  examples: readonly string[],
  overrides: PlanOverrides,
  run?: string,
): Promise<Plan | undefined> {
  // A tutorial cue in a relative clause ("… that can then be extended step by step") describes the thing.
  // After a search frame only the head was read: an error word describing the thing ("a warning in the code") is no debugging cue.
  const intents = searchFramed(question) ? ["concept", "api", "tutorial", "debugging"] : ["concept", "api", "tutorial"];
  if (examples.length === 0 || !intents.includes(plan.intent) || !namesAThing(question)) return undefined;
  const searched = overrides.sources ? examples.filter((s) => overrides.sources!.includes(s)) : examples;
  // Premodifiers no example name holds ("Cartesian RF-spoiled 2D") leave the head noun to name it.
  const noun = headNounTerms(question);
  const named =
    (await exampleNamedFor(ctx, question, headTerms(question), searched, run)) ??
    (noun ? await exampleNamedFor(ctx, question, noun, searched, run) : undefined);
  if (!named) {
    if (searched.length === 0) return undefined;
    // "minimal FLASH: one slice, 10 degree flip, TE 5 ms, TR 12 ms": a thing described by its settings.
    const measured = statedQuantities(question).filter((q) => q.unit);
    if (measured.length >= MEASURED_SETTINGS) {
      const why = `describes a thing by ${measured.length} measured settings (${measured.map((q) => q.text).join(", ")})`;
      return applyOverrides(asExampleRequest(plan, ctx.profiles, why), overrides);
    }
    // "a toy sequence, not meant for real imaging, split into …": one of the examples, described.
    const kind = await exampleKindAsked(ctx, question, headTerms(question), searched, run);
    if (!kind) return undefined;
    return applyOverrides(asExampleRequest(plan, ctx.profiles, `describes a ${kind}, the kind every example is`), overrides);
  }
  const file = named.uri.split(/[\\/]/).at(-1) ?? named.uri;
  const why = `names a thing: ${file} is named for "${named.terms.join(" ")}" (${named.coverage.toFixed(2)})`;
  return applyOverrides(asExampleRequest(plan, ctx.profiles, why), overrides);
}
