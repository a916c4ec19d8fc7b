import { z } from "zod";
import { CLIP_KINDS, REVIEW_MODES } from "@/lib/scenarios/requests";
import { body, ZTimestamp, ZUuid } from "./response-parts";

/* Scenario Studio response schemas (docs/api.md "Scenario batches"); named in RESPONSE_SCHEMAS like the rest. */

export const BATCH_STATUSES = ["queued", "running", "completed", "cancelled", "failed"] as const;
export const CLIP_STATUSES = ["queued", "rendering", "verifying", "pending_review", "accepted", "rejected", "failed", "cancelled"] as const;

export const ZBatchSummary = z.object({
  batchId: ZUuid,
  name: z.string().nullable(),
  worldId: z.string().describe("the world the clips walk"),
  rev: z.string().min(1).describe("the graph revision the batch renders against, whatever the world becomes while it runs"),
  review: z.enum(REVIEW_MODES),
  status: z
    .enum(BATCH_STATUSES)
    .describe("queued → running → completed; queued | running → cancelled; failed only when the batch cannot run at all"),
  itemsTotal: z.number().int().min(1).max(100),
  itemsDone: z.number().int().min(0).describe("clips that reached a final or review status"),
  counts: z
    .object({
      accepted: z.number().int(),
      rejected: z.number().int(),
      failed: z.number().int(),
      pendingReview: z.number().int(),
      cancelled: z.number().int(),
    })
    .describe("clips by outcome so far"),
  createdAt: ZTimestamp.describe("the list's cursor: pass the last row's value as `cursor` for the next page"),
  updatedAt: ZTimestamp,
  mock: z.literal(true).optional().describe("present and true only in test mode: the clips are the mock painter's"),
});

export const ZClipCheck = z.object({
  name: z.string().describe("`path`, `reach`, `visible:<label>`, `absent:<label>`, `subject`"),
  pass: z.boolean(),
  detail: z.string().describe("what was expected and what was found"),
});

export const ZClip = z.object({
  clipId: ZUuid,
  index: z.number().int().min(0).describe("the clip's position in the request's `clips`"),
  customId: z.string().nullable(),
  kind: z.enum(CLIP_KINDS),
  status: z.enum(CLIP_STATUSES),
  states: z.array(z.string()).describe("the state ids the clip walks, in order (empty until rendered)"),
  frames: z.array(z.string()).describe("one hosted frame URL per state on the path"),
  preview: z.string().nullable().describe("an animated GIF of the frames; null until rendered"),
  verification: z
    .object({ pass: z.boolean(), checks: z.array(ZClipCheck) })
    .nullable()
    .describe("null until verified"),
  error: z.string().nullable().describe("why a `failed` clip failed"),
  charged: z.boolean().describe("true once the clip is accepted in live mode (one `scenario_clip` ledger row)"),
});

export const ZBatchStarted = body(ZBatchSummary.shape);
export const ZBatchBody = body({ ...ZBatchSummary.shape, clips: z.array(ZClip).describe("in request order") });
export const ZBatchList = body({
  batches: z.array(ZBatchSummary).describe("newest first"),
  nextCursor: z.string().nullable().describe("pass as `cursor` for the next page; null on the last"),
});
export const ZClipBody = body(ZClip.shape);

export const SCENARIO_RESPONSE_SCHEMAS = {
  BatchSummary: ZBatchSummary,
  ClipCheck: ZClipCheck,
  Clip: ZClip,
  BatchStarted: ZBatchStarted,
  BatchBody: ZBatchBody,
  BatchList: ZBatchList,
  ClipBody: ZClipBody,
} satisfies Record<string, z.ZodType>;
