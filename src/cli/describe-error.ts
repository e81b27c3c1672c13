import { SourcewiseError } from "../errors.js";

/** Error codes that mean the command could not start (bad configuration, store, address): exit code 2. */
const STARTUP_CODES = new Set(["config_error", "unknown_provider", "store_open_failed", "server_start_failed", "embedding_mismatch"]);

/** An error as one line: the message's lines joined, then the hint. */
export function oneLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const hint = SourcewiseError.isInstance(error) ? error.hint : undefined;
  const message = hint ? error.message.slice(0, error.message.lastIndexOf("\n  hint:")) : error.message;
  const text = message
    .split("\n")
    .map((l) => l.trim().replace(/^- /, ""))
    .filter(Boolean)
    .join("; ")
    .replace(/:;/g, ":");
  return hint ? `${text} (hint: ${hint})` : text;
}

/**
 * A failed command's error as the CLI reports it: one line with its hint, and exit code 2 for a
 * start-up error (configuration, store, address), else 1. An unexpected error's stack trace is
 * the line only with SOURCEWISE_DEBUG=1. A warm process reports its errors the same way.
 */
export function describeError(error: unknown): { line: string; exitCode: number } {
  const known = SourcewiseError.isInstance(error);
  const debug = process.env.SOURCEWISE_DEBUG === "1" && error instanceof Error && error.stack;
  return {
    line: `${debug || oneLine(error)}${known || debug ? "" : " (unexpected error; SOURCEWISE_DEBUG=1 prints its stack trace)"}`,
    exitCode: known && STARTUP_CODES.has(error.code) ? 2 : 1,
  };
}
