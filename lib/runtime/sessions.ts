import type { DbClient } from "@/lib/db";
import type { SessionClaims } from "@/lib/sessions/token";

/**
 * Starts the runtime session of a token if this is its first use (first heartbeat or talk turn)
 * and counts the world's lifetime session connect in the same transaction: the primary key on
 * the session id makes exactly one insert win, so the count rises once per session however many
 * requests race. The world row's `updated_at` moves (strictly) so that per-process world caches
 * drop the old count (lib/worlds/world-cache.ts); its `rev` does not, since the graph is unchanged.
 * Returns true when this call started the session.
 */
export async function startSessionOnce(tx: DbClient, claims: SessionClaims, now = new Date()): Promise<boolean> {
  const startedAt = claims.issuedAt.getTime() < now.getTime() ? claims.issuedAt : now;
  const inserted = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO runtime_sessions (id, world_id, app_id, mode, kind, user_ref, started_at)
    VALUES (${claims.sessionId}, ${claims.subjectId}::uuid, ${claims.appId}::uuid, ${claims.mode}, ${claims.kind}, ${claims.userRef ?? null}, ${startedAt})
    ON CONFLICT (id) DO NOTHING
    RETURNING id`;
  if (inserted.length === 0) return false;
  await tx.$executeRaw`
    UPDATE worlds SET session_count = session_count + 1,
      updated_at = GREATEST(clock_timestamp(), updated_at + interval '1 millisecond')
    WHERE id = ${claims.subjectId}::uuid`;
  return true;
}
