"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./client";
import type { GenerationJob, JobStatus, Mode } from "./types";

export type { GenerationJob, JobStatus } from "./types";

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
