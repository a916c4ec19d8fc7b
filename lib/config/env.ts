import path from "node:path";
import { z } from "zod";

/** The model provider's settings (docs/providers.md); lib/ai/config.ts reads them on their own too. */
export const ZAiEnv = z.object({
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_IMAGE_MODEL: z.string().min(1).optional(),
  AI_IMAGE_SIZE: z
    .string()
    .regex(/^\d{2,5}x\d{2,5}$/)
    .default("1536x1024"),
  AI_JSON_MODE: z.enum(["json_object", "json_schema", "off"]).default("json_object"),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(60_000),
  AI_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  AI_TRANSPORT_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
});

/**
 * Every setting the server reads, parsed once. `.env.example` lists the same names;
 * `lib/config/env.test.ts` keeps the two in step.
 */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  // How many reverse proxies in front of the app set X-Forwarded-* (0: none; true/on read as 1).
  TRUST_PROXY: z
    .preprocess(
      (value) =>
        typeof value === "string" && /^(true|on|yes)$/i.test(value)
          ? 1
          : typeof value === "string" && /^(false|off|no)$/i.test(value)
            ? 0
            : value,
      z.coerce.number().int().min(0).max(10),
    )
    .default(0),
  AUTH_SECRET: z.string().min(32).optional(),
  SESSION_TOKEN_SECRET: z.string().min(32).optional(),
  INNGEST_SIGNING_KEY: z.string().min(1).optional(),
  SESSION_TOKEN_PREVIOUS_SECRETS: z.string().optional(),
  MAX_JSON_BODY_BYTES: z.coerce.number().int().positive().default(1_048_576),
  // Where the rate limits' token buckets live across servers (docs/reliability.md "Rate limits");
  // unset: in this process's memory. An unreachable Redis falls back to memory, never to 5xx.
  REDIS_URL: z.string().url().optional(),
  // When idempotency records older than 24 h are deleted (lib/idempotency/function.ts reads it at start).
  IDEMPOTENCY_PRUNE_CRON: z.string().min(1).optional(),
  // Stripe's numbers: live 100 requests/s, test 25/s; bursts of two seconds' worth.
  RATE_LIMIT_LIVE_PER_SECOND: z.coerce.number().positive().default(100),
  RATE_LIMIT_LIVE_BURST: z.coerce.number().int().positive().default(200),
  RATE_LIMIT_TEST_PER_SECOND: z.coerce.number().positive().default(25),
  RATE_LIMIT_TEST_BURST: z.coerce.number().int().positive().default(50),
  // Explore's public writes (docs/explore.md): likes per player and per client address, new
  // anonymous player ids per address.
  LIKES_PER_MINUTE_PER_PLAYER: z.coerce.number().positive().default(30),
  LIKES_BURST_PER_PLAYER: z.coerce.number().int().positive().default(10),
  LIKES_PER_MINUTE_PER_ADDRESS: z.coerce.number().positive().default(600),
  LIKES_BURST_PER_ADDRESS: z.coerce.number().int().positive().default(120),
  PLAYER_IDS_PER_HOUR_PER_ADDRESS: z.coerce.number().positive().default(60),
  AUTH_ATTEMPTS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  SIGN_IN_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(10),
  SIGN_IN_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  SIGN_UPS_PER_HOUR: z.coerce.number().int().positive().default(30),
  KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5_000),
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
  IMPORT_MAX_STATES: z.coerce.number().int().positive().default(500),
  IMPORT_MAX_EVENTS: z.coerce.number().int().positive().default(2000),
  QUOTA_GENERATION_PER_DAY: z.coerce.number().int().min(0).default(200),
  QUOTA_SEED_FRAME_PER_DAY: z.coerce.number().int().min(0).default(500),
  QUOTA_SAY_PER_DAY: z.coerce.number().int().min(0).default(5_000),
  QUOTA_TTS_PER_DAY: z.coerce.number().int().min(0).default(2_000),
  QUOTA_VISION_GROUND_PER_DAY: z.coerce.number().int().min(0).default(1_000),
  QUOTA_VISION_DESCRIBE_PER_DAY: z.coerce.number().int().min(0).default(1_000),
  QUOTA_VISION_CHECK_PER_DAY: z.coerce.number().int().min(0).default(1_000),
  QUOTA_EDIT_PER_DAY: z.coerce.number().int().min(0).default(1_000),
  // Whether live play time (`session_seconds`) is billable (docs/usage.md). Off: it is metered only.
  BILLING_ENABLED: z.stringbool().default(false),
  WEBHOOK_ALLOW_HTTP_LOOPBACK: z.stringbool().default(false),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(0).default(60_000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  ...ZAiEnv.shape,
  INNGEST_BASE_URL: z.string().url().optional(),
  INNGEST_EVENT_KEY: z.string().min(1).optional(),
  INNGEST_DEV: z.string().optional(),
  JOBS_CONCURRENCY: z.coerce.number().int().positive().default(8),
  JOBS_RETRY_BASE_MS: z.coerce.number().int().positive().default(15_000),
  JOBS_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
  // Clips of one scenario batch rendered at once (lib/scenarios/run.ts, docs/scenarios.md).
  SCENARIO_LANES: z.coerce.number().int().min(1).max(8).default(2),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  S3_PREFIX: z.string().default("assets/"),
  S3_PUBLIC_URL: z.string().url().optional(),
  CHAT_FREE_SECONDS: z.coerce.number().int().min(0).default(180),
  CHAT_PLUS_SECONDS_PER_MONTH: z.coerce.number().int().min(0).default(7200),
  CHAT_TURN_MIN_SECONDS: z.coerce.number().int().min(0).default(5),
  CHAT_TURN_MAX_SECONDS: z.coerce.number().int().min(1).default(60),
  AI_SPEECH_MODEL: z.string().min(1).optional(),
  AI_SPEECH_VOICE: z.string().min(1).default("alloy"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Read by next.config.mjs when the server starts (README, "Deploying").
  HTTP_COMPRESSION: z.enum(["on", "off"]).default("off"),
});

