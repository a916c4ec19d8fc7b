"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "./client";
import type { Mode, Usage, UsageHistory } from "./types";

export type { Usage, UsageHistory } from "./types";

export const usageKeys = {
  usage: (appId: string, mode: Mode) => ["usage", appId, mode] as const,
  history: (appId: string, mode: Mode, days: number) => ["usage", appId, mode, "history", days] as const,
};

/** Usage of an app, acting for it in `mode` (billing is per mode; quotas are per app). */
export function useUsage(appId: string, mode: Mode = "live") {
  return useQuery({
    queryKey: usageKeys.usage(appId, mode),
    queryFn: ({ signal }) => apiFetch<Usage>("/v1/usage", { signal, app: { appId, mode } }),
    staleTime: 10_000,
    refetchOnMount: "always",
  });
}

/** The last `days` UTC days of the app's usage in `mode`: the charts' data and the ledger's rows. */
export function useUsageHistory(appId: string, mode: Mode = "live", days = 30) {
  return useQuery({
    queryKey: usageKeys.history(appId, mode, days),
    queryFn: ({ signal }) => apiFetch<UsageHistory>(`/v1/usage/history?days=${days}`, { signal, app: { appId, mode } }),
    staleTime: 30_000,
    refetchOnMount: "always",
  });
}
