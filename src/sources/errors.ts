import { SourcewiseError } from "../errors.js";

/** A source name given as input (or chosen by a planner) that no profile defines. */
export class UnknownSourceError extends SourcewiseError {
  readonly unknown: string[];
  readonly valid: string[];
  constructor({ unknown, valid }: { unknown: string[]; valid: string[] }) {
    super("unknown_source", `Unknown source${unknown.length > 1 ? "s" : ""}: ${unknown.map((s) => `"${s}"`).join(", ")}.`, {
      hint: `Valid sources: ${valid.join(", ")}. Add a profile under \`sources\` in sourcewise.config.json to define a new one.`,
      data: { unknown, valid },
    });
    this.unknown = unknown;
    this.valid = valid;
  }
  static override isInstance(error: unknown): error is UnknownSourceError {
    return SourcewiseError.isInstance(error) && error.code === "unknown_source";
  }
}
