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
