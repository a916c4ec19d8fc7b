import { z } from "zod";
import { body, ZTimestamp, ZUuid } from "./response-parts";

// The response body of /v1/worlds/{id}/datasets (docs/simulation.md "In the Studio"); beside
// responses.ts, spread into its RESPONSE_SCHEMAS.

export const ZDataset = body({
  datasetId: ZUuid,
  worldId: ZUuid,
  status: z.enum(["queued", "running", "succeeded", "failed"]),
  phase: z.string().nullable().describe("queued, rolling out, storing, done or failed"),
  progress: z.number().min(0).max(1),
  episodes: z.number().int(),
  policy: z.enum(["random", "explore"]),
  camera: z.number().int().describe("camera pixels a side; 0: none"),
  seed: z.number().int(),
  maxSteps: z.number().int(),
  worldRev: z.string().describe("the graph's rev: the one the export ran on once it ran"),
  steps: z.number().int().nullable().describe("rows written, once it succeeded"),
  files: z
    .array(
      z.object({
        name: z.enum(["episodes.jsonl", "dataset.npz"]),
        url: z
          .string()
          .describe(
            "the hosted file: PUBLIC_URL (else the origin the request addressed) + `/assets/<sha256>.<ext>`, or the bucket's public URL",
          ),
        bytes: z.number().int(),
        mimeType: z.string(),
      }),
    )
    .describe("empty until it succeeded; then the JSONL episodes and the NPZ, as `sim export` writes them"),
  error: z.string().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});

export const DATASET_RESPONSE_SCHEMAS = { Dataset: ZDataset };
