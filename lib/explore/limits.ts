import { getEnv } from "@/lib/config/env";
import { TokenBuckets } from "@/lib/cache/token-buckets";
import { ApiError } from "@/lib/errors";

/*
 * The public write routes of Explore have no credential to draw on, so they count per player and
 * per client address (docs/explore.md, "Limits"): LIKES_PER_MINUTE_PER_PLAYER (burst
 * LIKES_BURST_PER_PLAYER), LIKES_PER_MINUTE_PER_ADDRESS (burst LIKES_BURST_PER_ADDRESS) and
 * PLAYER_IDS_PER_HOUR_PER_ADDRESS. In memory, per process, like the API's other buckets.
 */
const perPlayer = new TokenBuckets(() => {
  const env = getEnv();
  return { rate: env.LIKES_PER_MINUTE_PER_PLAYER / 60, burst: env.LIKES_BURST_PER_PLAYER };
});
const perAddress = new TokenBuckets(() => {
  const env = getEnv();
  return { rate: env.LIKES_PER_MINUTE_PER_ADDRESS / 60, burst: env.LIKES_BURST_PER_ADDRESS };
});
const playerIds = new TokenBuckets(() => {
  const env = getEnv();
  return { rate: env.PLAYER_IDS_PER_HOUR_PER_ADDRESS / 3600, burst: Math.max(1, Math.ceil(env.PLAYER_IDS_PER_HOUR_PER_ADDRESS / 6)) };
});

function refuse(retryAfterSeconds: number, what: string): ApiError {
  return new ApiError(
    "rate_limited",
    `Too many ${what}; retry in ${retryAfterSeconds} s.`,
    {},
    { "retry-after": String(retryAfterSeconds) },
  );
}

/** Takes one like (or unlike) from the address's and the player's buckets, or throws 429. */
export function takeLikeToken(address: string, player: string, now = Date.now()): void {
  const byAddress = perAddress.take(`addr:${address}`, now);
  if (!byAddress.ok) throw refuse(byAddress.retryAfterSeconds, "likes from this address");
  const byPlayer = perPlayer.take(player, now);
  if (!byPlayer.ok) throw refuse(byPlayer.retryAfterSeconds, "likes from this player");
}

/** Takes one new player id from the address's bucket, or throws 429. */
export function takePlayerIdToken(address: string, now = Date.now()): void {
  const verdict = playerIds.take(`addr:${address}`, now);
  if (!verdict.ok) throw refuse(verdict.retryAfterSeconds, "new player ids from this address");
}
