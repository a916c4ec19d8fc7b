/**
 * The one error type of the API. `code` is the stable machine-readable string of docs/api.md "Every response";
 * the status comes from the table, so a code always means the same status.
 */
export const STATUS_BY_CODE = {
  invalid_request: 400,
  unauthorized: 401,
  quota_exceeded: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  rev_mismatch: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  upstream_failed: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    /** Extra body members: `errors`, `diagnostics`, `currentRev`, ... */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = "ApiError";
    this.status = STATUS_BY_CODE[code];
  }
}

export const badRequest = (detail: string, errors?: string[]) => new ApiError("invalid_request", detail, errors ? { errors } : {});
export const unauthorized = (detail = "A valid credential is required.") => new ApiError("unauthorized", detail);
export const forbidden = (detail: string) => new ApiError("forbidden", detail);
export const notFound = (what = "Resource") => new ApiError("not_found", `${what} not found.`);
export const conflict = (detail: string) => new ApiError("conflict", detail);
