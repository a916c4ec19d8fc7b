import type { ErrorCode } from "@/lib/errors";
import type { HttpMethod, Operation } from "./operation";

/** What the body limit of an operation without `bodyLimit` is (lib/config/env.ts). */
const DEFAULT_BODY_LIMIT = "the server's `MAX_JSON_BODY_BYTES`";

const READ_METHODS = new Set<HttpMethod>(["GET"]);

/**
 * Every error an operation can give, by code: those of its kind of route (the wrapper's
 * credential, scope, rate limit, path and body parsing, the 503 of an unreachable database,
 * and the catch-all 500) and its own.
 */
export function errorsOf(op: Operation): Partial<Record<ErrorCode, string>> {
  const out: Partial<Record<ErrorCode, string>> = {};
  if (op.unwrapped) return { ...op.errors };
  if (op.body || op.query)
    out.invalid_request = op.body
      ? "malformed JSON, wrong types, unknown fields or values (see `errors`)"
      : "invalid query parameters (see `errors`)";
  if (op.auth === "key") {
    out.unauthorized = "missing, malformed, unknown or revoked API key";
    if (!READ_METHODS.has(op.method))
      out.forbidden = op.scope ? "a publishable key, or a key whose scopes do not include this route's" : "a publishable key";
    else if (op.scope) out.forbidden = "the key's scopes do not include this route's";
  }
  if (op.auth === "user") {
    out.unauthorized = "no valid user session (an API key is never accepted here)";
    if (!READ_METHODS.has(op.method)) out.forbidden = "a cookie-authenticated write from another origin";
  }
  if (op.auth === "session")
    out.unauthorized =
      "no valid session token: missing, malformed, expired, tampered with, an API key, or scoped to another world or character";
  if (op.auth === "keyOrSession") {
    out.unauthorized = "neither a valid secret key nor a valid session token";
    out.forbidden = op.scope ? "a publishable key, or a key whose scopes do not include this route's" : "a publishable key";
  }
  if (op.params) out.not_found = "no such resource, or an id that is not a UUID";
  if (op.auth === "key" || op.auth === "keyOrSession") {
    // The Studio's session acting for an app (`X-App-Id`, `X-App-Mode`).
    out.not_found ??= "`X-App-Id` names no app of the signed-in user";
    out.invalid_request ??= "`X-App-Mode` is neither `live` nor `test`";
  }
  Object.assign(out, op.errors);
  if (op.idempotency) {
    out.invalid_request = [out.invalid_request, "an `Idempotency-Key` over 255 characters, or one already used with another request"]
      .filter(Boolean)
      .join("; ");
    out.conflict = [op.errors?.conflict, "a request with this `Idempotency-Key` is still in flight after 30 s"].filter(Boolean).join("; ");
  }
  if (op.body) {
    out.payload_too_large = [op.errors?.payload_too_large, `the body is over ${op.bodyLimit?.text ?? DEFAULT_BODY_LIMIT}`]
      .filter(Boolean)
      .join("; ");
    out.unsupported_media_type = "a `Content-Type` other than JSON";
  }
  if (op.auth !== "none")
    out.rate_limited = "the credential's request rate is over its mode's limit (live 100/s, test 25/s by default); see `Retry-After`";
  out.unavailable ??= "the database cannot be reached (restarting, failing over, or cut off); retry after `Retry-After` seconds";
  out.internal_error = "a bug; the body carries `requestId`";
  return out;
}
