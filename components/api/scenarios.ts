"use client";

import { useEffect } from "react";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { CreateBatchBody } from "@/lib/shared/scenario-plan";
import { apiFetch } from "./client";
import type { Batch, BatchList, BatchStarted, BatchStatus, BatchSummary, Mode, ReviewedClip } from "./types";

export type { Batch, BatchList, BatchStarted, BatchStatus, BatchSummary, Clip, ClipCheck, ClipStatus } from "./types";

/* Scenario batches through the developer API, the Studio acting for one app (`X-App-Id`, `X-App-Mode`). */

/** How often a batch that is still queued or running is polled. */
export const BATCH_POLL_MS = 1000;
/** Batches a page of the list holds. */
export const BATCH_PAGE = 20;

export interface ScenarioScope {
  appId: string;
  mode: Mode;
}

export const isBatchLive = (status: BatchStatus) => status === "queued" || status === "running";

export const scenarioKeys = {
  all: (scope: ScenarioScope) => ["scenario-batches", scope.appId, scope.mode] as const,
  list: (scope: ScenarioScope) => ["scenario-batches", scope.appId, scope.mode, "list"] as const,
  batch: (scope: ScenarioScope, id: string) => ["scenario-batches", scope.appId, scope.mode, "batch", id] as const,
};

const batchPath = (id: string) => `/v1/scenario-batches/${encodeURIComponent(id)}`;

/** The app's batches, newest first, a page at a time (`nextCursor`, "Load more"); refreshed while one of them runs. */
export function useBatches(scope: ScenarioScope) {
  return useInfiniteQuery({
    queryKey: scenarioKeys.list(scope),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<BatchList>(`/v1/scenario-batches?limit=${BATCH_PAGE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`, {
        signal,
        app: scope,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.batches.some((b) => isBatchLive(b.status))) ? BATCH_POLL_MS * 3 : false,
  });
}

/** One batch with its clips, polled every second while it is queued or running; the list's row follows it. */
export function useBatch(scope: ScenarioScope, id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: scenarioKeys.batch(scope, id ?? "none"),
    queryFn: ({ signal }) => apiFetch<Batch>(batchPath(id!), { signal, app: scope }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && !isBatchLive(query.state.data.status) ? false : BATCH_POLL_MS),
    retry: 3,
  });
  const batch = query.data;
  useEffect(() => {
    if (batch)
      patchListRow(queryClient, scope, {
        batchId: batch.batchId,
        status: batch.status,
        itemsDone: batch.itemsDone,
        counts: batch.counts,
        updatedAt: batch.updatedAt,
      });
  }, [batch, queryClient, scope]);
  return query;
}

/** The list row of a batch, updated from a fresher read without waiting for the list's own refetch. */
function patchListRow(queryClient: QueryClient, scope: ScenarioScope, summary: Partial<BatchSummary> & { batchId: string }) {
  queryClient.setQueryData<{ pages: BatchList[]; pageParams: unknown[] }>(scenarioKeys.list(scope), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            batches: p.batches.map((b) => (b.batchId === summary.batchId ? { ...b, ...summary } : b)),
          })),
        }
      : data,
  );
}

/**
 * POST /v1/scenario-batches. `idempotencyKey` is one per plan sent: a retry of the same plan (a
 * lost answer) replays the first batch instead of making a second.
 */
export function useCreateBatch(scope: ScenarioScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateBatchBody; idempotencyKey: string }) =>
      apiFetch<BatchStarted>("/v1/scenario-batches", { method: "POST", body, headers: { "idempotency-key": idempotencyKey }, app: scope }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scenarioKeys.list(scope) }),
  });
}

/** POST /v1/scenario-batches/{id}/cancel: clips not yet finished are cancelled and never charged. */
export function useCancelBatch(scope: ScenarioScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<BatchSummary>(`${batchPath(id)}/cancel`, { method: "POST", app: scope }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scenarioKeys.all(scope) }),
  });
}

/** Accept or reject a clip waiting for review (manual review only; the API answers 409 otherwise). */
export function useReviewClip(scope: ScenarioScope, batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clipId, verdict }: { clipId: string; verdict: "accept" | "reject" }) =>
      apiFetch<ReviewedClip>(`${batchPath(batchId)}/clips/${encodeURIComponent(clipId)}/${verdict}`, { method: "POST", app: scope }),
    onSuccess: (clip) => {
      queryClient.setQueryData<Batch>(scenarioKeys.batch(scope, batchId), (batch) =>
        batch ? { ...batch, clips: batch.clips.map((c) => (c.clipId === clip.clipId ? { ...c, ...clip } : c)) } : batch,
      );
    },
    // The batch's counts (and the list's row) move with the verdict: read them again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: scenarioKeys.batch(scope, batchId) }),
  });
}
