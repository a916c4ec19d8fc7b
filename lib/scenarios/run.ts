import { getEnv } from "@/lib/config/env";
import { getDb, Prisma } from "@/lib/db";
import { isJobCancelled, updateJob } from "@/lib/generation/jobs";
import type { StepRunner } from "@/lib/generation/pipeline";
import type { World } from "@/lib/kernel";
import type { Mode } from "@/lib/shared/caller";
import { log } from "@/lib/log";
import { emitWebhookEvent } from "@/lib/webhooks";
import { ApiError } from "@/lib/errors";
import { acceptClipRow } from "./charge";
import { releaseUnspentClipFrames, reserveClipFrames } from "./clip-quota";
import { clipFrameCount, renderClip } from "./render";
import type { ClipSpec } from "./requests";
import { cancelBatchRows, FINAL_CLIP_STATUSES, moveClip, OPEN_CLIP_STATUSES, recountBatch } from "./store";
import { verifyClip } from "./verify";

/*
 * The batch job (docs/scenarios.md "The job"): a `start` step, then one step per SCENARIO_LANES
 * clips (`clips-<index>-<index>`, the clips side by side), then `complete`. Each clip renders the
 * clip against the graph the batch was submitted with, verifies it, and settles it: `auto`
 * accepts (charging a live clip in the same statement) or rejects; `manual` leaves a passing clip
 * `pending_review`. Every step is safe to run twice: a clip already settled is skipped, every
 * move is a conditional update, and a charge is keyed by the clip. Cancellation is read before
 * each clip; a clip cancelled while it renders stays cancelled and is never charged.
 */

export interface ClipRef {
  clipId: string;
  index: number;
}
type Started = { clips: ClipRef[]; lanes: number } | { ended: string };
export type BatchOutcome = { completed: true } | { ended: string };

const SETTLED: ReadonlySet<string> = new Set([...FINAL_CLIP_STATUSES, "pending_review"]);

/** The submitted graphs of the batches this process runs (immutable once stored). */
const graphs = new Map<string, World>();

async function batchForClip(
  batchId: string,
): Promise<{ appId: string; mode: Mode; review: string; status: string; baseUrl: string; jobId: string | null; graph: World }> {
  const db = await getDb();
  const cached = graphs.get(batchId);
  const row = await db.scenarioBatch.findUniqueOrThrow({
    where: { id: batchId },
    select: { appId: true, mode: true, review: true, status: true, baseUrl: true, jobId: true, graph: !cached },
  });
  const graph = cached ?? (row.graph as unknown as World);
  if (!cached) {
    if (graphs.size >= 16) graphs.delete(graphs.keys().next().value!);
    graphs.set(batchId, graph);
  }
  return {
    appId: row.appId,
    mode: row.mode as Mode,
    review: row.review,
    status: row.status,
    baseUrl: row.baseUrl,
    jobId: row.jobId,
    graph,
  };
}

/** queued → running (batch and job); the clips in order. A batch that has ended runs nothing. */
export async function startBatch(batchId: string): Promise<Started> {
  const db = await getDb();
  const batch = await db.scenarioBatch.findUniqueOrThrow({
    where: { id: batchId },
    select: { status: true, jobId: true, clips: { select: { id: true, index: true }, orderBy: { index: "asc" } } },
  });
  if (batch.status !== "queued" && batch.status !== "running") return { ended: batch.status };
  await db.scenarioBatch.updateMany({ where: { id: batchId, status: "queued" }, data: { status: "running" } });
  if (batch.jobId) await updateJob(batch.jobId, { status: "running", phase: "rendering" }, { from: ["queued"] });
  return { clips: batch.clips.map((c) => ({ clipId: c.id, index: c.index })), lanes: getEnv().SCENARIO_LANES };
}

async function isCancelled(batch: { status: string; jobId: string | null }): Promise<boolean> {
  if (batch.status === "cancelled") return true;
  return batch.jobId !== null && (await isJobCancelled(batch.jobId));
}

/** One clip, start to settled; returns the status it ends in. Safe to run twice. */
export async function processClip(batchId: string, clipId: string): Promise<string> {
  const db = await getDb();
  const clip = await db.scenarioClip.findUniqueOrThrow({ where: { id: clipId }, select: { status: true, spec: true } });
  if (SETTLED.has(clip.status)) return clip.status;
  const batch = await batchForClip(batchId);
  if (await isCancelled(batch)) {
    // A job cancelled through /v1/jobs/{id}/cancel cancels its batch. Units a clip holds stay
    // counted: a render of it may still be painting (undercounting is the error to avoid).
    await cancelBatchRows(batchId);
    return "cancelled";
  }
  if (batch.status !== "running") return clip.status;
  const spec = clip.spec as unknown as ClipSpec;
  const settled = async (): Promise<string> =>
    (await db.scenarioClip.findUniqueOrThrow({ where: { id: clipId }, select: { status: true } })).status;
  if (!(await moveClip(clipId, OPEN_CLIP_STATUSES, "rendering", { error: null }))) return settled();

  // The clip's frames, all reserved before the first is painted; over the cap it fails and paints nothing.
  try {
    await reserveClipFrames(batch.appId, clipId, clipFrameCount(batch.graph, spec));
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "quota_exceeded")) throw error;
    await moveClip(clipId, OPEN_CLIP_STATUSES, "failed", {
      error: `quota_exceeded: ${error.detail} The clip was not painted and is not charged.`,
    });
    await recountBatch(db, batchId);
    return settled();
  }

  const rendered = await renderClip({ mode: batch.mode, world: batch.graph, spec, baseUrl: batch.baseUrl });
  const shown = { states: rendered.states, frames: rendered.frames, preview: rendered.preview };
  if (!(await moveClip(clipId, ["rendering"], "verifying", shown))) return settled();

  const verification = await verifyClip({ mode: batch.mode, world: batch.graph, spec, rendered });
  const verdict = { verification: { pass: verification.pass, checks: verification.checks } as unknown as Prisma.InputJsonObject };
  if (!(await moveClip(clipId, ["verifying"], "verifying", verdict))) return settled();
  if (!verification.pass) await moveClip(clipId, ["verifying"], "rejected");
  else if (batch.review === "manual") await moveClip(clipId, ["verifying"], "pending_review");
  else await acceptClipRow(db, clipId, ["verifying"]);
  await recountBatch(db, batchId);
  return settled();
}

