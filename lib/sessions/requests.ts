import { z } from "zod";

export const SESSION_TTL_MIN = 60;
export const SESSION_TTL_MAX = 3600;
export const SESSION_TTL_DEFAULT = 900;

/** The developer's id for an end user; `ses_…` and `pub_…` are reserved for anonymous sessions' accounts. */
export const ZUserRef = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((ref) => !ref.startsWith("ses_") && !ref.startsWith("pub_"), "must not start with ses_ or pub_ (reserved for anonymous sessions)")
  .describe("your id for the end user; chat time and transcripts are kept per userRef");

/** POST /v1/sessions/token (CONTRACT.md "SESSION"). */
export const ZMintSessionBody = z
  .strictObject({
    worldId: z.uuid().optional().describe("the world to play"),
    characterId: z.uuid().optional().describe("the character to talk to"),
    ttlSeconds: z.number().int().min(SESSION_TTL_MIN).max(SESSION_TTL_MAX).default(SESSION_TTL_DEFAULT).describe("token lifetime, 60..3600 s (default 900)"),
    userRef: ZUserRef.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.worldId === undefined) === (body.characterId === undefined)) {
      ctx.addIssue({ code: "custom", path: ["worldId"], message: "give exactly one of worldId and characterId" });
    }
  });
export type MintSessionBody = z.infer<typeof ZMintSessionBody>;
