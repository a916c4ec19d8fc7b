import type { BatchRow, ClipRow } from "./store";
import type { ClipVerification } from "./verify";

/* Rows → the Scenario Studio's response bodies (lib/openapi/responses-scenarios.ts). */

type BatchStatus = "queued" | "running" | "completed" | "cancelled" | "failed";
type ClipStatus = "queued" | "rendering" | "verifying" | "pending_review" | "accepted" | "rejected" | "failed" | "cancelled";

/** The batch summary. `createdAt` has exactly the stored precision (ms), so it round-trips as the list's cursor. */
export function serializeBatch(batch: BatchRow) {
  return {
    batchId: batch.id,
    name: batch.name,
    worldId: batch.worldId,
    rev: batch.rev,
    review: batch.review as "auto" | "manual",
    status: batch.status as BatchStatus,
    itemsTotal: batch.itemsTotal,
    itemsDone: batch.itemsDone,
    counts: {
      accepted: batch.accepted,
      rejected: batch.rejected,
      failed: batch.failed,
      pendingReview: batch.pendingReview,
      cancelled: batch.cancelled,
    },
    createdAt: batch.createdAt.toISOString(),
    updatedAt: batch.updatedAt.toISOString(),
    // Test keys get deterministic mocks (the mock painter), and say so.
    ...(batch.mode === "test" ? { mock: true as const } : {}),
  };
}

export function serializeClip(clip: ClipRow) {
  return {
    clipId: clip.id,
    index: clip.index,
    customId: clip.customId,
    kind: clip.kind as "variation" | "counterfactual",
    status: clip.status as ClipStatus,
    states: clip.states,
    frames: clip.frames,
    preview: clip.preview,
    verification: (clip.verification as ClipVerification | null) ?? null,
    error: clip.error,
    charged: clip.chargedAt !== null,
  };
}

export function serializeBatchWithClips(batch: BatchRow & { clips: ClipRow[] }) {
  return { ...serializeBatch(batch), clips: batch.clips.map(serializeClip) };
}
