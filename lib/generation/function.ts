import { z } from "zod";
import { inngest } from "@/lib/jobs/client";
import { failGenerationJob, runGenerationJob } from "./run";

export const WORLD_GENERATION_REQUESTED = "worlds/generation.requested";
const ZRequested = z.object({ jobId: z.uuid() });

/**
 * An async world generation (POST /v1/worlds with `async: true`): the steps of
 * lib/generation/pipeline.ts as Inngest steps, retried by Inngest; when retries are exhausted
 * `onFailure` fails the job, gives its quota back and fires world.generation.failed.
 */
export const generateWorld = inngest.createFunction(
  {
    id: "world-generate",
    name: "Generate a world",
    triggers: [{ event: WORLD_GENERATION_REQUESTED }],
    retries: 3,
    onFailure: async ({ event, error }) => {
      const parsed = ZRequested.safeParse(event.data.event.data);
      if (parsed.success) await failGenerationJob(parsed.data.jobId, error.message);
    },
  },
  async ({ event, step }) => {
    const { jobId } = ZRequested.parse(event.data);
    return runGenerationJob(jobId, { run: (id, work) => step.run(id, work) as Promise<never> });
  },
);
