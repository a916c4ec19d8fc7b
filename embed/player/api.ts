// The player's three calls to the runtime API, all on the page's own origin (the player is
// served by the app, so no CORS is involved). A session token travels only in the
// Authorization header, never in a URL.
import type { World } from "@/lib/kernel/schema";
import type { SceneCues } from "@/lib/shared/scene-cues";
import { readErrorBody } from "@/lib/shared/error-body";

/** GET /v1/runtime/world and GET /v1/runtime/public/{slug} (docs/runtime.md). */
export interface RuntimeWorld {
  /** The world's id (the graph's `id` too). */
  id?: string;
  world: World;
  name: string;
  mode: "test" | "live";
  rev: string;
  sessionId: string;
  /** Public worlds only: an anonymous session token of `sessionId` (an hour long). */
  token?: string;
  likeCount?: number;
  /** Whether players may like it (live, public or unlisted). */
  likeable?: boolean;
  /** How each state moves and sounds (lib/runtime/scene-cues.ts). */
  cues?: SceneCues;
}

/** Where the player gets its world from: a session token (embed) or a public slug (play page). */
export type Source = { kind: "token"; token: string } | { kind: "public"; slug: string };

export class RuntimeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function headers(source: Source, json = false): Record<string, string> {
  const h: Record<string, string> = { accept: "application/json" };
  if (json) h["content-type"] = "application/json";
  if (source.kind === "token") h.authorization = `Bearer ${source.token}`;
  return h;
}

/**
 * The session's world; with `worldId` (a token source only) another chapter of the token's
 * campaign, in the same session (docs/campaigns.md).
 */
export async function loadWorld(source: Source, worldId?: string): Promise<RuntimeWorld> {
  const url =
    source.kind === "token"
      ? `/v1/runtime/world${worldId ? `?worldId=${encodeURIComponent(worldId)}` : ""}`
      : `/v1/runtime/public/${encodeURIComponent(source.slug)}`;
  let res: Response;
  try {
    res = await fetch(url, { headers: headers(source), cache: "no-store", credentials: "omit" });
  } catch {
    throw new RuntimeError(0, "The world could not be reached. Check your connection and reload.");
  }
  const body = (await res.json().catch(() => null)) as Partial<RuntimeWorld> | null;
  if (!res.ok || !body || !body.world || typeof body.sessionId !== "string") {
    throw new RuntimeError(res.status, readErrorBody(body).detail ?? `The world could not be loaded (HTTP ${res.status}).`);
  }
  return body as RuntimeWorld;
}

/** Reports live play time. `final` beats use `keepalive` so they survive the page going away. */
export async function sendHeartbeat(source: Source, sessionId: string, seconds: number, final = false): Promise<number> {
  try {
    const res = await fetch("/v1/runtime/heartbeat", {
      method: "POST",
      headers: headers(source, true),
      body: JSON.stringify({ sessionId, seconds }),
      keepalive: final,
      credentials: "omit",
      cache: "no-store",
    });
    // Read the (small) answer to its end: an unread body keeps the request open in the browser,
    // so the page's network never settles (issue 18).
    await res.arrayBuffer().catch(() => undefined);
    return res.status;
  } catch {
    return 0;
  }
}
