import { inngest } from "@/lib/jobs/client";
import { durableSteps } from "@/lib/generation/pipeline";
import { scenarioBatchCancelled, scenarioBatchRequested } from "./events";
import { failBatch, runBatchJob } from "./run";

/**
 * A scenario batch's job (lib/scenarios/run.ts): one step per clip, a few at a time. `concurrency`
 * keeps an Inngest server to two batches per app at once (the local executor ignores it and runs
 * JOBS_CONCURRENCY runs per process, docs/jobs.md). When a step outside the clips fails for good,
 * `onFailure` marks the batch failed; a clip's own failure only fails that clip.
 */
export const runScenarioBatch = inngest.createFunction(
  {
    id: "scenario-batch",
    name: "Render and verify a scenario batch",
    triggers: [scenarioBatchRequested],
    retries: 3,
    concurrency: [{ key: "event.data.appId", limit: 2 }],
    cancelOn: [{ event: scenarioBatchCancelled.name, match: "data.batchId" }],
    onFailure: ({ event, error }) => failBatch(event.data.event.data.batchId, error.message),
  },
  ({ event, step }) => runBatchJob(event.data.batchId, durableSteps(step)),
);
