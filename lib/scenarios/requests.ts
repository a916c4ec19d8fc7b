import { z } from "zod";
import { ZListQuery } from "@/lib/worlds/requests";

/* Request shapes of the Scenario Studio (docs/scenarios.md "The API"). The plan's own schemas live in lib/shared, which the Studio's composer parses with too. */

export {
  MAX_CLIPS,
  MAX_PATH,
  CLIP_KINDS,
  REVIEW_MODES,
  CLIP_WEATHERS,
  CLIP_TIMES,
  ZClipApply,
  ZClipReplace,
  ZClipExpect,
  ZClipSpec,
  ZCreateBatchBody,
  type ClipSpec,
  type CreateBatchBody,
} from "@/lib/shared/scenario-plan";

export const ZBatchParams = z.object({ id: z.uuid() });
export const ZClipParams = z.object({ id: z.uuid(), clipId: z.uuid() });

/**
 * GET /v1/scenario-batches: `cursor` is the `createdAt` of the previous page's last batch
 * (CONTRACT), exactly as it was sent: an ISO-8601 UTC time. createdAt is unique per app and mode
 * (docs/scenarios.md "Paging"), so it alone says where the next page starts.
 */
export const ZBatchListQuery = ZListQuery.extend({
  cursor: z.iso
    .datetime({ precision: 3, error: "must be the `createdAt` of a batch (ISO-8601 UTC with milliseconds, as returned)" })
    .optional(),
});
