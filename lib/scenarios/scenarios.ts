import { z } from "zod";
import { getDb } from "@/lib/db";
import { ApiError, notFound } from "@/lib/errors";
import { deleteJob } from "@/lib/generation/jobs";
import { inngest } from "@/lib/jobs/client";
import { sendOrUndo } from "@/lib/jobs/send";
import type { Diagnostic } from "@/lib/kernel";
import type { Caller } from "@/lib/shared/caller";
import { getWorldOrThrow } from "@/lib/worlds/worlds";
import { pageOf } from "@/lib/paging";
import { acceptClipRow } from "./charge";
import { planClip } from "./clip";
import { scenarioBatchCancelled, scenarioBatchRequested } from "./events";
import type { CreateBatchBody } from "./requests";
import {
  cancelBatchRows,
  findBatch,
  findBatchPage,
  insertBatch,
  moveClip,
  recountBatch,
  type BatchRow,
  type BatchWithClips,
  type ClipRow,
} from "./store";

/*
 * The Scenario Studio's API (docs/api.md "Scenario batches", docs/scenarios.md): verb-noun
 * functions over a Caller. Nothing here charges but acceptClip, through acceptClipRow.
 */

/**
 * POST /v1/scenario-batches: every clip is planned against the world's current graph first; any
 * refusal is a 422 naming each refused clip (`clips[3]: …`) and nothing is stored. Then the batch
 * (with that graph and its rev), its clips and its job in one transaction, and the job queued.
 * Nothing is charged. Test keys run the same job with the mock painter and never charge.
 */
export async function createBatch(caller: Caller, body: CreateBatchBody, baseUrl: string): Promise<BatchWithClips> {
  if (!z.uuid().safeParse(body.worldId).success) throw notFound("World");
  const world = await getWorldOrThrow(caller, body.worldId);
  if (world.kind !== "world") throw notFound("World");
  const errors: string[] = [];
  let diagnostics: Diagnostic[] | undefined;
  body.clips.forEach((spec, index) => {
    const planned = planClip(world.graph, spec);
    if (planned.ok) return;
    errors.push(`clips[${index}]: ${planned.reason}`);
    if (!diagnostics && planned.diagnostics?.length) diagnostics = planned.diagnostics;
  });
  if (errors.length > 0) {
    const detail =
      errors.length === 1 ? `A clip cannot be planned: ${errors[0]}` : `${errors.length} clips cannot be planned; the first: ${errors[0]}`;
    throw new ApiError("validation_failed", detail, { errors, ...(diagnostics ? { diagnostics } : {}) });
  }
  const batch = await insertBatch(caller, { world: { id: world.id, rev: world.rev, graph: world.graph }, body, baseUrl });
  const undo = async () => {
    const db = await getDb();
    await db.$transaction(async (tx) => {
      await tx.scenarioBatch.deleteMany({ where: { id: batch.id } });
      if (batch.jobId) await deleteJob(tx, batch.jobId);
    });
  };
  const requested = scenarioBatchRequested.create({ batchId: batch.id, appId: caller.appId }, { id: `scenario-batch:${batch.id}` });
  await sendOrUndo(requested, { what: "The batch", undo, undone: "nothing was created" });
  return batch;
}

/** GET /v1/scenario-batches: newest first; `cursor` is the previous page's last `createdAt`. */
export async function listBatches(
  caller: Caller,
  limit: number,
  cursor?: string,
): Promise<{ rows: BatchRow[]; nextCursor: string | null }> {
  const rows = await findBatchPage(caller, limit + 1, cursor === undefined ? undefined : new Date(cursor));
  const { page, nextCursor } = pageOf(rows, limit, (last) => last.createdAt.toISOString());
  return { rows: page, nextCursor };
}

/** GET /v1/scenario-batches/{id}: the caller's batch with its clips in request order. */
export async function getBatchOrThrow(caller: Caller, batchId: string): Promise<BatchWithClips> {
  const batch = await findBatch(caller, batchId);
  if (!batch) throw notFound("Scenario batch");
  return batch;
}

/**
 * POST /v1/scenario-batches/{id}/cancel: queued | running → cancelled, with every clip not yet
 * final; the job stops before its next clip (a clip rendering now ends cancelled, uncharged).
 * 409 when the batch has ended.
 */
export async function cancelBatch(caller: Caller, batchId: string): Promise<BatchWithClips> {
  const batch = await getBatchOrThrow(caller, batchId);
  if (!(await cancelBatchRows(batch.id))) {
    const now = await getBatchOrThrow(caller, batchId);
    throw new ApiError("conflict", `The batch is already ${now.status}.`);
  }
  await inngest.send(scenarioBatchCancelled.create({ batchId })).catch(() => undefined); // the job also sees the status before each clip
  return getBatchOrThrow(caller, batchId);
}

/** A clip of the caller's batch that a person may review now, or the 404/409 that says why not. */
async function reviewableClip(caller: Caller, batchId: string, clipId: string): Promise<{ batch: BatchWithClips; clip: ClipRow }> {
  const batch = await getBatchOrThrow(caller, batchId);
  const clip = batch.clips.find((c) => c.id === clipId);
  if (!clip) throw notFound("Clip");
  if (batch.review !== "manual")
    throw new ApiError(
      "conflict",
      'This batch reviews its clips automatically (`review: "auto"`); only a manual batch\'s clips are accepted or rejected by hand.',
    );
  if (clip.status !== "pending_review")
    throw new ApiError("conflict", `The clip is ${clip.status}; only a clip pending review can be accepted or rejected.`);
  return { batch, clip };
}

async function answerClip(caller: Caller, batchId: string, clipId: string, moved: boolean): Promise<ClipRow> {
  const db = await getDb();
  if (moved) await recountBatch(db, batchId);
  const clip = (await getBatchOrThrow(caller, batchId)).clips.find((c) => c.id === clipId)!;
  if (!moved) throw new ApiError("conflict", `The clip is ${clip.status}; only a clip pending review can be accepted or rejected.`);
  return clip;
}

/** POST …/clips/{clipId}/accept: pending_review → accepted; a live clip is charged once, in the same statement. */
export async function acceptClip(caller: Caller, batchId: string, clipId: string): Promise<ClipRow> {
  await reviewableClip(caller, batchId, clipId);
  const { moved } = await acceptClipRow(await getDb(), clipId, ["pending_review"]);
  return answerClip(caller, batchId, clipId, moved);
}

/** POST …/clips/{clipId}/reject: pending_review → rejected; never charged. */
export async function rejectClip(caller: Caller, batchId: string, clipId: string): Promise<ClipRow> {
  await reviewableClip(caller, batchId, clipId);
  const moved = await moveClip(clipId, ["pending_review"], "rejected");
  return answerClip(caller, batchId, clipId, moved);
}
