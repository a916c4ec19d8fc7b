import { eventType } from "inngest";
import { z } from "zod";

/** Starts a batch's job (lib/scenarios/function.ts); `appId` keys an Inngest server's concurrency limit. */
export const scenarioBatchRequested = eventType("scenarios/batch.requested", {
  schema: z.object({ batchId: z.uuid(), appId: z.uuid() }),
});
/** Sent by a cancel: ends the run (`cancelOn`); the job also reads the batch's status before each clip. */
export const scenarioBatchCancelled = eventType("scenarios/batch.cancelled", { schema: z.object({ batchId: z.uuid() }) });
