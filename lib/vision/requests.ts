import { z } from "zod";

/** At most this many bytes of image (CONTRACT: 10 MB); more is 413. */
export const MAX_FRAME_BYTES = 10 * 1024 * 1024;
/** A request carrying a base64 frame of MAX_FRAME_BYTES, with room for a data-URL prefix and the rest of the JSON. */
export const MAX_VISION_BODY_BYTES = Math.ceil(MAX_FRAME_BYTES / 3) * 4 + 64 * 1024;

export const ZFrame = z
  .strictObject({
    worldId: z.string().min(1).max(200).optional().describe("a live world frame: this world's state image"),
    stateId: z.string().min(1).max(200).optional().describe("with `worldId`: the state whose frame to read (default the entrance)"),
    url: z.string().min(1).max(2048).optional().describe("an https URL of a PNG, JPEG or WebP image on a public address"),
    b64: z.string().min(1).optional().describe("a PNG, JPEG or WebP image as raw base64 or a data URL (at most 10 MB decoded)"),
  })
  .superRefine((frame, ctx) => {
    const given = (["worldId", "url", "b64"] as const).filter((k) => frame[k] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({
        code: "custom",
        message:
          given.length === 0 ? "give one of worldId, url or b64" : `give only one of worldId, url or b64 (got ${given.join(" and ")})`,
      });
    }
    if (frame.stateId !== undefined && frame.worldId === undefined)
      ctx.addIssue({ code: "custom", path: ["stateId"], message: "stateId goes with worldId" });
  })
  .describe("One of `{worldId, stateId?}` (a live world frame), `{url}` (https) or `{b64}` (raw base64 or a data URL).");
export type Frame = z.infer<typeof ZFrame>;

export const ZGroundBody = z.strictObject({
  frame: ZFrame,
  phrases: z.array(z.string().trim().min(1).max(200)).min(1).max(16).describe("what to find: words or short phrases"),
});
export type GroundBody = z.infer<typeof ZGroundBody>;

export const ZDescribeBody = z.strictObject({
  frame: ZFrame,
  detail: z.enum(["short", "long"]).default("short").describe("a one-sentence caption, or a few sentences with where things are"),
});
export type DescribeBody = z.infer<typeof ZDescribeBody>;

export const ZExpectation = z.strictObject({
  label: z.string().trim().min(1).max(200).describe("what should (or should not) be in the frame"),
  present: z.boolean().default(true).describe("false: the check passes when the label is absent"),
  minScore: z.number().min(0).max(1).default(0.3).describe("an object counts as present at this score or above"),
});

export const ZCheckBody = z.strictObject({
  frame: ZFrame,
  expect: z.array(ZExpectation).min(1).max(16),
});
export type CheckBody = z.infer<typeof ZCheckBody>;
