import { loadConfig } from "../config/config.js";
import { defaultTenantContext, openDefaultContext } from "../context/open-context.js";
import { preferQuickWasmStart } from "../context/quick-wasm.js";
import { warmUp } from "../context/warm-up.js";
import { buildGraph, withoutScratch } from "../graph/graph.js";
import { AuthGraphInputSchema, GraphInputSchema } from "../state/input.js";

// What langgraph.json serves to the Agent Server (`langgraph dev`, Studio). Unlike the library's
// modules, importing it inside the Agent Server starts work: the first run should find it done.

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

// Inside the Agent Server (its CLI sets LANGGRAPH_API_URL), the store opens and the model loads
// now, while the server starts, not on the first run. A failure is kept for that run to report.
// Its WebAssembly stays on Liftoff (see preferQuickWasmStart): a dev server is judged by its first answer.
if (process.env.LANGGRAPH_API_URL) {
  preferQuickWasmStart();
  openDefaultContext().then(
    (ctx) => warmUp(ctx, { signal: warming.signal }),
    () => {},
  );
}
