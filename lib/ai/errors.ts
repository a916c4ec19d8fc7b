import type { Diagnostic } from "@/lib/kernel";
import type { ProviderName } from "./provider";

/**
 * Why a provider call failed:
 * - `authoring_failed`: every attempt was malformed or failed the kernel gate;
 * - `timeout`: one model request outlived the per-request timeout (not retried);
 * - `cancelled`: the caller's abort signal fired;
 * - `upstream`: the provider answered with an HTTP error or could not be reached
 *   (after the client's own transport retries);
 * - `config`: the provider is misconfigured (e.g. `AI_BASE_URL` without `AI_MODEL`).
 */
export type ProviderErrorCode = "authoring_failed" | "timeout" | "cancelled" | "upstream" | "config";

export interface ProviderErrorDetails {
  provider?: ProviderName;
  /** Author calls made before giving up. */
  attempts?: number;
  /** The last attempt's gate findings (authoring_failed). */
  diagnostics?: Diagnostic[];
  /** The last attempt's schema messages, when it was not a world at all (authoring_failed). */
  errors?: string[];
  /** HTTP status of the provider's answer (upstream). */
  status?: number;
  cause?: unknown;
}

export class ProviderError extends Error {
  readonly provider: ProviderName | undefined;
  readonly attempts: number;
  readonly diagnostics: Diagnostic[];
  readonly errors: string[];
  readonly status: number | undefined;

  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    details: ProviderErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "ProviderError";
    this.provider = details.provider;
    this.attempts = details.attempts ?? 0;
    this.diagnostics = details.diagnostics ?? [];
    this.errors = details.errors ?? [];
    this.status = details.status;
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}
