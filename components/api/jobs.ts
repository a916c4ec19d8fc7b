"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./client";
import type { Mode } from "./types";

/** Spec "GenerationJob" (lib/openapi/responses.ts ZGenerationJob). */
export type JobStatus = "queued" | "running" | "succeeded" | "failed" | "cancelled";

export interface GenerationJob {
  jobId: string;
  status: JobStatus;
  /** The stage: queued, authoring, painting, saving, … (null before the job starts). */
  phase: string | null;
  /** 0..1, only ever rises. */
  progress: number;
  /** Set once the world exists (status `succeeded`). */
  worldId: string | null;
  campaignId: string | null;
  actsDone: number | null;
  actsTotal: number | null;
  error: string | null;
  provider: string | null;
  createdAt: string;
  updatedAt: string;
}

export const isJobDone = (status: JobStatus) => status === "succeeded" || status === "failed" || status === "cancelled";

/** How often a running job is polled. */
export const JOB_POLL_MS = 700;

export const jobKeys = {
  job: (appId: string, mode: Mode, jobId: string) => ["jobs", appId, mode, jobId] as const,
};

const jobPath = (jobId: string) => `/v1/jobs/${encodeURIComponent(jobId)}`;

/**
 * A job, polled until it ends. `initialData` is the 202 of the create, so the progress bar
 * shows at once.
 */
export function useJob(scope: { appId: string; mode: Mode }, job: GenerationJob | null) {
  return useQuery({
    queryKey: jobKeys.job(scope.appId, scope.mode, job?.jobId ?? "none"),
    queryFn: ({ signal }) => apiFetch<GenerationJob>(jobPath(job!.jobId), { signal, app: scope }),
    enabled: job !== null,
    initialData: job ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isJobDone(query.state.data.status) ? false : JOB_POLL_MS),
    refetchIntervalInBackground: true,
    // A blip while polling should not end the bar: keep trying a few times.
    retry: 3,
  });
}

export function useCancelJob(scope: { appId: string; mode: Mode }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => apiFetch<GenerationJob>(`${jobPath(jobId)}/cancel`, { method: "POST", app: scope }),
    onSuccess: (job) => queryClient.setQueryData(jobKeys.job(scope.appId, scope.mode, job.jobId), job),
  });
}
