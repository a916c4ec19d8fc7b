import { randomUUID } from "node:crypto";
import { getDb, Prisma, type DbClient } from "@/lib/db";
import type { World } from "@/lib/kernel";
import { createKindJob, updateJob } from "@/lib/generation/jobs";
import type { Caller } from "@/lib/shared/caller";
import type { ClipSpec, CreateBatchBody } from "./requests";

/*
 * The Prisma and SQL of the Scenario Studio's tables (prisma/schema/scenarios.prisma). The job
 * and the API move clips only through the conditional updates here (a status guard in the WHERE),
 * so a step run twice, a cancel racing a render, or two accepts never move a clip twice.
 */

/** Clip statuses that never change again. */
export const FINAL_CLIP_STATUSES = ["accepted", "rejected", "failed", "cancelled"] as const;
/** Statuses of a clip the job has not finished with. */
export const OPEN_CLIP_STATUSES = ["queued", "rendering", "verifying"] as const;

/** What a batch read answers with: every column but the submitted graph. */
export const BATCH_COLUMNS = { omit: { graph: true, baseUrl: true } } as const;
export type BatchRow = Prisma.ScenarioBatchGetPayload<typeof BATCH_COLUMNS>;
export type ClipRow = Prisma.ScenarioClipGetPayload<object>;
export type BatchWithClips = BatchRow & { clips: ClipRow[] };

export interface NewBatch {
  world: { id: string; rev: string; graph: World };
  body: CreateBatchBody;
  baseUrl: string;
}

/**
 * Inserts a batch, its clips and its job in one transaction. `created_at` is assigned here, not by
 * a column default: GREATEST(now, the app+mode's newest batch + 1 ms), under an advisory lock of
 * the app+mode, so no two batches of one app and mode share a createdAt and the list pages by it
 * alone (docs/scenarios.md "Paging"). The unique index (app_id, mode, created_at) backs it up.
 */
