/**
 * The API's one error body (`ZError` in lib/openapi/responses.ts) read from whatever a failed
 * response carried: a JSON object, something else, or nothing. What is missing or of the wrong
 * type is left out, so each caller says what to show instead. Imports nothing: the Studio's
 * client (components/api/client.ts) and the embed bundles (embed/) share it.
 */
export interface ErrorBody {
  /** The stable machine-readable code, e.g. `rev_mismatch`. */
  code?: string;
  /** What went wrong, for a person. */
  detail?: string;
  /** Field-level messages of a 400, `field.path: message`. */
  errors: string[];
  /** The gate's findings of a 422, as sent (the kernel's `Diagnostic` shape). */
  diagnostics: unknown[];
  /** A 412 `rev_mismatch`: the world's current rev. */
  currentRev?: string;
}

export function readErrorBody(body: unknown): ErrorBody {
  const fields = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const { code, detail, errors, diagnostics, currentRev } = fields;
  return {
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof detail === "string" ? { detail } : {}),
    errors: Array.isArray(errors) ? errors.filter((e): e is string => typeof e === "string") : [],
    diagnostics: Array.isArray(diagnostics) ? diagnostics : [],
    ...(typeof currentRev === "string" ? { currentRev } : {}),
  };
}
