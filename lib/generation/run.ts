import { ApiError } from "@/lib/errors";
import type { Mode } from "@/lib/shared/caller";
import { log } from "@/lib/log";
import { emitWebhookEvent } from "@/lib/webhooks";
import { getDb } from "@/lib/db";
import { forgetWorld } from "@/lib/worlds/world-cache";
import { storedDrafts } from "./drafts";
import { isJobCancelled, readJob, releaseJobQuota, reportProgress, updateJob } from "./jobs";
import { generateWorldSteps, type GenerationInput, type StepRunner } from "./pipeline";

/** A job's view of the pipeline: progress goes to the job record; a cancelled job stops. */
export class JobCancelled extends Error {}

export async function runGenerationJob(jobId: string, steps: StepRunner): Promise<{ worldId: string } | { cancelled: true }> {
  const job = await readJob(jobId);
  if (job.status === "cancelled") {
    await steps.run("cancelled", () => releaseJobQuota(jobId));
    return { cancelled: true };
  }
  const caller = { appId: job.appId, mode: job.mode as Mode };
  try {
    const result = await generateWorldSteps(caller.mode, caller, job.input as unknown as GenerationInput, steps, {
      progress: (phase, progress, extra) => reportProgress(jobId, phase, progress, extra?.provider),
      checkpoint: async () => {
        if (await isJobCancelled(jobId)) throw new JobCancelled();
      },
    });
    const completed = await steps.run("complete", async () => {
      if (await updateJob(jobId, { status: "succeeded", phase: "done", progress: 1, worldId: result.worldId })) {
        await emitWebhookEvent(
          job.appId,
          "world.generation.succeeded",
          { worldId: result.worldId, jobId },
          { idempotencyKey: `${jobId}:succeeded` },
        );
        return true;
      }
      // Cancelled after the world was stored: a cancelled job leaves nothing behind.
      const db = await getDb();
      await db.world.deleteMany({ where: { id: result.worldId } });
      forgetWorld(result.worldId);
      await releaseJobQuota(jobId);
      return false;
    });
    return completed ? { worldId: result.worldId } : { cancelled: true };
  } catch (error) {
    if (error instanceof JobCancelled) {
      await steps.run("cancelled", async () => {
        await releaseJobQuota(jobId);
        await dropJobDrafts(job.input);
      });
      return { cancelled: true };
    }
    // A request error (the gate refused the world, the author gave up) will not change on retry.
    if (error instanceof ApiError && error.status < 500) {
      await steps.run("rejected", () => failGenerationJob(jobId, error.detail));
      return { cancelled: true };
    }
    throw error;
  }
}

/** The job failed for good: record why, give the quota back, tell the app's webhooks. */
export async function failGenerationJob(jobId: string, reason: string): Promise<void> {
  const job = await readJob(jobId);
  const failed = await updateJob(jobId, { status: "failed", phase: "failed", error: reason });
  // A job cancelled while a step kept failing still gives its unit back.
  await releaseJobQuota(jobId);
  await dropJobDrafts(job.input);
  if (!failed) return;
  await emitWebhookEvent(job.appId, "world.generation.failed", { jobId, error: reason }, { idempotencyKey: `${jobId}:failed` });
  log.warn("generation job failed", { jobId, reason });
}

/** The job ends without a world: the draft and frames it kept for one go (its input names the world). */
async function dropJobDrafts(input: unknown): Promise<void> {
  const worldId = (input as { worldId?: unknown } | null)?.worldId;
  if (typeof worldId === "string") await storedDrafts.drop(worldId);
}
