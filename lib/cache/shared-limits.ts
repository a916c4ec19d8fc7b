/**
 * Rate limits one deployment shares (docs/reliability.md "Rate limits"): with REDIS_URL set, the
 * token buckets and failure counts live in Redis, through rate-limiter-flexible on an ioredis
 * client, so every server of the deployment draws on the same bucket (atomic: one Lua script per
 * take). Without it, this process's memory, as one server needs. When Redis cannot be reached
 * (down, a timeout, not connected yet) a take falls back to this process's memory at once, with a
 * warning, and goes back to Redis when it answers again: a limit is never the reason for a 5xx.
 *
 * rate-limiter-flexible counts in fixed windows; a bucket here is Stripe's token bucket (burst,
 * then a steady refill), so the Redis limiter runs a token-bucket script through the library's
 * `customIncrTtlLuaScript`, with `points` = the burst and `duration` = the seconds a full refill
 * takes (the script reads the rate as points / duration). The failure counts of the sign-in limit
 * are fixed windows, the library's own model.
 */
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { getEnv } from "@/lib/config/env";
import { log } from "@/lib/log";
import { TokenBuckets, type TakeVerdict } from "./token-buckets";

export interface BucketLimits {
  /** Tokens per second. */
  rate: number;
  /** The bucket's size: the burst a full bucket allows. */
  burst: number;
}

/**
 * KEYS[1] the bucket; ARGV: [1] tokens asked, [2] the key's TTL in seconds, [3] the burst, [4]
 * the seconds a full refill takes. Redis's own clock (TIME) is the one clock of every server.
 * Returns {consumed, ms}: consumed = burst - tokens left (burst + 1 when refused, which the
 * library reads as over the limit), ms = the wait for the tokens asked when refused.
 */
const TOKEN_BUCKET_LUA = `
local cost = tonumber(ARGV[1])
local burst = tonumber(ARGV[3])
local rate = burst / tonumber(ARGV[4])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1])
local at = tonumber(b[2])
if tokens == nil or at == nil then tokens = burst; at = now end
tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
local consumed = burst + 1
local wait = math.ceil((cost - tokens) * 1000 / rate)
if tokens >= cost then
  tokens = tokens - cost
  consumed = burst - math.floor(tokens)
  wait = 0
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]))
return {consumed, wait}
`;

const state = globalThis as unknown as { __pwRedis?: { url: string; client: Redis } };

/** The deployment's Redis client (one per process), or null without REDIS_URL. */
export function sharedRedis(): Redis | null {
  const url = getEnv().REDIS_URL;
  if (!url) return null;
  if (state.__pwRedis?.url === url) return state.__pwRedis.client;
  state.__pwRedis?.client.disconnect();
  const client = new Redis(url, {
    // Never queue a take behind a reconnect: refuse at once, and memory answers instead.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    commandTimeout: 500,
    retryStrategy: (times) => Math.min(200 * times, 2_000),
  });
  client.on("error", (error: Error) => warnFallback("redis", error));
  state.__pwRedis = { url, client };
  return client;
}

/**
 * Connects to the deployment's Redis at server start (so the first requests already share their
 * buckets), waiting at most `timeoutMs`; without REDIS_URL, or when it does not answer in time,
 * the server starts anyway and counts in memory until it does.
 */
export async function connectSharedRedis(timeoutMs = 2_000): Promise<boolean> {
  const client = sharedRedis();
  if (!client) return false;
  if (client.status === "ready") return true;
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => done(false), timeoutMs);
    timer.unref();
    function done(ready: boolean) {
      clearTimeout(timer);
      client!.off("ready", onReady);
      resolve(ready);
    }
    function onReady() {
      done(true);
    }
    client.on("ready", onReady);
  });
}

let lastWarning = 0;
function warnFallback(what: string, error: unknown): void {
  const now = Date.now();
  if (now - lastWarning < 30_000) return;
  lastWarning = now;
  log.warn("rate limits: Redis is unreachable; counting in this process's memory until it answers", {
    limiter: what,
    error: error instanceof Error ? error.message : String(error),
  });
}

const retryAfter = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Token buckets per subject: in Redis when the deployment has one, else (or while it is away) in memory. */
export class SharedTokenBuckets {
  private readonly memory: TokenBuckets;
  private redis?: { client: Redis; limiter: RateLimiterRedis };

  constructor(
    /** Names the buckets' keys in Redis (`pw:rl:<name>:<subject>`). */
    private readonly name: string,
    /** Read on every take, so settings changed at run time (tests) apply at once. */
    private readonly limits: () => BucketLimits,
  ) {
    this.memory = new TokenBuckets(limits);
  }

  private limiterFor(client: Redis): RateLimiterRedis {
    if (this.redis?.client !== client) {
      const { rate, burst } = this.limits();
      const limiter = new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `pw:rl:${this.name}`,
        points: burst,
        duration: burst / rate,
        customIncrTtlLuaScript: TOKEN_BUCKET_LUA,
        rejectIfRedisNotReady: true,
      });
      this.redis = { client, limiter };
    }
    return this.redis.limiter;
  }

  async take(subject: string, now = Date.now()): Promise<TakeVerdict> {
    const client = sharedRedis();
    if (!client) return this.memory.take(subject, now);
    const { rate, burst } = this.limits();
    const limiter = this.limiterFor(client);
    limiter.points = burst;
    limiter.duration = burst / rate;
    try {
      // The key lives as long as a full refill (and a second): an idle bucket is a full one.
      await limiter.consume(subject, 1, { customDuration: Math.ceil(burst / rate) + 1 });
      return { ok: true };
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: retryAfter(refused.msBeforeNext) };
      warnFallback(this.name, refused);
      return this.memory.take(subject, now);
    }
  }
}

/** Failures per key counted for a fixed window from the first (the sign-in limit): shared like the buckets. */
export class SharedFailureCounts {
  private readonly memory: RateLimiterMemory;
  private redis?: { client: Redis; limiter: RateLimiterRedis };

  constructor(
    private readonly name: string,
    private readonly windowMs: number,
  ) {
    // The limit is the caller's (`refusal`); the limiters only count.
    this.memory = new RateLimiterMemory({ keyPrefix: name, points: Number.MAX_SAFE_INTEGER, duration: windowMs / 1000 });
  }

  private limiter(): RateLimiterRedis | RateLimiterMemory {
    const client = sharedRedis();
    if (!client) return this.memory;
    if (this.redis?.client !== client) {
      const limiter = new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `pw:fc:${this.name}`,
        points: Number.MAX_SAFE_INTEGER,
        duration: this.windowMs / 1000,
        rejectIfRedisNotReady: true,
        insuranceLimiter: this.memory,
      });
      this.redis = { client, limiter };
    }
    return this.redis.limiter;
  }

  /** Seconds until `key` may try again when it has `limit` failures in its window; null when it may now. */
  async refusal(key: string, limit: number): Promise<number | null> {
    const counted = await this.limiter()
      .get(key)
      .catch((error: unknown) => {
        warnFallback(this.name, error);
        return this.memory.get(key);
      });
    // A window that has run out (its record not yet swept) counts nothing.
    if (!counted || counted.msBeforeNext <= 0 || counted.consumedPoints < limit) return null;
    return retryAfter(counted.msBeforeNext);
  }

  async record(key: string): Promise<void> {
    await this.limiter()
      .penalty(key, 1)
      .catch((error: unknown) => {
        warnFallback(this.name, error);
        return this.memory.penalty(key, 1);
      });
  }

  async forget(key: string): Promise<void> {
    await this.limiter()
      .delete(key)
      .catch(() => this.memory.delete(key));
  }
}
