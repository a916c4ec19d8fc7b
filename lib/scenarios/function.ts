import { z } from "zod";
import { inngest } from "@/lib/jobs/client";
import { SCENARIO_BATCH_CANCELLED, SCENARIO_BATCH_REQUESTED } from "./events";
import { failBatch, runBatchJob } from "./run";

const ZRequested = z.object({ batchId: z.uuid(), appId: z.uuid() });

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
    triggers: [{ event: SCENARIO_BATCH_REQUESTED }],
    retries: 3,
    concurrency: [{ key: "event.data.appId", limit: 2 }],
    cancelOn: [{ event: SCENARIO_BATCH_CANCELLED, match: "data.batchId" }],
    onFailure: async ({ event, error }) => {
      const parsed = ZRequested.safeParse(event.data.event.data);
      if (parsed.success) await failBatch(parsed.data.batchId, error.message);
    },
  },
  async ({ event, step }) => {
    const { batchId } = ZRequested.parse(event.data);
    return runBatchJob(batchId, { run: (id, work) => step.run(id, work) as Promise<never> });
  },
);
