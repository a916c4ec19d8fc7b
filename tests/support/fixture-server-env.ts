/**
 * The settings of a server the fixtures run against: webhooks may point back at it (loopback
 * only) and fail fast, and daily quotas do not run out in a long fuzz (test keys count too).
 */
export const FIXTURE_SERVER_ENV: Record<string, string> = {
  WEBHOOK_ALLOW_HTTP_LOOPBACK: "1",
  WEBHOOK_RETRY_BASE_MS: "20",
  QUOTA_EDIT_PER_DAY: "100000000",
  QUOTA_GENERATION_PER_DAY: "100000000",
  QUOTA_SAY_PER_DAY: "100000000",
  QUOTA_SEED_FRAME_PER_DAY: "100000000",
  QUOTA_TTS_PER_DAY: "100000000",
  QUOTA_VISION_CHECK_PER_DAY: "100000000",
  QUOTA_VISION_DESCRIBE_PER_DAY: "100000000",
  QUOTA_VISION_GROUND_PER_DAY: "100000000",
  // Explore's public writes count per player and address: the fuzz sends thousands from one.
  LIKES_PER_MINUTE_PER_PLAYER: "100000000",
  LIKES_BURST_PER_PLAYER: "100000000",
  LIKES_PER_MINUTE_PER_ADDRESS: "100000000",
  LIKES_BURST_PER_ADDRESS: "100000000",
  PLAYER_IDS_PER_HOUR_PER_ADDRESS: "100000000",
};