export type Env = z.infer<typeof ZEnv>;

/** Names documented in .env.example (checked by a test). */
export const ENV_NAMES = Object.keys(ZEnv.shape) as (keyof Env)[];

/**
 * Settings that were renamed: the old name (one limit for every credential, before the limit
 * was per mode) still applies to each new name it became, unless that one is set itself.
 */
const RENAMED: Record<string, (keyof Env)[]> = {
  RATE_LIMIT_PER_SECOND: ["RATE_LIMIT_LIVE_PER_SECOND", "RATE_LIMIT_TEST_PER_SECOND"],
  RATE_LIMIT_BURST: ["RATE_LIMIT_LIVE_BURST", "RATE_LIMIT_TEST_BURST"],
};

/** The settings with renamed ones carried over, and which old name each carried value came from. */
function withRenamed(vars: Record<string, string>): { vars: Record<string, string>; from: Record<string, string> } {
  const out = { ...vars };
  const from: Record<string, string> = {};
  for (const [old, names] of Object.entries(RENAMED)) {
    const value = out[old];
    if (value === undefined) continue;
    for (const name of names) {
      if (out[name] !== undefined) continue;
      out[name] = value;
      from[name] = old;
    }
    delete out[old];
  }
  return { vars: out, from };
}

let cached: (Env & { dataDir: string }) | undefined;

export function getEnv(): Env & { dataDir: string } {
  if (cached) return cached;
  const blankless = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ""),
  );
  const { vars, from } = withRenamed(blankless);
  const parsed = ZEnv.safeParse(vars);
  if (!parsed.success) {
    const named = (name: string) => (from[name] ? `${name} (set as ${from[name]})` : name);
    const lines = parsed.error.issues.map((i) => `  ${named(i.path.join("."))}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  cached = { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
  return cached;
}

/** For tests that change the environment between cases. */
export function resetEnvCache(): void {
  cached = undefined;
}
