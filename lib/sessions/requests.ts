import { z } from "zod";

export const SESSION_TTL_MIN = 60;
export const SESSION_TTL_MAX = 3600;
export const SESSION_TTL_DEFAULT = 900;

/** The developer's id for an end user; `ses_…`, `pub_…` and `ply_…` are reserved for anonymous players. */
export const ZUserRef = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine(
    (ref) => !ref.startsWith("ses_") && !ref.startsWith("pub_") && !ref.startsWith("ply_"),
    "must not start with ses_, pub_ or ply_ (reserved for anonymous players)",
  )
  .describe("your id for the end user; chat time and transcripts are kept per userRef");

/** An anonymous player id this service gave out (`ply_…`). */
export const ZPlayerId = z
  .string()
  .regex(/^ply_[A-Za-z0-9_-]{39}\.[A-Za-z0-9_-]{22}$/, "must be a player id this service gave out (ply_…)")
  .describe("an anonymous player's id (`ply_…`) from an earlier token's answer: the same player, so the same chat time");

/** POST /v1/sessions/token (docs/runtime.md "Session tokens"). */
export const ZMintSessionBody = z
  .strictObject({
    worldId: z.uuid().optional().describe("the world to play"),
    characterId: z.uuid().optional().describe("the character to talk to"),
    ttlSeconds: z
      .number()
      .int()
      .min(SESSION_TTL_MIN)
      .max(SESSION_TTL_MAX)
      .default(SESSION_TTL_DEFAULT)
      .describe("token lifetime, 60..3600 s (default 900)"),
    userRef: ZUserRef.optional(),
    playerId: ZPlayerId.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.worldId === undefined) === (body.characterId === undefined)) {
      ctx.addIssue({ code: "custom", path: ["worldId"], message: "give exactly one of worldId and characterId" });
    }
    if (body.userRef !== undefined && body.playerId !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["playerId"],
        message: "give userRef or playerId, not both: a player with a userRef is that userRef",
      });
    }
  });
export type MintSessionBody = z.infer<typeof ZMintSessionBody>;
