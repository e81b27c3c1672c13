import { loadConfig } from "../config/config.js";
import { defaultTenantContext, openDefaultContext } from "../context/open-context.js";
import { preferQuickWasmStart } from "../context/quick-wasm.js";

// What langgraph.json serves to the Agent Server (`langgraph dev`, Studio). Unlike the library's
// modules, importing it inside the Agent Server starts work: the first run should find it done.

// Inside the Agent Server (its CLI sets LANGGRAPH_API_URL), the store opens and the model loads
// now, before the graph's modules load (they are imported below, while it opens), and the module
// waits for them at its end. Its WebAssembly stays on Liftoff (see preferQuickWasmStart): a dev
// server is judged by its first answer.
const opening = process.env.LANGGRAPH_API_URL ? (preferQuickWasmStart(), openDefaultContext()) : undefined;
opening?.catch(() => {});

const [{ warmUp }, { buildGraph, withoutScratch }, { AuthGraphInputSchema, GraphInputSchema }] = await Promise.all([
  import("../context/warm-up.js"),
  import("../graph/graph.js"),
  import("../state/input.js"),
]);

/** Whether the Agent Server's auth is on (src/server/agent-auth.ts: a JWT secret is configured). */
function authConfigured(): boolean {
  try {
    return Boolean(loadConfig().server.jwtSecret);
  } catch {
    // A bad configuration fails the first run with its own error; offering `tenant` meanwhile is harmless, auth ignores it.
    return false;
  }
}

/** The Agent Server's warm-up run (below), stopped by the first real run. */
const warming = new AbortController();

/**
 * The graph of `langgraph dev` and Studio: the configured store and models, each run with its
 * tenant's row of `sw_tenant_config`. Under auth its input has no `tenant` (the token's tenant
 * is the run's); without auth, `tenant` picks one.
 */
export const graph = withoutScratch(
  buildGraph(
    (tenant, config) => {
      // The first real run stops the warm-up: what it has loaded stays, the rest the run does once, not twice.
      warming.abort();
      return defaultTenantContext(tenant, config);
    },
    { input: authConfigured() ? AuthGraphInputSchema : GraphInputSchema },
  ).compile({ name: "sourcewise" }),
);

/** How long importing this module waits for the store, the model and the warm-up question. */
const READY_WAIT_MS = 20_000;

// The Agent Server listens once its graphs are imported: waiting here for the store, the model
// and one warm-up question lets its first run find them ready, instead of arriving while they
// load and sharing the main thread with them (PGlite's start runs there). Bounded, so a store that
// never opens still lets the server start; a failure is reported by the first run, as before.
if (opening) {
  const ready = opening.then((ctx) => warmUp(ctx, { signal: warming.signal }));
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    ready.then(
      () => "ready after",
      () => "failed to open the store after",
    ),
    new Promise<string>((done) => (timer = setTimeout(() => done("still opening the store after"), READY_WAIT_MS))),
  ]);
  clearTimeout(timer);
  process.stderr.write(
    `sourcewise: Studio graph ${outcome} ${(performance.now() / 1000).toFixed(2)} s (store, model, one warm-up question)\n`,
  );
}
