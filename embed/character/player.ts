// The anonymous player this browser is, per app and mode (docs/runtime.md "Who is a player"): the
// `playerId` a talk turn answers is kept in this page's storage and sent with the next turns, so
// a new session token (a reload, another visit) is the same player with the same chat time. A
// browser that keeps nothing (storage blocked or cleared) is a new player.

const PREFIX = "pw-player";

/** The app and mode a session token claims (read, not verified: only to name the storage slot). */
function slotOf(token: string): string | undefined {
  try {
    const payload = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { appId?: unknown; mode?: unknown };
    return typeof payload.appId === "string" && typeof payload.mode === "string" ? `${PREFIX}:${payload.appId}:${payload.mode}` : undefined;
  } catch {
    return undefined;
  }
}

export function keptPlayer(token: string): string | undefined {
  const slot = slotOf(token);
  try {
    return (slot && globalThis.localStorage?.getItem(slot)) || undefined;
  } catch {
    return undefined;
  }
}

export function keepPlayer(token: string, playerId: string): void {
  const slot = slotOf(token);
  try {
    if (slot && playerId.startsWith("ply_")) globalThis.localStorage?.setItem(slot, playerId);
  } catch {
    // Storage blocked (a third-party frame, private browsing): this browser is a new player next time.
  }
}
