import { getEnv } from "@/lib/config/env";

/**
 * Token buckets per credential (key id, user id, session subject), in this process's memory:
 * RATE_LIMIT_PER_SECOND refill, RATE_LIMIT_BURST capacity. A deployment with several servers
 * multiplies the allowance by their number.
 */
interface Bucket {
  tokens: number;
  updatedAt: number;
}

const buckets = new Map<string, Bucket>();
const MAX_BUCKETS = 50_000;

export function takeToken(subject: string, now = Date.now()): { ok: true } | { ok: false; retryAfterSeconds: number } {
  const { RATE_LIMIT_PER_SECOND: rate, RATE_LIMIT_BURST: burst } = getEnv();
  let bucket = buckets.get(subject);
  if (!bucket) {
    if (buckets.size >= MAX_BUCKETS) evictFull(now, rate, burst);
    bucket = { tokens: burst, updatedAt: now };
    buckets.set(subject, bucket);
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
function evictFull(now: number, rate: number, burst: number): void {
  for (const [subject, bucket] of buckets) {
    if (bucket.tokens + ((now - bucket.updatedAt) / 1000) * rate >= burst) buckets.delete(subject);
  }
}

export function resetRateLimits(): void {
  buckets.clear();
}
