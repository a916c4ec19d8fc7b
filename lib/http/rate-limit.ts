import { getEnv } from "@/lib/config/env";
import type { Mode } from "@/lib/shared/caller";
import { SharedTokenBuckets } from "@/lib/cache/shared-limits";
import type { TakeVerdict } from "@/lib/cache/token-buckets";
import type { Credential } from "./credentials";

/**
 * The `/v1` limits per credential, one set of buckets per mode (docs/api.md "Rate limits", Stripe's numbers):
 * RATE_LIMIT_LIVE_PER_SECOND / _BURST and RATE_LIMIT_TEST_PER_SECOND / _BURST. One bucket per
 * credential for the whole deployment when REDIS_URL is set (lib/cache/shared-limits.ts).
 */
const apiBuckets: Record<Mode, SharedTokenBuckets> = {
  live: new SharedTokenBuckets("api-live", () => {
    const env = getEnv();
    return { rate: env.RATE_LIMIT_LIVE_PER_SECOND, burst: env.RATE_LIMIT_LIVE_BURST };
  }),
  test: new SharedTokenBuckets("api-test", () => {
    const env = getEnv();
    return { rate: env.RATE_LIMIT_TEST_PER_SECOND, burst: env.RATE_LIMIT_TEST_BURST };
  }),
};

/** Whose bucket a request draws on, and in which mode. */
export interface RateSubject {
  mode: Mode;
  /** The credential: `key:<keyId>` (`key:user:<userId>` for the Studio acting for an app), `user:<userId>`, `session:<sessionId>`. */
  subject: string;
}

/**
 * Keys and session tokens count in their own mode (the Studio acting for an app, in the mode it
 * names). A user token on a USER route (`/v1/apps*`) has no mode: it manages the account's real
 * resources, as Stripe's dashboard does, so it counts as live. No credential: no bucket.
 */
export function rateSubjectOf(auth: Credential): RateSubject | null {
  switch (auth.type) {
    case "key":
      return { mode: auth.mode, subject: `key:${auth.keyId}` };
    case "session":
      return { mode: auth.mode, subject: `session:${auth.sessionId}` };
    case "user":
      return { mode: "live", subject: `user:${auth.userId}` };
    case "none":
      return null;
  }
}

export function takeToken({ mode, subject }: RateSubject, now = Date.now()): Promise<TakeVerdict> {
  return apiBuckets[mode].take(subject, now);
}
