"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./client";
import { jobKeys } from "./jobs";
import type { Campaign, CampaignStarted, GenerationJob, Mode } from "./types";

export type { Campaign, CampaignChapter, CampaignStarted, CampaignStatus } from "./types";

/** How often a campaign being authored is polled. */
export const CAMPAIGN_POLL_MS = 1000;

export interface CampaignScope {
  appId: string;
  mode: Mode;
}

export const campaignKeys = {
  campaign: (appId: string, mode: Mode, id: string) => ["campaigns", appId, mode, id] as const,
};

const campaignPath = (id: string) => `/v1/campaigns/${encodeURIComponent(id)}`;

/** POST /v1/campaigns's body as the Studio sends it (docs/api.md "Campaigns"). */
export interface CreateCampaignInput {
  text: string;
  name?: string;
  fidelity?: "faithful" | "spirit";
  target_acts?: number;
}

/**
 * A campaign, seeded by the page's server render, polled while it is authoring (chapters,
 * `actsDone`/`actsTotal`) and no longer once it stopped or completed.
 */
export function useCampaign(scope: CampaignScope, initial: Campaign) {
  return useQuery({
    queryKey: campaignKeys.campaign(scope.appId, scope.mode, initial.id),
    queryFn: ({ signal }) => apiFetch<Campaign>(campaignPath(initial.id), { signal, app: scope }),
    initialData: initial,
    initialDataUpdatedAt: 0,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === "authoring" ? CAMPAIGN_POLL_MS : false),
    refetchIntervalInBackground: true,
    retry: 3,
  });
}

export function useCreateCampaign() {
  return useMutation({
    mutationFn: ({ scope, input }: { scope: CampaignScope; input: CreateCampaignInput }) =>
      apiFetch<CampaignStarted>("/v1/campaigns", { method: "POST", body: input, app: scope }),
  });
}

/** POST /v1/campaigns/{id}/resume: a partial or failed campaign goes on under a new job. */
export function useResumeCampaign(scope: CampaignScope, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<CampaignStarted>(`${campaignPath(id)}/resume`, { method: "POST", app: scope }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.campaign(scope.appId, scope.mode, id) }),
  });
}

/**
 * The campaign's job (GET /v1/jobs/{jobId}): its phase while authoring and, once it stopped, its
 * `error` (a quota stop starts with `quota_exceeded`). Polled while the campaign is authoring.
 */
export function useCampaignJob(scope: CampaignScope, jobId: string | null, authoring: boolean) {
  return useQuery({
    queryKey: jobKeys.job(scope.appId, scope.mode, jobId ?? "none"),
    queryFn: ({ signal }) => apiFetch<GenerationJob>(`/v1/jobs/${encodeURIComponent(jobId!)}`, { signal, app: scope }),
    enabled: jobId !== null,
    staleTime: 0,
    refetchInterval: authoring ? CAMPAIGN_POLL_MS : false,
    refetchIntervalInBackground: true,
    retry: 3,
  });
}
