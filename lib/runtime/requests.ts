import { z } from "zod";

export const HEARTBEAT_MAX_SECONDS = 60;

/** POST /v1/runtime/heartbeat. */
export const ZHeartbeatBody = z.strictObject({
  sessionId: z
    .string()
    .min(1)
    .max(200)
    .describe(
      "the `sessionId` of GET /v1/runtime/world, or the public session id (`pub_…`) of GET /v1/runtime/public/{slug}, which authenticates the heartbeat on its own; with a token it must be the token's",
    ),
  seconds: z
    .number()
    .finite()
    .min(0)
    .max(86_400)
    .describe(
      `play time since the previous heartbeat; at most ${HEARTBEAT_MAX_SECONDS} s are credited per heartbeat, and never more than the wall time since the token was minted`,
    ),
  token: z
    .string()
    .min(1)
    .max(4096)
    .optional()
    .describe("the session token, when it is not sent as `Authorization: Bearer` (e.g. `navigator.sendBeacon`)"),
});
export type HeartbeatBody = z.infer<typeof ZHeartbeatBody>;

/** A world's public slug (`the-drowned-lighthouse-k3x9q2`); anything else names nothing (404). */
export const ZSlugParams = z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,120}$/) });

/** GET /v1/runtime/world. */
export const ZRuntimeWorldQuery = z.object({
  worldId: z
    .uuid()
    .optional()
    .describe(
      "another chapter of the token's campaign (docs/campaigns.md): a chapter world's token opens every chapter world of its campaign; omitted, the token's own world",
    ),
});
