import { inngest } from "@/lib/jobs/client";
import { durableSteps } from "@/lib/generation/pipeline";
import { campaignAuthoringRequested } from "./events";
import { runCampaignJob, stopCampaignJob } from "./run";

/**
 * A campaign's authoring job (lib/campaigns/run.ts): one step per stage and per chapter, retried
 * by Inngest (or the local executor); when a step's retries are exhausted `onFailure` stops the
 * job, keeps the chapters authored so far and gives back any unit held by a chapter never stored.
 */
export const authorCampaign = inngest.createFunction(
  {
    id: "campaign-author",
    name: "Author a campaign",
    triggers: [campaignAuthoringRequested],
    retries: 3,
    onFailure: ({ event, error }) => stopCampaignJob(event.data.event.data.jobId, error.message),
  },
  ({ event, step }) => runCampaignJob(event.data.jobId, durableSteps(step)),
);
