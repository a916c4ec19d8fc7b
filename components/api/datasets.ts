"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { apiFetch } from "./client";
import { JOB_POLL_MS } from "./jobs";
import type { Dataset } from "./types";
import { scopeOf, worldPath, type WorldRef } from "./worlds";

export type { Dataset } from "./types";

/** POST /v1/worlds/{id}/datasets: the request of an export (docs/simulation.md). */
export interface ExportDatasetInput {
  episodes: number;
  policy: "random" | "explore";
  camera?: number;
  seed?: number;
  maxSteps?: number;
}

export const isDatasetDone = (d: Pick<Dataset, "status">) => d.status === "succeeded" || d.status === "failed";

const datasetPath = (ref: WorldRef, datasetId?: string) =>
  `${worldPath(ref.worldId)}/datasets${datasetId ? `/${encodeURIComponent(datasetId)}` : ""}`;

/** Starts an export job; the 202 is the dataset, queued. */
export function useExportDataset(ref: WorldRef) {
  return useMutation({
    mutationFn: (input: ExportDatasetInput) => apiFetch<Dataset>(datasetPath(ref), { method: "POST", body: input, app: scopeOf(ref) }),
  });
}

/** A dataset, polled until its job ends; `initialData` is the 202, so the progress shows at once. */
export function useDataset(ref: WorldRef, dataset: Dataset | null) {
  return useQuery({
    queryKey: ["worlds", ref.appId, ref.mode, ref.worldId, "datasets", dataset?.datasetId ?? "none"],
    queryFn: ({ signal }) => apiFetch<Dataset>(datasetPath(ref, dataset!.datasetId), { signal, app: scopeOf(ref) }),
    enabled: dataset !== null,
    initialData: dataset ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isDatasetDone(query.state.data) ? false : JOB_POLL_MS),
    refetchIntervalInBackground: true,
    retry: 3,
  });
}