export async function insertBatch(caller: Caller, input: NewBatch): Promise<BatchWithClips> {
  const db = await getDb();
  const batchId = randomUUID();
  const jobId = randomUUID();
  const { body } = input;
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('scenario_batches'), hashtext(${`${caller.appId}:${caller.mode}`}))`;
      await tx.$executeRaw`
      INSERT INTO scenario_batches (id, app_id, mode, world_id, rev, graph, base_url, name, review, items_total, job_id, created_at, updated_at)
      SELECT ${batchId}::uuid, ${caller.appId}::uuid, ${caller.mode}, ${input.world.id}::uuid, ${input.world.rev}, ${JSON.stringify(input.world.graph)}::jsonb,
             ${input.baseUrl}, ${body.name ?? null}, ${body.review}, ${body.clips.length}, ${jobId}::uuid, t.at, t.at
      FROM (SELECT GREATEST(date_trunc('milliseconds', clock_timestamp()),
                            (SELECT max(created_at) FROM scenario_batches WHERE app_id = ${caller.appId}::uuid AND mode = ${caller.mode}) + interval '1 millisecond') AS at) AS t`;
      await tx.scenarioClip.createMany({ data: body.clips.map((spec, index) => clipData(batchId, index, spec)) });
      await createKindJob(tx, caller, { id: jobId, kind: "scenario_batch", worldId: input.world.id, input: { batchId } });
      return readBatchWith(tx, batchId);
      // Submits of one app queue on its lock, each holding a pooled connection: a burst of them
      // waits its turn for a connection rather than failing after Prisma's default 2 s.
    },
    { maxWait: 15_000, timeout: 20_000 },
  );
}

function clipData(batchId: string, index: number, spec: ClipSpec) {
  return {
    id: randomUUID(),
    batchId,
    index,
    customId: spec.customId ?? null,
    kind: spec.kind,
    spec: spec as unknown as Prisma.InputJsonObject,
  };
}

async function readBatchWith(db: DbClient, batchId: string): Promise<BatchWithClips> {
  return db.scenarioBatch.findUniqueOrThrow({
    where: { id: batchId },
    ...BATCH_COLUMNS,
    include: { clips: { orderBy: { index: "asc" } } },
  });
}

/** A batch of the caller's app and mode with its clips, or null. */
export async function findBatch(caller: Caller, batchId: string): Promise<BatchWithClips | null> {
  const db = await getDb();
  return db.scenarioBatch.findFirst({
    where: { id: batchId, appId: caller.appId, mode: caller.mode },
    ...BATCH_COLUMNS,
    include: { clips: { orderBy: { index: "asc" } } },
  });
}

/** Newest first, strictly older than `before` (the previous page's last createdAt). */
export async function findBatchPage(caller: Caller, limit: number, before?: Date): Promise<BatchRow[]> {
  const db = await getDb();
  return db.scenarioBatch.findMany({
    where: { appId: caller.appId, mode: caller.mode, ...(before ? { createdAt: { lt: before } } : {}) },
    orderBy: { createdAt: "desc" },
    take: limit,
    ...BATCH_COLUMNS,
  });
}

/**
 * Recounts a batch's clips by status into its counters (never increments: a step run twice
 * recounts the same) in one statement, then its job's progress.
 */
export async function recountBatch(db: DbClient, batchId: string): Promise<void> {
  const [batch] = await db.$queryRaw<{ job_id: string | null; items_done: number; items_total: number }[]>`
    WITH c AS (
      SELECT count(*) FILTER (WHERE status = 'accepted')::int AS accepted,
             count(*) FILTER (WHERE status = 'rejected')::int AS rejected,
             count(*) FILTER (WHERE status = 'failed')::int AS failed,
             count(*) FILTER (WHERE status = 'pending_review')::int AS pending_review,
             count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled
      FROM scenario_clips WHERE batch_id = ${batchId}::uuid
    ), b AS (
      UPDATE scenario_batches AS b
      SET accepted = c.accepted, rejected = c.rejected, failed = c.failed, pending_review = c.pending_review, cancelled = c.cancelled,
          items_done = c.accepted + c.rejected + c.failed + c.pending_review + c.cancelled, updated_at = now()
      FROM c WHERE b.id = ${batchId}::uuid
      RETURNING b.job_id, b.items_done, b.items_total
    )
    SELECT job_id, items_done, items_total FROM b`;
  if (batch?.job_id && batch.items_total > 0) await updateJob(batch.job_id, { progress: batch.items_done / batch.items_total }, { db });
}

/**
 * queued | running → cancelled, with every clip not yet final (a clip waiting for review is
 * final for the job: it stays) and the job. One transaction; false when the batch had ended.
 */
export async function cancelBatchRows(batchId: string, reason = "cancelled by request"): Promise<boolean> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const { count } = await tx.scenarioBatch.updateMany({
      where: { id: batchId, status: { in: ["queued", "running"] } },
      data: { status: "cancelled" },
    });
    if (count === 0) return false;
    await tx.scenarioClip.updateMany({ where: { batchId, status: { in: [...OPEN_CLIP_STATUSES] } }, data: { status: "cancelled" } });
    const batch = await tx.scenarioBatch.findUniqueOrThrow({ where: { id: batchId }, select: { jobId: true } });
    if (batch.jobId) await updateJob(batch.jobId, { status: "cancelled", phase: "cancelled", error: reason }, { db: tx });
    await recountBatch(tx, batchId);
    return true;
  });
}

/** Moves one clip from one of `from` to `to` with `data`; false when it was not in `from`. */
export async function moveClip(
  clipId: string,
  from: readonly string[],
  to: string,
  data: Prisma.ScenarioClipUpdateManyMutationInput = {},
): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.scenarioClip.updateMany({ where: { id: clipId, status: { in: [...from] } }, data: { ...data, status: to } });
  return count === 1;
}
