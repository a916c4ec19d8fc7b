import { eventType } from "inngest";
import { z } from "zod";

/** Starts a campaign's authoring job (lib/campaigns/function.ts); sent by create and resume. */
export const campaignAuthoringRequested = eventType("campaigns/authoring.requested", { schema: z.object({ jobId: z.uuid() }) });
