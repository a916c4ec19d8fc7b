import { z } from "zod";
import { inngest } from "@/lib/jobs/client";
import { runCampaignJob, stopCampaignJob } from "./run";

export const CAMPAIGN_AUTHORING_REQUESTED = "campaigns/authoring.requested";
const ZRequested = z.object({ jobId: z.uuid() });

/**
 * A campaign's authoring job (lib/campaigns/run.ts): one step per stage and per chapter, retried
 * by Inngest (or the local executor); when a step's retries are exhausted `onFailure` stops the
 * job, keeps the chapters authored so far and gives back any unit held by a chapter never stored.
 */
export const authorCampaign = inngest.createFunction(
  {
    id: "campaign-author",
    name: "Author a campaign",
    triggers: [{ event: CAMPAIGN_AUTHORING_REQUESTED }],
    retries: 3,
    onFailure: async ({ event, error }) => {
      const parsed = ZRequested.safeParse(event.data.event.data);
      if (parsed.success) await stopCampaignJob(parsed.data.jobId, error.message);
    },
  },
  async ({ event, step }) => {
    const { jobId } = ZRequested.parse(event.data);
    return runCampaignJob(jobId, { run: (id, work) => step.run(id, work) as Promise<never> });
  },
);
