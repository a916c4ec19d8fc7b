import { querySql } from "@/lib/db";
import { badRequest, notFound, unauthorized } from "@/lib/errors";
import { signPlayerId, verifyPlayerId, verifySessionToken } from "@/lib/sessions";
import type { LikeBody } from "./requests";
import { takeLikeToken, takePlayerIdToken } from "./limits";

/*
 * Likes (docs/explore.md): one row of `world_likes` per (world, player), and the world's
 * `likeCount` moved in the same statement that adds or removes the row, so the count is the
 * number of rows whatever races: the primary key lets exactly one of two equal likes insert, and
 * the UPDATE re-reads the row it increments under its lock. A like or unlike also moves the
 * world's `updated_at` (strictly), as a counted session does, so caches of the World resource and
 * its 304s see the new count (lib/worlds/world-cache.ts); `rev` stays, the graph is unchanged.
 * Only live worlds that anyone with a link may play (public, unlisted) can be liked; test and
 * private ones are 404, as if they did not exist.
 */

/** A new anonymous player id for a browser (POST /v1/players), limited per client address. */
export function issuePlayerId(address: string): { playerId: string } {
  takePlayerIdToken(address);
  return { playerId: signPlayerId() };
}

/**
 * The player a like body names: a session token of this very world with an end user
 * (`ref:<appId>:<userRef>`), else a genuine anonymous player id (`ply:<id>`).
 */
export async function playerOf(body: LikeBody, worldId: string | null): Promise<string> {
  if (body.token !== undefined) {
    const claims = await verifySessionToken(body.token);
    if (!claims) throw unauthorized("The session token is invalid or expired.");
    if (worldId !== null && claims.subjectId !== worldId)
      throw unauthorized("This session token is scoped to another world; a token likes only its own world or character.");
    if (claims.userRef !== undefined) return `ref:${claims.appId}:${claims.userRef}`;
    if (body.playerId === undefined)
      throw badRequest("This session token names no end user (`userRef`); send a `playerId` from POST /v1/players as well.", [
        "playerId: required with a token that has no userRef",
      ]);
  }
  if (body.playerId === undefined)
    throw badRequest("Send `playerId` (from POST /v1/players) or a session `token` minted with a `userRef`.", ["playerId: required"]);
  const player = verifyPlayerId(body.playerId);
  if (!player) throw unauthorized("`playerId` is not one this server issued; get one from POST /v1/players.");
  return player;
}

interface LikeResult {
  found: boolean;
  changed: boolean;
  like_count: number | null;
}

const LIKEABLE = "mode = 'live' AND visibility IN ('public', 'unlisted')";
const BUMP = "updated_at = GREATEST(clock_timestamp(), updated_at + interval '1 millisecond')";

/*
 * A like's commit does not wait for the write-ahead log to reach the disk (PostgreSQL's
 * `synchronous_commit = off`, for this statement's own transaction only): waiting for that flush
 * was nine tenths of a like's time under load (`npm run bench -- explore`, docs/explore.md). A
 * crash of PostgreSQL can lose the likes of its last fraction of a second (at most three times
 * `wal_writer_delay`), each whole, the row together with the count it moved, so the count still
 * equals the rows; it never corrupts anything. A like is a soft signal: that is an acceptable
 * price. Nothing else in the app commits this way.
 */
const ASYNC_COMMIT = "set_config('synchronous_commit', 'off', true) AS async_commit";

const LIKE_SQL = `WITH target AS (SELECT id, like_count FROM worlds WHERE id = $1::uuid AND ${LIKEABLE}),
ins AS (INSERT INTO world_likes (world_id, player) SELECT id, $2 FROM target ON CONFLICT DO NOTHING RETURNING world_id),
upd AS (UPDATE worlds SET like_count = like_count + 1, ${BUMP} WHERE id IN (SELECT world_id FROM ins) RETURNING like_count)
SELECT EXISTS (SELECT 1 FROM target) AS found, EXISTS (SELECT 1 FROM upd) AS changed,
  COALESCE((SELECT like_count FROM upd), (SELECT like_count FROM target)) AS like_count, ${ASYNC_COMMIT}`;

const UNLIKE_SQL = `WITH target AS (SELECT id, like_count FROM worlds WHERE id = $1::uuid AND ${LIKEABLE}),
del AS (DELETE FROM world_likes WHERE world_id IN (SELECT id FROM target) AND player = $2 RETURNING world_id),
upd AS (UPDATE worlds SET like_count = like_count - 1, ${BUMP} WHERE id IN (SELECT world_id FROM del) RETURNING like_count)
SELECT EXISTS (SELECT 1 FROM target) AS found, EXISTS (SELECT 1 FROM upd) AS changed,
  COALESCE((SELECT like_count FROM upd), (SELECT like_count FROM target)) AS like_count, ${ASYNC_COMMIT}`;

async function setLike(worldId: string, body: LikeBody, address: string, liked: boolean) {
  const player = await playerOf(body, worldId);
  takeLikeToken(address, player);
  const [result] = await querySql<LikeResult>(liked ? LIKE_SQL : UNLIKE_SQL, [worldId, player], {
    name: liked ? "like_world" : "unlike_world",
  });
  if (!result?.found) throw notFound("World");
  return { id: worldId, liked, likeCount: Number(result.like_count ?? 0), changed: result.changed };
}

/** PUT /v1/likes/{id}: this player likes the world (once; again changes nothing). */
export function likeWorld(worldId: string, body: LikeBody, address: string) {
  return setLike(worldId, body, address, true);
}

/** DELETE /v1/likes/{id}: this player's like is taken back (none to take back changes nothing). */
export function unlikeWorld(worldId: string, body: LikeBody, address: string) {
  return setLike(worldId, body, address, false);
}

/** POST /v1/likes/lookup: which of `ids` this player likes (what the like buttons show). */
export async function likedAmong(body: LikeBody & { ids: string[] }): Promise<{ liked: string[] }> {
  // A token answers for its own world only.
  if (body.token !== undefined && body.ids.length !== 1)
    throw badRequest("With a session `token`, ask about its own world only (one id).", ["ids: one id with a token"]);
  const player = await playerOf(body, body.token !== undefined ? (body.ids[0] ?? null) : null);
  const rows = await querySql<{ world_id: string }>(
    `SELECT world_id FROM world_likes WHERE player = $1 AND world_id = ANY($2::text[]::uuid[])`,
    [player, body.ids],
    { name: "liked_among" },
  );
  const liked = new Set(rows.map((r) => r.world_id));
  return { liked: body.ids.filter((id) => liked.has(id)) };
}
