import { z } from "zod";
import { getDb, Prisma } from "@/lib/db";
import type { GenerationJob } from "@/lib/db/generated/client";
import { ApiError, notFound } from "@/lib/errors";
import { releaseQuota } from "@/lib/quota/quota";
import type { Caller } from "@/lib/shared/caller";

/** Job states and the moves between them (CONTRACT.md "Jobs"). */
export const JOB_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/**
 * What a job makes (docs/api.md "Jobs"): one world (`POST /v1/worlds` async), a campaign's chapter
 * worlds from a book, a scenario batch's clips, a simulator dataset's files.
 */
export const JOB_KINDS = ["world", "from_book", "scenario_batch", "dataset"] as const;
export type JobKind = (typeof JOB_KINDS)[number];
const TERMINAL: ReadonlySet<string> = new Set(["succeeded", "failed", "cancelled"]);

/** The GenerationJob resource of the spec. */
export function serializeJob(job: GenerationJob) {
  return {
    jobId: job.id,
    kind: job.kind as JobKind,
    status: job.status as JobStatus,
    phase: job.phase,
    progress: job.progress,
    // A single-world job names its world only once it exists.
    worldId: job.kind === "world" && job.status !== "succeeded" ? null : job.worldId,
    campaignId: job.campaignId,
    actsDone: job.actsDone,
    actsTotal: job.actsTotal,
    error: job.error,
    provider: job.provider,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}
export type JobView = ReturnType<typeof serializeJob>;

/** A job id, or `test_mock`: the mock campaign job of a test key (lib/campaigns). */
export const ZJobParams = z.object({ jobId: z.union([z.uuid(), z.literal("test_mock")]) });

export async function getJobOrThrow(caller: Caller, jobId: string): Promise<GenerationJob> {
  const db = await getDb();
  const job = await db.generationJob.findFirst({ where: { id: jobId, appId: caller.appId, mode: caller.mode } });
  if (!job) throw notFound("Job");
  return job;
}

export async function createJob(caller: Caller, data: { worldId: string; input: unknown; quotaDay: Date }): Promise<GenerationJob> {
  const db = await getDb();
  return db.generationJob.create({
    data: {
      appId: caller.appId,
      mode: caller.mode,
      worldId: data.worldId,
      input: data.input as Prisma.InputJsonValue,
      quotaDay: data.quotaDay,
      phase: "queued",
    },
  });
}

/**
 * The job of another domain's durable work (`dataset`): its id is that work's own id, so that
 * `GET /v1/jobs/{id}` and the domain's resource name the same thing. In the caller's transaction.
 */
export async function createKindJob(
  db: Prisma.TransactionClient,
  caller: Caller,
  data: { id: string; kind: Exclude<JobKind, "world">; worldId: string; input: unknown },
): Promise<void> {
  await db.generationJob.create({
    data: {
      id: data.id,
      appId: caller.appId,
      mode: caller.mode,
      kind: data.kind,
      worldId: data.worldId,
      input: data.input as Prisma.InputJsonValue,
      phase: "queued",
    },
  });
}

/** Mirrors a domain's own status record onto its job (a job that has ended is left alone). */
export async function mirrorJob(
  jobId: string,
  data: Partial<Pick<GenerationJob, "status" | "phase" | "progress" | "error">>,
): Promise<void> {
  const db = await getDb();
  await db.generationJob.updateMany({ where: { id: jobId, status: { in: ["queued", "running"] } }, data });
}

/**
 * Moves a job forward unless it has already ended: a cancelled job stays cancelled whatever a
 * late step reports. Returns false when the job had ended (the caller should stop).
 */
export async function updateJob(
  jobId: string,
  data: Partial<Pick<GenerationJob, "status" | "phase" | "progress" | "error" | "provider" | "worldId">>,
): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.generationJob.updateMany({ where: { id: jobId, status: { in: ["queued", "running"] } }, data });
  return count === 1;
}

/**
 * Progress only moves forward: a durable job's code outside its steps runs again on every
 * replay, and a replayed report must not pull the bar back.
 */
export async function reportProgress(jobId: string, phase: string, progress: number, provider?: string): Promise<void> {
  const db = await getDb();
  await db.generationJob.updateMany({
    where: { id: jobId, status: { in: ["queued", "running"] }, progress: { lte: progress } },
    data: { status: "running", phase, progress, ...(provider ? { provider } : {}) },
  });
}

export async function isJobCancelled(jobId: string): Promise<boolean> {
  const db = await getDb();
  const job = await db.generationJob.findUnique({ where: { id: jobId }, select: { status: true } });
  return job?.status === "cancelled";
}

/** queued | running → cancelled; a job that has ended: 409. */
export async function cancelJob(caller: Caller, jobId: string): Promise<GenerationJob> {
  const job = await getJobOrThrow(caller, jobId);
  if (TERMINAL.has(job.status))
    throw new ApiError("conflict", `The job has already ${job.status === "cancelled" ? "been cancelled" : job.status}.`);
  const cancelled = await updateJob(jobId, { status: "cancelled", phase: "cancelled", error: "cancelled by request" });
  if (!cancelled) return cancelJob(caller, jobId); // it ended meanwhile: answer with what it became
  await releaseJobQuota(jobId);
  return getJobOrThrow(caller, jobId);
}

/** Gives the job's quota unit back, once: the job's `quota_day` is cleared as it is released. */
export async function releaseJobQuota(jobId: string): Promise<void> {
  const db = await getDb();
  const job = await db.generationJob.findUniqueOrThrow({ where: { id: jobId } });
  // The world exists only if the job got that far; then the unit was spent.
  const delivered = job.worldId ? await db.world.findUnique({ where: { id: job.worldId }, select: { id: true } }) : null;
  if (!job.quotaDay || delivered) return;
  const { count } = await db.generationJob.updateMany({ where: { id: jobId, quotaDay: { not: null } }, data: { quotaDay: null } });
  if (count === 1) await releaseQuota({ appId: job.appId, kind: "generation", units: 1, day: job.quotaDay });
}
