import { z } from "zod";
import { getDb, Prisma, type DbClient } from "@/lib/db";
import type { GenerationJob } from "@/lib/db/generated/client";
import { ApiError, notFound } from "@/lib/errors";
import { releaseQuota } from "@/lib/quota/quota";
import type { Caller } from "@/lib/shared/caller";

/*
 * The GenerationJob row (`generation_jobs`, docs/api.md "Jobs") and its one owner: every domain
 * whose durable work a job reports (a world, a campaign, a scenario batch, a dataset) creates,
 * moves and reads its job through the functions here, and `GET /v1/jobs/{id}` reads it here.
 */

/** Job states and the moves between them (docs/api.md "Jobs"). */
export const JOB_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/**
 * What a job makes (docs/api.md "Jobs"): one world (`POST /v1/worlds` async), a campaign's chapter
 * worlds from a book, a scenario batch's clips, a simulator dataset's files.
 */
export const JOB_KINDS = ["world", "from_book", "scenario_batch", "dataset"] as const;
export type JobKind = (typeof JOB_KINDS)[number];
const TERMINAL: ReadonlySet<string> = new Set(["succeeded", "failed", "cancelled"]);
const OPEN = { in: ["queued", "running"] };

/** What a job's work may change of its row. */
export type JobChange = Partial<
  Pick<GenerationJob, "status" | "phase" | "progress" | "error" | "provider" | "worldId" | "actsDone" | "actsTotal">
>;

/** The GenerationJob resource (docs/api.md "Jobs"). */
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

/** The sentinel job of a test key's mock campaign (docs/campaigns.md): always done, never stored. */
export const TEST_MOCK_JOB_ID = "test_mock";

/** A job id, or `test_mock`: the mock campaign job of a test key. */
export const ZJobParams = z.object({ jobId: z.union([z.uuid(), z.literal(TEST_MOCK_JOB_ID)]) });

/** GET /v1/jobs/test_mock with a test key: the mock campaign's job, always done. */
export function mockCampaignJob(): JobView & { mock: true } {
  const epoch = new Date(0).toISOString();
  return {
    jobId: TEST_MOCK_JOB_ID,
    kind: "from_book",
    status: "succeeded",
    phase: null,
    progress: 0,
    worldId: null,
    campaignId: null,
    actsDone: 1,
    actsTotal: 1,
    error: null,
    provider: "mock",
    createdAt: epoch,
    updatedAt: epoch,
    mock: true,
  };
}

export async function getJobOrThrow(caller: Caller, jobId: string): Promise<GenerationJob> {
  const db = await getDb();
  const job = await db.generationJob.findFirst({ where: { id: jobId, appId: caller.appId, mode: caller.mode } });
  if (!job) throw notFound("Job");
  return job;
}

/** GET /v1/jobs/{jobId}: a job of the caller's, or the test key's mock campaign job. */
export async function getJobView(caller: Caller, jobId: string): Promise<JobView> {
  if (jobId === TEST_MOCK_JOB_ID) {
    if (caller.mode !== "test") throw notFound("Job");
    return mockCampaignJob();
  }
  return serializeJob(await getJobOrThrow(caller, jobId));
}

/** POST /v1/jobs/{jobId}/cancel; the mock campaign job has always ended (409). A campaign job stops between chapters. */
export async function cancelJobView(caller: Caller, jobId: string): Promise<JobView> {
  if (jobId === TEST_MOCK_JOB_ID) {
    if (caller.mode !== "test") throw notFound("Job");
    throw new ApiError("conflict", "The job has already succeeded.");
  }
  return serializeJob(await cancelJob(caller, jobId));
}

/** A job's row for its own work (the job function reads it by id). */
export async function readJob(jobId: string): Promise<GenerationJob> {
  const db = await getDb();
  return db.generationJob.findUniqueOrThrow({ where: { id: jobId } });
}

/** The job of an async world generation, holding one generation unit of `quotaDay`. */
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
 * The job of another domain's durable work (a campaign, a scenario batch, a dataset), in the
 * caller's transaction. A dataset's job has the dataset's id, so that `GET /v1/jobs/{id}` and
 * the domain's resource name the same thing.
 */
export async function createKindJob(
  db: DbClient,
  caller: Caller,
  data: { id: string; kind: Exclude<JobKind, "world">; input: unknown; campaignId?: string; phase?: string | null } & Pick<
    JobChange,
    "worldId" | "actsDone" | "actsTotal"
  >,
): Promise<void> {
  const { input, phase, ...rest } = data;
  await db.generationJob.create({
    data: {
      ...rest,
      appId: caller.appId,
      mode: caller.mode,
      input: input as Prisma.InputJsonValue,
      phase: phase === undefined ? "queued" : phase,
    },
  });
}

/** A job that was never queued goes (its work could not be queued; the caller undoes the rest). */
export async function deleteJob(db: DbClient, jobId: string): Promise<void> {
  await db.generationJob.deleteMany({ where: { id: jobId } });
}

/**
 * Moves a job forward unless it has already ended: a cancelled job stays cancelled whatever a
 * late step reports. Returns false when the job had ended (the caller should stop). `from`
 * narrows the move (`["queued"]`: a start that only the first run makes).
 */
export async function updateJob(
  jobId: string,
  data: JobChange,
  options: { db?: DbClient; from?: readonly JobStatus[] } = {},
): Promise<boolean> {
  const db = options.db ?? (await getDb());
  const status = options.from ? { in: [...options.from] } : OPEN;
  const { count } = await db.generationJob.updateMany({ where: { id: jobId, status }, data });
  return count === 1;
}

/** Mirrors a domain's own status record onto its job (a job that has ended is left alone). */
export async function mirrorJob(jobId: string, data: Pick<JobChange, "status" | "phase" | "progress" | "error">): Promise<void> {
  await updateJob(jobId, data);
}

/**
 * Records what a job's work has delivered so far (chapters counted, the first world, the
 * provider) whether or not the job has ended: a chapter stored as a cancel arrives still counts.
 */
export async function recordJobOutput(
  jobId: string,
  data: Pick<JobChange, "actsDone" | "actsTotal" | "worldId" | "provider">,
): Promise<void> {
  const db = await getDb();
  await db.generationJob.update({ where: { id: jobId }, data });
}

/**
 * Progress only moves forward: a durable job's code outside its steps runs again on every
 * replay, and a replayed report must not pull the bar back.
 */
export async function reportProgress(jobId: string, phase: string, progress: number, provider?: string): Promise<void> {
  const db = await getDb();
  await db.generationJob.updateMany({
    where: { id: jobId, status: OPEN, progress: { lte: progress } },
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
