import type { Diagnostic, Op, World } from "@/lib/kernel";

/**
 * POST /v1/worlds/{id}/ops for the editor, with `If-Match: <rev>`. Unlike `apiFetch`, the
 * failure keeps what the editor needs to show: the gate's `diagnostics` of a 422 and the
 * `currentRev` of a 412. Same credentials and headers as components/api/client.ts.
 */

export interface OpsSuccess {
  world: World;
  rev: string;
  diagnostics: Diagnostic[];
  applyErrors: string[];
  notes: string[];
}

export class OpsError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly diagnostics: Diagnostic[] = [],
    readonly errors: string[] = [],
    readonly currentRev: string | null = null,
  ) {
    super(detail);
    this.name = "OpsError";
  }
}

export interface OpsTarget {
  appId: string;
  mode: "live" | "test";
  worldId: string;
}

export async function postOps(target: OpsTarget, ops: Op[], rev: string, signal?: AbortSignal): Promise<OpsSuccess> {
  let response: Response;
  try {
    response = await fetch(`/v1/worlds/${encodeURIComponent(target.worldId)}/ops`, {
      method: "POST",
      credentials: "same-origin",
      signal,
      headers: {
        accept: "application/json",
        "content-type": "application/json",
        "if-match": rev,
        "x-app-id": target.appId,
        "x-app-mode": target.mode,
      },
      body: JSON.stringify({ ops }),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new OpsError(0, "network_error", "Could not reach the server. Check your connection and try again.");
  }
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    if (response.ok) throw new OpsError(response.status, "bad_response", `Unexpected response from the server (${response.status}).`);
  }
  if (response.ok) return body as unknown as OpsSuccess;
  throw new OpsError(
    response.status,
    typeof body.code === "string" ? body.code : "http_error",
    typeof body.detail === "string" && body.detail ? body.detail : `The server answered ${response.status}.`,
    Array.isArray(body.diagnostics) ? (body.diagnostics as Diagnostic[]) : [],
    Array.isArray(body.errors) ? body.errors.filter((e): e is string => typeof e === "string") : [],
    typeof body.currentRev === "string" ? body.currentRev : null,
  );
}
