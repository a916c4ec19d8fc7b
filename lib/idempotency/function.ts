import { inngest } from "@/lib/jobs/client";
import { pruneIdempotencyRecords } from "./idempotency";

/** Rows one step deletes, and steps one run takes at most (a backlog is finished by the next runs). */
const BATCH = 1000;
const MAX_BATCHES = 50;

/**
 * When the prune runs: `IDEMPOTENCY_PRUNE_CRON` (a cron expression; the tests use a six-field one
 * that fires every second, which the local executor understands), by default at minute 17 of every
 * hour. Read when the function is defined, that is when the server starts.
 */
export function idempotencyPruneCron(): string {
  return process.env.IDEMPOTENCY_PRUNE_CRON?.trim() || "17 * * * *";
}

/**
 * Deletes idempotency records older than 24 h (docs/api.md "Idempotency"), in bounded batches,
 * one step each, until a batch comes back short. A cron function: the local executor fires it
 * (docs/jobs.md "Cron triggers"), as an Inngest server would. Correctness never depends on it
 * (a record past 24 h is also ignored and replaced when its key comes back), only the table's size.
 */
export const pruneIdempotency = inngest.createFunction(
  { id: "idempotency-prune", name: "Prune idempotency records", triggers: [{ cron: idempotencyPruneCron() }], retries: 2 },
  async ({ step }) => {
    let deleted = 0;
    for (let i = 0; i < MAX_BATCHES; i++) {
      const count = await step.run(`prune-batch-${i}`, () => pruneIdempotencyRecords({ batch: BATCH }));
      deleted += count;
      if (count < BATCH) break;
    }
    return { deleted };
  },
);
