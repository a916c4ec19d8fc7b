"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "./client";
import type { Mode, Usage } from "./types";

export type { Usage } from "./types";

export const usageKeys = {
  usage: (appId: string, mode: Mode) => ["usage", appId, mode] as const,
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
