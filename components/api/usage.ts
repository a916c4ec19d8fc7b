"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "./client";
import type { Mode } from "./types";

/** GET /v1/usage (ZUsage): today's quota use against the app's effective caps, and billing. */
export interface Usage {
  /** Today in UTC, YYYY-MM-DD. */
  day: string;
  quotas: Record<string, { used: number; cap: number }>;
  billing: { sessionSeconds: number; chatSeconds: number };
}

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
