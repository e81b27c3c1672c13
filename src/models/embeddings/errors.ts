import { SourcewiseError } from "../../errors.js";

/** An embedding model failed: a worker crashed, the provider was closed, or a remote API answered badly. */
export class EmbeddingError extends SourcewiseError {
  readonly model: string;
  readonly reason: string;
  constructor({ model, reason, hint, cause }: { model: string; reason: string; hint?: string; cause?: unknown }) {
    super("embedding_error", `Embedding with ${model} failed: ${reason}`, { hint, data: { model, reason }, cause });
    this.model = model;
    this.reason = reason;
  }
  static override isInstance(error: unknown): error is EmbeddingError {
    return SourcewiseError.isInstance(error) && error.code === "embedding_error";
  }
}
