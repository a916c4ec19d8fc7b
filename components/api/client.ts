import type { Diagnostic } from "@/lib/kernel";
import { readErrorBody } from "@/lib/shared/error-body";

/**
 * The Studio's one way to call the API: same-origin fetch (the session cookie authenticates),
 * JSON in and out, and an ApiRequestError carrying what the API's error body said on failure.
 */

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  /** Field-level messages of a 400. */
  readonly errors: string[];
  /** The gate's findings of a 422 (`invalid_world`). */
  readonly diagnostics: Diagnostic[];
  /** A 412's `currentRev`: the world's rev now. */
  readonly currentRev: string | null;

  constructor(
    status: number,
    code: string,
    detail: string,
    {
      errors = [],
      diagnostics = [],
      currentRev = null,
    }: { errors?: string[]; diagnostics?: Diagnostic[]; currentRev?: string | null } = {},
  ) {
    super(detail);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.errors = errors;
    this.diagnostics = diagnostics;
    this.currentRev = currentRev;
  }
}

function toApiError(status: number, body: unknown): ApiRequestError {
  const { code, detail, errors, diagnostics, currentRev } = readErrorBody(body);
  return new ApiRequestError(status, code ?? "http_error", detail || `The server answered ${status}.`, {
    errors,
    // The API's ZError: `diagnostics` are the kernel gate's findings.
    diagnostics: diagnostics as Diagnostic[],
    currentRev: currentRev ?? null,
  });
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, e.g. `If-Match`. */
  headers?: Record<string, string>;
  /** Act for this app on KEY routes (/v1/worlds, /v1/jobs, …): the API's `X-App-Id`. */
  app?: AppScope;
}

/** Which app (and mode) the Studio acts for on the developer API. */
export interface AppScope {
  appId: string;
  mode?: "live" | "test";
}

export async function apiFetch<T>(path: string, { method = "GET", body, signal, headers, app }: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        // Without a mode the server acts in the app's default mode (docs/api.md "Apps").
        ...(app ? { "x-app-id": app.appId, ...(app.mode ? { "x-app-mode": app.mode } : {}) } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiRequestError(0, "network_error", "Could not reach the server. Check your connection and try again.");
  }

  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ApiRequestError(response.status, "bad_response", `Unexpected response from the server (${response.status}).`);
    }
  }
  if (!response.ok) throw toApiError(response.status, parsed);
  return parsed as T;
}

/** The message to show a person for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.detail;
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong.";
}
