// The browser's side of likes (docs/explore.md), shared by the player (embed/player) and the
// Explore page (components/explore): the anonymous player id kept in localStorage under one key,
// so a player who liked a world on Explore sees it liked in the player and the other way round.
// Same-origin fetches only.

export const PLAYER_ID_KEY = "pw.playerId";

export interface LikeState {
  liked: boolean;
  likeCount: number;
}

/** Who likes: a session token with an end user, else the anonymous player id. */
export type Liker = { token: string } | { playerId: string };

function stored(): string | null {
  try {
    return localStorage.getItem(PLAYER_ID_KEY);
  } catch {
    return null;
  }
}

let pending: Promise<string | null> | null = null;

/** This browser's anonymous player id: the stored one, else a new one from POST /v1/players (kept). */
export function ensurePlayerId(): Promise<string | null> {
  const known = stored();
  if (known) return Promise.resolve(known);
  pending ??= fetch("/v1/players", { method: "POST", credentials: "omit", cache: "no-store" })
    .then(async (res) => {
      const body = (await res.json().catch(() => null)) as { playerId?: unknown } | null;
      if (!res.ok || typeof body?.playerId !== "string") return null;
      try {
        localStorage.setItem(PLAYER_ID_KEY, body.playerId);
      } catch {
        // storage is off: the like still counts, but this browser will not remember it
      }
      return body.playerId;
    })
    .catch(() => null)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** The player's like of `id` set to `liked`; throws with the API's `detail` when refused. */
export async function sendLike(id: string, liked: boolean, liker: Liker): Promise<LikeState> {
  const res = await fetch(`/v1/likes/${encodeURIComponent(id)}`, {
    method: liked ? "PUT" : "DELETE",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(liker),
    credentials: "omit",
    cache: "no-store",
  });
  const body = (await res.json().catch(() => null)) as { liked?: boolean; likeCount?: number; detail?: string } | null;
  if (!res.ok || typeof body?.likeCount !== "number") throw new Error(body?.detail ?? `The like could not be saved (HTTP ${res.status}).`);
  return { liked: body.liked === true, likeCount: body.likeCount };
}

/** Which of `ids` the player likes (an empty set when it cannot be told). */
export async function likedAmong(ids: string[], liker: Liker): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  try {
    const res = await fetch("/v1/likes/lookup", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ ...liker, ids: ids.slice(0, 100) }),
      credentials: "omit",
      cache: "no-store",
    });
    const body = (await res.json().catch(() => null)) as { liked?: unknown } | null;
    return new Set(Array.isArray(body?.liked) ? (body.liked as string[]) : []);
  } catch {
    return new Set();
  }
}
