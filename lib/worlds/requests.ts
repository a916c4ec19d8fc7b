import { z } from "zod";
import { ZOpList, ZAddEventBody } from "@/lib/kernel";

/** `subject_ref` of world and campaign creates (docs/api.md "Worlds"). */
export const ZSubjectRefInput = z
  .strictObject({
    image_b64: z.string().min(1).optional().describe("raw base64 or a data URL; hosted to a durable URL, then discarded"),
    image_url: z
      .string()
      .min(1)
      .refine((url) => !/^data:/i.test(url), "a data: URI is not accepted; send it as image_b64")
      .refine((url) => /^https?:\/\//i.test(url), "must be an http(s) URL")
      .optional()
      .describe("an already-hosted image URL, used as given"),
    descriptor: z.string().max(2000).optional().describe("defaults to the world's subject"),
  })
  .refine((ref) => (ref.image_b64 === undefined) !== (ref.image_url === undefined), "give exactly one of image_b64 and image_url");
export type SubjectRefInput = z.infer<typeof ZSubjectRefInput>;

export const TEXT_MAX = 40_000;

/**
 * POST /v1/worlds. Two modes selected by the body: IMPORT when `world` is present, else
 * GENERATE. `world` is checked against the SMWorld schema later, so that a malformed world is a
 * 422 with field-level `errors`, while a malformed request is a 400.
 */
export const ZCreateWorldBody = z
  .strictObject({
    premise: z.string().trim().min(1).max(4000).optional().describe("a what-if pitch"),
    frame_b64: z.string().min(1).optional().describe("base64 seed frame (data URL or raw)"),
    frame_url: z.string().url().optional().describe("URL of a seed frame"),
    text: z
      .string()
      .trim()
      .min(1)
      .max(TEXT_MAX, `must be at most ${TEXT_MAX} characters`)
      .optional()
      .describe("book chapter text: one chapter yields one world"),
    pov: z.string().min(1).max(100).optional().describe("default third_person_shoulder"),
    async: z.boolean().optional().describe("queue a durable job and answer 202 (live keys, generate only)"),
    subject_ref: ZSubjectRefInput.optional(),
    world: z.record(z.string(), z.unknown()).optional().describe("IMPORT: a complete compiled SMWorld, persisted verbatim"),
    name: z.string().trim().min(1).max(200).optional().describe("IMPORT: overrides the blob's name"),
    description: z.string().max(5000).optional().describe("IMPORT: overrides the blob's description"),
  })
  .superRefine((body, ctx) => {
    const generateFields = (["premise", "frame_b64", "frame_url", "text", "pov", "async", "subject_ref"] as const).filter(
      (f) => body[f] !== undefined,
    );
    if (body.world !== undefined) {
      for (const field of generateFields) {
        if (field === "async") continue; // ignored for import (docs/api.md "Worlds")
        ctx.addIssue({ code: "custom", path: [field], message: "cannot be combined with world (import)" });
      }
      return;
    }
    for (const field of ["name", "description"] as const) {
      if (body[field] !== undefined) ctx.addIssue({ code: "custom", path: [field], message: "applies to imports (with world) only" });
    }
    const seeds = (["premise", "frame_b64", "frame_url"] as const).filter((f) => body[f] !== undefined);
    if (body.text !== undefined) {
      for (const field of seeds)
        ctx.addIssue({ code: "custom", path: [field], message: "text is mutually exclusive with premise, frame_b64 and frame_url" });
      if (body.subject_ref !== undefined) ctx.addIssue({ code: "custom", path: ["subject_ref"], message: "cannot be combined with text" });
    } else if (seeds.length === 0) {
      ctx.addIssue({ code: "custom", path: ["premise"], message: "required: give premise, frame_b64, frame_url, text or world" });
    }
  });
export type CreateWorldBody = z.infer<typeof ZCreateWorldBody>;

export const ZVisibility = z.enum(["private", "unlisted", "public"]);
export type Visibility = z.infer<typeof ZVisibility>;

export const ZUpdateWorldBody = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(5000).optional(),
  cover: z.string().max(2000).optional(),
  /** Who or what the world is about (the graph's `subject`); beyond the create's documented fields. */
  subject: z.string().max(2000).optional(),
  visibility: ZVisibility.optional(),
  expectedRev: z.string().min(1).optional(),
});
export type UpdateWorldBody = z.infer<typeof ZUpdateWorldBody>;

/** Refuse (422) a graph write that breaks a recorded play-through (docs/api.md "Play-throughs"). */
export const ZRequirePlaytests = z
  .boolean()
  .optional()
  .describe("refuse (422 `validation_failed`) a write that breaks a recorded play-through; nothing persists");

export const ZOpsBody = z.strictObject({ ops: ZOpList, expectedRev: z.string().min(1).optional(), requirePlaytests: ZRequirePlaytests });

export { ZAddEventBody };

export const ZListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});

export const ZForkBody = z.strictObject({ name: z.string().trim().min(1).max(200).optional() });

export const ZValidateBody = z.strictObject({ world: z.unknown() });
