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

type EmbeddingSpec = { model: string; dimension: number };

/** The index was built with another embedding model or dimension than the one configured. */
export class EmbeddingMismatchError extends SourcewiseError {
  /**
   * @param pending the target of a reindex under way, if any: the configured model may be it,
   * and the index takes it only once that reindex finishes.
   */
  constructor({ indexed, configured, pending }: { indexed: EmbeddingSpec; configured: EmbeddingSpec; pending?: EmbeddingSpec | null }) {
    const finish = pending
      ? `A reindex to ${pending.model} (${pending.dimension}-d) is under way: finish it with \`sourcewise reindex --embeddings ${pending.model}\`, or `
      : "Either ";
    super(
      "embedding_mismatch",
      `The index was built with ${indexed.model} (${indexed.dimension}-d) but ${configured.model} (${configured.dimension}-d) is configured.`,
      {
        hint: `${finish}set SOURCEWISE_EMBEDDINGS=${indexed.model} (or --embeddings ${indexed.model}) to use the index as it is, or re-embed every chunk in place with \`sourcewise reindex --embeddings ${configured.model}\`${pending ? " --restart" : ""} (resumable; searches keep working meanwhile).`,
        data: { indexed, configured, pending: pending ?? null },
      },
    );
  }
  static override isInstance(error: unknown): error is EmbeddingMismatchError {
    return SourcewiseError.isInstance(error) && error.code === "embedding_mismatch";
  }
}

/** An embedding model's vectors do not fit the index: an impossible dimension, or not the one it declares. */
export class EmbeddingDimensionError extends SourcewiseError {
  readonly model: string;
  constructor({ model, declared, returned, reason }: { model: string; declared: number; returned?: number; reason?: string }) {
    super(
      "embedding_dimension",
      `Embedding model ${model}: ${reason ?? `it declares ${declared}-d vectors but returned ${returned}-d ones`}.`,
      {
        hint:
          returned === undefined
            ? "Choose a model whose vectors have at most 2000 dimensions, or ask it for shorter ones (OpenAI v3 and Google models take an output dimensionality)."
            : `Declare the model's real size (${returned}), e.g. the \`dimensions\` option of createEmbeddings.`,
        data: { model, declared, returned: returned ?? null },
      },
    );
    this.model = model;
  }
  static override isInstance(error: unknown): error is EmbeddingDimensionError {
    return SourcewiseError.isInstance(error) && error.code === "embedding_dimension";
  }
}

/** A reindex to one model is under way and another was asked for. */
export class ReindexPendingError extends SourcewiseError {
  constructor({ pending, requested, startedAt }: { pending: EmbeddingSpec; requested: EmbeddingSpec; startedAt: string }) {
    super(
      "reindex_pending",
      `A reindex to ${pending.model} (${pending.dimension}-d), started ${startedAt}, is not finished; ${requested.model} (${requested.dimension}-d) was asked for.`,
      {
        hint: `Finish it with \`sourcewise reindex --embeddings ${pending.model}\`, or drop its progress and start over with \`sourcewise reindex --embeddings ${requested.model} --restart\`.`,
        data: { pending, requested, startedAt },
      },
    );
  }
  static override isInstance(error: unknown): error is ReindexPendingError {
    return SourcewiseError.isInstance(error) && error.code === "reindex_pending";
  }
}

/** Another process owns the embedded database and did not let this one in within the wait. */
export class DatabaseBusyError extends SourcewiseError {
  constructor({ path, owner, waitedMs }: { path: string; owner: { pid: number; command: string } | null; waitedMs: number }) {
    const who = owner ? `pid ${owner.pid} (${owner.command})` : "another process";
    super(
      "store_busy",
      `The database at ${path} is held by ${who}, which did not let this process in within ${Math.round(waitedMs / 1000)} s.`,
      {
        hint: owner
          ? `Wait for it to finish, or stop it (kill ${owner.pid}); a killed owner is recovered from automatically.`
          : "Wait for the other sourcewise process to finish, or stop it.",
        data: { path, owner, waitedMs },
      },
    );
  }
  static override isInstance(error: unknown): error is DatabaseBusyError {
    return SourcewiseError.isInstance(error) && error.code === "store_busy";
  }
}
