import { getProvider, isProviderError, normalizeAffect, type ChatResult } from "@/lib/ai";
import { assertChatTimeLeft, chargeChatTime, chatSettings, type ChatSettings } from "@/lib/chat";
import { getDb, Prisma } from "@/lib/db";
import { assertSessionScope, chatPlayerOfSession, type SessionCredential } from "@/lib/sessions/credential";
import { ApiError, notFound, unauthorized } from "@/lib/errors";
import { withQuota } from "@/lib/quota/quota";
import { chatCharacterOf, entranceStanceOf, profileOrThrow, type SayBody } from "@/lib/characters";
import { forgetWorld, readWorld } from "@/lib/worlds/world-cache";
import { addToLedger } from "./ledger";
import { startSessionOnce } from "./sessions";

const STORED_CONTEXT_TURNS = 12;

/**
 * Chat time of one turn (docs/runtime.md "Chat time"): the wall time since the session's
 * previous turn, at least CHAT_TURN_MIN_SECONDS and at most CHAT_TURN_MAX_SECONDS (a pause
 * longer than that is not chatting); the session's first turn counts the minimum.
 */
export function turnSeconds(lastTurnAt: Date | null, now: Date, settings: ChatSettings = chatSettings()): number {
  if (!lastTurnAt) return settings.CHAT_TURN_MIN_SECONDS;
  const gap = Math.round((now.getTime() - lastTurnAt.getTime()) / 1000);
  return Math.min(settings.CHAT_TURN_MAX_SECONDS, Math.max(settings.CHAT_TURN_MIN_SECONDS, gap));
}

/** The character a session token may talk to: another app's or mode's is a 401, a deleted one a 404. */
async function characterForSession(auth: SessionCredential, id: string) {
  assertSessionScope(auth, "character", id);
  const row = await readWorld(id);
  if (!row) throw notFound("Character");
  if (row.appId !== auth.appId || row.mode !== auth.mode || row.kind !== "character") {
    throw unauthorized("This session token is not valid for this character (another app or mode); mint one for it.");
  }
  return row;
}

async function storedHistory(characterId: string, sessionId: string): Promise<{ role: string; text: string }[]> {
  const db = await getDb();
  const rows = await db.characterTurn.findMany({
    where: { characterId, sessionId },
    orderBy: { seq: "desc" },
    take: STORED_CONTEXT_TURNS,
    select: { role: true, text: true },
  });
  return rows.reverse();
}

/**
 * POST /v1/characters/{id}/say: one talk turn. The brain (persona, lore, stance palette) is
 * loaded here, never taken from the client. Order: scope → chat time left (live, 402) → one
 * `say` unit of daily quota (402) → the provider's chat capability (test tokens: the canned
 * mock, no model) → in one transaction: the session (first turn counts a session connect), the
 * turn's chat time, both sides of the turn in the transcript, `chat_seconds` in the ledger (live).
 */
export async function sayTurn(auth: SessionCredential, characterId: string, body: SayBody) {
  const row = await characterForSession(auth, characterId);
  const profile = profileOrThrow(row);
  // Chat time (docs/runtime.md "Chat time"): the player's, not the token's; live turns are
  // metered, and charged (the allowance drawn, the ledger written) unless the character is `free`.
  const metered = auth.mode === "live";
  const charged = metered && !profile.free;
  const player = { appId: auth.appId, mode: auth.mode, player: chatPlayerOfSession(auth, body.playerId) };
  if (charged) await assertChatTimeLeft(player);

  // One `say` of quota, given back when the brain fails (nothing was charged then).
  const turn: ChatResult = await withQuota(auth.appId, "say", async () => {
    const character = chatCharacterOf(row.name, profile);
    const current = character.stances.some((s) => s.id === body.currentStance) ? body.currentStance! : entranceStanceOf(profile);
    try {
      return await getProvider(auth.mode).chat({
        character,
        text: body.text,
        currentStance: current,
        history: body.history ?? (await storedHistory(characterId, auth.sessionId)),
        affect: normalizeAffect(body.affect),
        memory: body.memory,
      });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const message = isProviderError(error) ? error.message : "the character's brain failed";
      throw new ApiError("upstream_failed", `The character could not answer (${message}); nothing was charged. It is safe to retry.`);
    }
  });

  const now = new Date();
  const db = await getDb();
  const started = await db.$transaction(async (tx) => {
    const first = await startSessionOnce(tx, auth, now);
    const [session] = await tx.$queryRaw<{ last_turn_at: Date | null }[]>`
      SELECT last_turn_at FROM runtime_sessions WHERE id = ${auth.sessionId} FOR UPDATE`;
    const seconds = turnSeconds(session?.last_turn_at ?? null, now);
    await tx.$executeRaw`
      UPDATE runtime_sessions SET last_turn_at = ${now}, chat_seconds = chat_seconds + ${seconds} WHERE id = ${auth.sessionId}`;
    if (metered) await chargeChatTime(tx, player, seconds, { now, charge: charged });
    const common = { characterId, sessionId: auth.sessionId, userRef: auth.userRef ?? null };
    // Two inserts, in order: `seq` orders the transcript.
    await tx.characterTurn.create({ data: { ...common, role: "user", text: body.text, createdAt: now } });
    await tx.characterTurn.create({
      data: {
        ...common,
        role: "character",
        text: turn.reply,
        stance: turn.stance,
        emotion: turn.emotion,
        affect: turn.affect as unknown as Prisma.InputJsonValue,
        ...(turn.action ? { action: turn.action as unknown as Prisma.InputJsonValue } : {}),
        createdAt: now,
      },
    });
    await addToLedger(
      tx,
      { appId: auth.appId, worldId: characterId, mode: auth.mode, metric: "chat_seconds", seconds, billable: charged },
      now,
    );
    return first;
  });
  if (started) forgetWorld(characterId);

  return {
    reply: turn.reply,
    stance: turn.stance,
    emotion: turn.emotion,
    affect: turn.affect,
    ...(turn.action ? { action: turn.action } : {}),
    ...(auth.userRef === undefined && player.player.startsWith("ply_") ? { playerId: player.player } : {}),
    ...(auth.mode === "test" ? { mock: true as const } : {}),
  };
}
