import { inngest } from "@/lib/jobs/client";
import { worldGenerationRequested } from "./events";
import { durableSteps } from "./pipeline";
import { failGenerationJob, runGenerationJob } from "./run";

/**
 * An async world generation (POST /v1/worlds with `async: true`): the steps of
 * lib/generation/pipeline.ts as Inngest steps, retried by Inngest; when retries are exhausted
 * `onFailure` fails the job, gives its quota back and fires world.generation.failed.
 */
export const generateWorld = inngest.createFunction(
  {
    id: "world-generate",
    name: "Generate a world",
    triggers: [worldGenerationRequested],
    retries: 3,
    onFailure: ({ event, error }) => failGenerationJob(event.data.event.data.jobId, error.message),
  },
  ({ event, step }) => runGenerationJob(event.data.jobId, durableSteps(step)),
);
