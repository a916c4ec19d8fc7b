import { z } from "zod";

/*
 * The plan of a Scenario Studio batch (docs/scenarios.md): the request body of
 * POST /v1/scenario-batches. Shared so that the Studio checks a plan with the very schema the
 * API parses it with (lib/scenarios/requests.ts re-exports it); zod only.
 */

/** A batch holds 1..MAX_CLIPS clips (CONTRACT). */
export const MAX_CLIPS = 100;
/** The longest path a clip may walk (events taken after `from`). */
export const MAX_PATH = 50;

export const CLIP_KINDS = ["variation", "counterfactual"] as const;
export const REVIEW_MODES = ["auto", "manual"] as const;
export const CLIP_WEATHERS = ["clear", "cloudy", "storm", "rain", "snow", "fog"] as const;
export const CLIP_TIMES = ["night", "dusk", "dawn", "day"] as const;

const ZName = z.string().trim().min(1).max(200);
const ZLabels = z.array(ZName).max(16);

/** What a variation applies to every state on the clip's path. */
export const ZClipApply = z
  .strictObject({
    weather: z.enum(CLIP_WEATHERS).optional(),
    timeOfDay: z.enum(CLIP_TIMES).optional(),
    variant: ZName.optional().describe("a variant id: each state on the path that has this variant is rendered as it"),
    note: z.string().trim().min(1).max(500).optional().describe('prose added to every frame\'s prompt ("a lantern sways overhead")'),
  })
  .refine((a) => Object.keys(a).length > 0, "give at least one of weather, timeOfDay, variant, note");

/** A counterfactual: one event of the path, rewritten for this clip only. */
export const ZClipReplace = z.strictObject({
  event: ZName.describe("the event's name, as taken in `path`"),
  with: z.strictObject({
    to: ZName.optional().describe("a state id: the event leads there instead"),
    base: z.string().trim().min(1).max(2000).describe("the event's prose for this clip"),
  }),
});

export const ZClipExpect = z.strictObject({
  reach: ZName.optional().describe("the state the clip must end in"),
  visible: ZLabels.optional().describe("labels the final frame must show"),
  absent: ZLabels.optional().describe("labels the final frame must not show"),
});

export const ZClipSpec = z
  .strictObject({
    customId: z.string().trim().min(1).max(200).optional().describe("your own id, echoed on the clip"),
    kind: z.enum(CLIP_KINDS),
    from: ZName.describe("the state id the clip starts in"),
    path: z.array(ZName).max(MAX_PATH).optional().describe("event names taken in order from `from`; omitted, the clip is the one state"),
    apply: ZClipApply.optional(),
    replace: ZClipReplace.optional(),
    expect: ZClipExpect.optional(),
  })
  .superRefine((clip, ctx) => {
    if (clip.kind === "variation" && clip.replace)
      ctx.addIssue({ code: "custom", path: ["replace"], message: "`replace` belongs to a counterfactual" });
    if (clip.kind === "counterfactual" && !clip.replace)
      ctx.addIssue({ code: "custom", path: ["replace"], message: "a counterfactual needs `replace`" });
  });
export type ClipSpec = z.infer<typeof ZClipSpec>;

/** POST /v1/scenario-batches. */
export const ZCreateBatchBody = z.strictObject({
  worldId: z.string().min(1).max(200),
  name: z.string().trim().min(1).max(200).optional(),
  review: z
    .enum(REVIEW_MODES)
    .default("auto")
    .describe("`auto` accepts clips that pass and rejects the rest; `manual` leaves passing clips `pending_review`"),
  clips: z.array(ZClipSpec).min(1).max(MAX_CLIPS),
});
export type CreateBatchBody = z.infer<typeof ZCreateBatchBody>;
