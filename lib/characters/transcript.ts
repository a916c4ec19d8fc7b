import type { Affect, CharacterAction } from "@/lib/ai";
import { getDb } from "@/lib/db";
import { forbidden } from "@/lib/errors";
import type { KeyKind } from "@/lib/keys/key-string";
import type { Caller } from "@/lib/shared/caller";
import { pageOf } from "@/lib/paging";
import { getCharacterOrThrow } from "./characters";
import type { TranscriptQuery } from "./requests";

/**
 * GET /v1/characters/{id}/transcript: a player's stored turns, both sides, oldest first. A
 * player is a `userRef` (all their sessions), or one session id for tokens minted without one.
 * Secret keys only (what players said is not for browsers): a publishable key gets 403.
 */
export async function getTranscript(caller: Caller & { kind: KeyKind }, characterId: string, query: TranscriptQuery) {
  if (caller.kind !== "secret") throw forbidden("Transcripts need a secret key (sk_…): they hold what players said.");
  await getCharacterOrThrow(caller, characterId);
  const db = await getDb();
  const rows = await db.characterTurn.findMany({
    where: {
      characterId,
      ...(query.userRef !== undefined ? { userRef: query.userRef } : {}),
      ...(query.sessionId !== undefined ? { sessionId: query.sessionId } : {}),
      ...(query.cursor !== undefined ? { seq: { gt: BigInt(query.cursor) } } : {}),
    },
    orderBy: { seq: "asc" },
    take: query.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, query.limit, (last) => last.seq.toString());
  return {
    characterId,
    turns: page.map((row) => ({
      sessionId: row.sessionId,
      userRef: row.userRef,
      role: row.role as "user" | "character",
      text: row.text,
      stance: row.stance,
      emotion: row.emotion,
      affect: row.affect as Affect | null,
      action: row.action as CharacterAction | null,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor,
  };
}
