import type { SimDataset as DatasetRow } from "@/lib/db/generated/client";
import type { CreateDatasetBody } from "./requests";

/** One file of a finished dataset: a content-addressed asset. */
export interface DatasetFile {
  name: "episodes.jsonl" | "dataset.npz";
  url: string;
  bytes: number;
  mimeType: string;
}

export type DatasetStatus = "queued" | "running" | "succeeded" | "failed";

/** A dataset as the API shows it. */
export function toDataset(row: DatasetRow) {
  const params = row.params as unknown as CreateDatasetBody;
  return {
    datasetId: row.id,
    worldId: row.worldId,
    status: row.status as DatasetStatus,
    phase: row.phase,
    progress: row.progress,
    episodes: params.episodes,
    policy: params.policy,
    camera: params.camera,
    seed: params.seed,
    maxSteps: params.maxSteps,
    worldRev: row.worldRev,
    steps: row.steps,
    files: (row.files as unknown as DatasetFile[] | null) ?? [],
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
