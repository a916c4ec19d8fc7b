import { unauthorized } from "@/lib/errors";
import { isPlayerIdOf } from "./player-id";
import type { SessionClaims } from "./token";

/** A runtime session token that the route wrapper verified (genuine, unexpired), with its claims. */
export type SessionCredential = { type: "session" } & SessionClaims;

/** A session route's own check: the token must be scoped to this very world or character. */
export function assertSessionScope(auth: SessionCredential, kind: SessionClaims["kind"], id: string): void {
  if (auth.kind !== kind || auth.subjectId !== id) {
    throw unauthorized(`This session token is scoped to another ${auth.kind === kind ? kind : "resource"}; mint one for this ${kind}.`);
  }
}

/**
 * Whose chat time a session's turn is (docs/runtime.md "Who is a player"): its `userRef`; else the
 * anonymous player id the embed presents (`presented`, kept from an earlier answer), when it is a
 * genuine one of this app and mode; else the token's own player; else (a token minted before
 * player ids) its session.
 */
export function chatPlayerOfSession(auth: SessionCredential, presented?: string): string {
  if (auth.userRef !== undefined) return auth.userRef;
  if (presented !== undefined && isPlayerIdOf(presented, auth.appId, auth.mode)) return presented;
  return auth.playerId ?? auth.sessionId;
}
