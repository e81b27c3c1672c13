import { setFlagsFromString } from "node:v8";

/**
 * Keeps this process's WebAssembly (PGlite's Postgres, the local model's tfjs kernels) on V8's
 * baseline compiler, Liftoff, without tiering hot functions up to TurboFan. For processes whose
 * first answer is what counts (`ask`, its warm process, the Agent Server's graph): on a 5k
 * document database, TurboFan compiling Postgres's hot functions made the first hybrid query
 * 3-4 times slower (~1.8 s instead of ~0.5 s under load) and a cold `ask` spend ~0.9 s more CPU,
 * while later queries measured about as fast either way (within the noise of a shared machine).
 * Not for ingestion, whose embedding kernels run for minutes. Call it before any WebAssembly is
 * compiled: modules compiled earlier keep tiering up.
 * @example
 * preferQuickWasmStart(); // first thing in a command that answers
 */
export function preferQuickWasmStart(): void {
  setFlagsFromString("--liftoff-only");
}
