import { badRequest, notFound } from "@/lib/errors";
import { isPlayerIdOf } from "./player-id";
import type { Caller } from "@/lib/shared/caller";
import { getWorldOrThrow } from "@/lib/worlds/worlds";
import type { MintSessionBody } from "./requests";
import { signSessionToken } from "./token";

/**
 * POST /v1/sessions/token: a token scoped to one world (`worldId`, a world of kind `world`) or
 * one character (`characterId`) of the key's app and mode; anything else is a 404, as any
 * unknown id. The mode is the key's: a test key mints a test token.
 */
export async function mintSessionToken(caller: Caller, body: MintSessionBody) {
  const kind = body.characterId !== undefined ? "character" : "world";
  const id = (body.characterId ?? body.worldId)!;
  const row = await getWorldOrThrow(caller, id).catch((error: unknown) => {
    throw kind === "character" ? notFound("Character") : error;
  });
  if (row.kind !== kind) throw notFound(kind === "character" ? "Character" : "World");
  if (body.playerId !== undefined && !isPlayerIdOf(body.playerId, caller.appId, caller.mode)) {
    throw badRequest(
      "playerId is not a player id of this app and mode; send one a token of this app and mode answered, or none for a new player.",
      ["playerId: not a player of this app and mode"],
    );
  }
  const { token, claims } = await signSessionToken({
    subjectId: row.id,
    kind,
    appId: caller.appId,
    mode: caller.mode,
    userRef: body.userRef,
    playerId: body.playerId,
    ttlSeconds: body.ttlSeconds,
  });
  return {
    token,
    expiresAt: claims.expiresAt.toISOString(),
    mode: claims.mode,
    sessionId: claims.sessionId,
    ...(claims.playerId ? { playerId: claims.playerId } : {}),
  };
}
