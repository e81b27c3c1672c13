/**
 * Errors that carry data and say what to do. Each class has a stable `code` and a
 * `static isInstance` that works across module copies (like vercel/ai's errors).
 */
export class SourcewiseError extends Error {
  readonly code: string;
  readonly hint: string | undefined;
  readonly data: Record<string, unknown>;

  constructor(code: string, message: string, options: { hint?: string; data?: Record<string, unknown>; cause?: unknown } = {}) {
    super(options.hint ? `${message}\n  hint: ${options.hint}` : message, { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.hint = options.hint;
    this.data = options.data ?? {};
  }

  static isInstance(error: unknown): error is SourcewiseError {
    return error instanceof Error && typeof (error as { code?: unknown }).code === "string" && "data" in error;
  }
}

/** A file could not be ingested; the batch goes on without it. */
export class IngestError extends SourcewiseError {
  readonly path: string;
  readonly reason: string;
  constructor({ path, reason, hint, cause }: { path: string; reason: string; hint?: string; cause?: unknown }) {
    super("ingest_error", `${path}: ${reason}`, { hint, data: { path, reason }, cause });
    this.path = path;
    this.reason = reason;
  }
  static override isInstance(error: unknown): error is IngestError {
    return SourcewiseError.isInstance(error) && error.code === "ingest_error";
  }
}

/** A configuration value is missing or invalid. */
export class ConfigError extends SourcewiseError {
  constructor({ message, hint, data }: { message: string; hint?: string; data?: Record<string, unknown> }) {
    super("config_error", message, { hint, data });
  }
  static override isInstance(error: unknown): error is ConfigError {
    return SourcewiseError.isInstance(error) && error.code === "config_error";
  }
}

/** A `provider/model` string names nothing we can build. */
export class UnknownProviderError extends SourcewiseError {
  constructor({ kind, value, choices }: { kind: string; value: string; choices: string[] }) {
    super("unknown_provider", `Unknown ${kind} provider "${value}".`, {
      hint: `Use one of: ${choices.join(", ")}.`,
      data: { kind, value, choices },
    });
  }
  static override isInstance(error: unknown): error is UnknownProviderError {
    return SourcewiseError.isInstance(error) && error.code === "unknown_provider";
  }
}

/** The index was built with another embedding model or dimension than the one configured. */
export class EmbeddingMismatchError extends SourcewiseError {
  constructor({ indexed, configured }: { indexed: { model: string; dimension: number }; configured: { model: string; dimension: number } }) {
    super(
      "embedding_mismatch",
      `The index was built with ${indexed.model} (${indexed.dimension}-d) but ${configured.model} (${configured.dimension}-d) is configured.`,
      {
        hint: `Either set SOURCEWISE_EMBEDDINGS=${indexed.model}, or re-index with the new model: \`sourcewise reindex\` (re-embeds every chunk), or delete the store directory and ingest again.`,
        data: { indexed, configured },
      },
    );
  }
  static override isInstance(error: unknown): error is EmbeddingMismatchError {
    return SourcewiseError.isInstance(error) && error.code === "embedding_mismatch";
  }
}

/** Another process owns the embedded database and did not let this one in within the wait. */
export class DatabaseBusyError extends SourcewiseError {
  constructor({ path, owner, waitedMs }: { path: string; owner: { pid: number; command: string } | null; waitedMs: number }) {
    const who = owner ? `pid ${owner.pid} (${owner.command})` : "another process";
    super("store_busy", `The database at ${path} is held by ${who}, which did not let this process in within ${Math.round(waitedMs / 1000)} s.`, {
      hint: owner ? `Wait for it to finish, or stop it (kill ${owner.pid}); a killed owner is recovered from automatically.` : "Wait for the other sourcewise process to finish, or stop it.",
      data: { path, owner, waitedMs },
    });
  }
  static override isInstance(error: unknown): error is DatabaseBusyError {
    return SourcewiseError.isInstance(error) && error.code === "store_busy";
  }
}
