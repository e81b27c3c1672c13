import { SourcewiseError } from "../errors.js";

/** One tenant's overrides of the configured defaults (a row of `sw_tenant_config`). */
export interface TenantConfig {
  tenant: string;
  /** Chat model as `provider/model`; unset keeps the configured one. */
  chatModel?: string | null;
  /** Reranker as `provider/model` (e.g. `cohere/rerank-v3.5`); unset keeps the configured one. */
  reranker?: string | null;
  /** Gate thresholds, merged over `settings.gate`. */
  gate?: Record<string, unknown>;
  /** Generation settings, merged over `settings.generation`. */
  generation?: Record<string, unknown>;
  /**
   * How answers read: `standard`, `concise`, `detailed` or `bullets` (`ANSWER_STYLES`); unset
   * keeps the configured one. Validated when the tenant's context is built.
   */
  answerStyle?: string | null;
}

/** The row as SQL or PostgREST returns it. @internal */
export type TenantConfigRow = {
  tenant_id: string;
  chat_model: string | null;
  reranker: string | null;
  gate: Record<string, unknown> | null;
  generation: Record<string, unknown> | null;
  answer_style: string | null;
};

/** @internal */
export function fromTenantConfigRow(r: TenantConfigRow): TenantConfig {
  return {
    tenant: r.tenant_id,
    chatModel: r.chat_model,
    reranker: r.reranker,
    gate: r.gate ?? {},
    generation: r.generation ?? {},
    answerStyle: r.answer_style,
  };
}

/** A tenant's row of `sw_tenant_config` holds a value the run cannot use. */
export class TenantConfigError extends SourcewiseError {
  readonly tenant: string;
  /** The column, or column and key inside it: `chat_model`, `answer_style`, `gate.strongHit`. */
  readonly field: string;
  readonly reason: string;
  constructor({ tenant, field, reason, hint, cause }: { tenant: string; field: string; reason: string; hint?: string; cause?: unknown }) {
    super("tenant_config_error", `Tenant "${tenant}": sw_tenant_config.${field}: ${reason}`, {
      hint: hint ?? `Fix ${field} in the tenant's row of sw_tenant_config (or set it to null to keep the default).`,
      data: { tenant, field, reason },
      cause,
    });
    this.tenant = tenant;
    this.field = field;
    this.reason = reason;
  }
  static override isInstance(error: unknown): error is TenantConfigError {
    return SourcewiseError.isInstance(error) && error.code === "tenant_config_error";
  }
}