/** A clip whose step failed for good (its retries spent): failed, never charged. */
export async function failClip(batchId: string, clipId: string, error: string): Promise<string> {
  const db = await getDb();
  await moveClip(clipId, OPEN_CLIP_STATUSES, "failed", { error: error.slice(0, 2000) });
  await recountBatch(db, batchId);
  const { appId } = await db.scenarioBatch.findUniqueOrThrow({ where: { id: batchId }, select: { appId: true } });
  await releaseUnspentClipFrames(appId, [clipId]);
  return (await db.scenarioClip.findUniqueOrThrow({ where: { id: clipId }, select: { status: true } })).status;
}

/** running → completed once every clip is settled; the job succeeds; the webhook, once. */
export async function completeBatch(batchId: string): Promise<BatchOutcome> {
  const db = await getDb();
  const open = await db.scenarioClip.count({ where: { batchId, status: { in: [...OPEN_CLIP_STATUSES] } } });
  if (open > 0) throw new Error(`${open} clips of batch ${batchId} are not settled`); // retried: a lane still finishing
  await recountBatch(db, batchId);
  const { count } = await db.scenarioBatch.updateMany({ where: { id: batchId, status: "running" }, data: { status: "completed" } });
  const batch = await db.scenarioBatch.findUniqueOrThrow({
    where: { id: batchId },
    select: { appId: true, status: true, jobId: true, accepted: true, rejected: true, failed: true },
  });
  if (batch.jobId) await updateJob(batch.jobId, { status: "succeeded", phase: null, progress: 1 });
  if (count === 1) {
    const data = { batchId, accepted: batch.accepted, rejected: batch.rejected, failed: batch.failed };
    await emitWebhookEvent(batch.appId, "scenario.batch.completed", data, { idempotencyKey: `scenario-batch:${batchId}:completed` });
  }
  return batch.status === "completed" ? { completed: true } : { ended: batch.status };
}

/** The run failed for good before its clips could settle: the batch cannot run at all. */
export async function failBatch(batchId: string, error: string): Promise<void> {
  const db = await getDb();
  const { count } = await db.scenarioBatch.updateMany({
    where: { id: batchId, status: { in: ["queued", "running"] } },
    data: { status: "failed" },
  });
  if (count === 0) return;
  const open = await db.scenarioClip.findMany({ where: { batchId, status: { in: [...OPEN_CLIP_STATUSES] } }, select: { id: true } });
  await db.scenarioClip.updateMany({
    where: { batchId, status: { in: [...OPEN_CLIP_STATUSES] } },
    data: { status: "failed", error: error.slice(0, 2000) },
  });
  await recountBatch(db, batchId);
  const batch = await db.scenarioBatch.findUniqueOrThrow({ where: { id: batchId }, select: { appId: true, jobId: true } });
  await releaseUnspentClipFrames(
    batch.appId,
    open.map((c) => c.id),
  );
  if (batch.jobId) await updateJob(batch.jobId, { status: "failed", error });
  log.warn("scenario batch failed", { batchId, error });
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The job function. Outside its steps it reads nothing (the engine replays it from the top for
 * every request): the clip list comes memoized from `start`.
 */
export async function runBatchJob(batchId: string, steps: StepRunner): Promise<BatchOutcome> {
  const started = await steps.run<Started>("start", () => startBatch(batchId));
  if ("ended" in started) return started;
  for (let i = 0; i < started.clips.length; i += started.lanes) {
    const wave = started.clips.slice(i, i + started.lanes);
    const id = `clips-${wave.map((clip) => clip.index).join("-")}`;
    let outcomes: string[];
    try {
      outcomes = await steps.run(id, () => processWave(batchId, wave));
    } catch (error) {
      // Its retries are spent: the clips still open fail (a settled one keeps its state).
      outcomes = await steps.run(`${id}:failed`, async () => {
        const ended: string[] = [];
        for (const clip of wave) ended.push(await failClip(batchId, clip.clipId, messageOf(error)));
        return ended;
      });
    }
    if (outcomes.includes("cancelled")) return { ended: "cancelled" };
  }
  return steps.run("complete", () => completeBatch(batchId));
}

/**
 * A lane's worth of clips, side by side, in one step. Parallel steps would each cost a request
 * that replays the whole run (every clip before them); here the run's steps follow one another
 * and the engine checkpoints each in the same request. A clip that throws fails the step, which
 * is retried: the clips that settled are skipped (processClip is safe twice), the others go again.
 */
async function processWave(batchId: string, wave: ClipRef[]): Promise<string[]> {
  const outcomes = await Promise.allSettled(wave.map((clip) => processClip(batchId, clip.clipId)));
  const failed = outcomes.find((outcome) => outcome.status === "rejected");
  if (failed) throw failed.reason;
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<string>).value);
}
