const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

/** Options of {@link closeOnSignal}. */
export interface CloseOnSignalOptions {
  /** Exit code after a clean close. @default 128 + the signal's number (130 for SIGINT, 143 for SIGTERM) */
  exitCode?: number;
  /** Exit anyway after this long. @default 60000 (longer than the store's own handover and close bounds) */
  timeoutMs?: number;
}

/**
 * On the first SIGINT or SIGTERM, runs `close` and exits, so an interrupted command closes the
 * embedded database after its in-flight query or transaction instead of dying in the middle of
 * it. A second signal, or `timeoutMs` without an end, exits at once: the database then recovers
 * as after a crash, which Postgres survives, rather than being closed under a running query.
 * @returns a function that removes the handlers, for when the command ends by itself.
 * @example
 * const done = closeOnSignal(() => rt.close());
 * try { await work(); } finally { done(); await rt.close(); }
 */
export function closeOnSignal(close: () => Promise<void>, { exitCode, timeoutMs = 60_000 }: CloseOnSignalOptions = {}): () => void {
  let closing = false;
  const handler = (signal: NodeJS.Signals) => {
    const code = exitCode ?? SIGNAL_EXIT[signal] ?? 1;
    if (closing) {
      process.stderr.write(`sourcewise: ${signal} again, exiting now\n`);
      process.exit(code);
    }
    closing = true;
    process.stderr.write(`sourcewise: ${signal}: closing the database after the work in flight\n`);
    setTimeout(() => {
      process.stderr.write(`sourcewise: still closing after ${timeoutMs / 1000} s, exiting\n`);
      process.exit(code);
    }, timeoutMs).unref();
    close()
      .catch((error: unknown) => process.stderr.write(`sourcewise: while closing: ${(error as Error).message}\n`))
      .finally(() => process.exit(code));
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
  return () => {
    process.off("SIGINT", handler);
    process.off("SIGTERM", handler);
  };
}
