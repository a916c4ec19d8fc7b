import { getEnv } from "@/lib/config/env";
import type { Mode } from "@/lib/keys/key-string";
import type { Credential } from "./credentials";

/**
 * Token buckets in this process's memory: each subject gets `burst` tokens, refilled at `rate`
 * per second. A deployment with several servers multiplies every allowance by their number.
 */
interface Bucket {
  tokens: number;
  updatedAt: number;
}

export type TakeVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    /** Read on every take, so settings changed at run time (tests) apply at once. */
    private readonly limits: () => { rate: number; burst: number },
    private readonly maxBuckets = 50_000,
  ) {}

  take(subject: string, now = Date.now()): TakeVerdict {
    const { rate, burst } = this.limits();
    let bucket = this.buckets.get(subject);
    if (!bucket) {
      if (this.buckets.size >= this.maxBuckets) this.evictFull(now, rate, burst);
      bucket = { tokens: burst, updatedAt: now };
      this.buckets.set(subject, bucket);
    }
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * rate);
    bucket.updatedAt = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / rate)) };
  }

  /** Buckets that have refilled completely carry no state worth keeping. */
  private evictFull(now: number, rate: number, burst: number): void {
    for (const [subject, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.updatedAt) / 1000) * rate >= burst) this.buckets.delete(subject);
    }
  }
}

/**
 * The `/v1` limits per credential, one set of buckets per mode (CONTRACT.md, Stripe's numbers):
 * RATE_LIMIT_LIVE_PER_SECOND / _BURST and RATE_LIMIT_TEST_PER_SECOND / _BURST.
 */
const apiBuckets: Record<Mode, TokenBuckets> = {
  live: new TokenBuckets(() => {
    const env = getEnv();
    return { rate: env.RATE_LIMIT_LIVE_PER_SECOND, burst: env.RATE_LIMIT_LIVE_BURST };
  }),
  test: new TokenBuckets(() => {
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

export function takeToken({ mode, subject }: RateSubject, now = Date.now()): TakeVerdict {
  return apiBuckets[mode].take(subject, now);
}
