import { z } from "zod";
import { ZId } from "@/lib/shared/params";
import { POLICIES } from "@/lib/sim/policy";
import { SIM } from "@/lib/sim/spec";

/**
 * What one export may ask for, so a dataset stays small enough to store as two files and
 * download (docs/simulation.md "In the Studio"): about 280 bytes a step without a camera, plus
 * SIZE×SIZE×3 bytes (and their base64 in the JSONL) with one. Larger datasets are what
 * `npm run worlds -- sim export` is for.
 */
export const DATASET_LIMITS = {
  episodes: 100,
  maxSteps: 1000,
  /** episodes × maxSteps without a camera (≈ 14 MB of files). */
  steps: 50_000,
  camera: 64,
  /** episodes × maxSteps with a camera (a 64×64 camera: ≈ 57 MB of files). */
  cameraSteps: 2_000,
} as const;

/** POST /v1/worlds/{id}/datasets. */
export const ZCreateDatasetBody = z
  .strictObject({
    episodes: z.number().int().min(1).max(DATASET_LIMITS.episodes).describe("episodes to roll out"),
    policy: z.enum(POLICIES).default("explore").describe("`random` (uniform actions) or `explore` (novelty-seeking, docs/simulation.md)"),
    camera: z
      .number()
      .int()
      .min(0)
      .max(DATASET_LIMITS.camera)
      .refine((v) => v === 0 || v >= SIM.minCamera, { message: `0 (no camera) or ${SIM.minCamera}..${DATASET_LIMITS.camera}` })
      .default(0)
      .describe(`camera pixels a side, ${SIM.minCamera}..${DATASET_LIMITS.camera}; 0 or absent: no camera`),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .default(0)
      .describe("the same seed gives the same bytes"),
    maxSteps: z.number().int().min(1).max(DATASET_LIMITS.maxSteps).default(200).describe("steps before an episode is truncated"),
  })
  .superRefine((body, ctx) => {
    const cap = body.camera > 0 ? DATASET_LIMITS.cameraSteps : DATASET_LIMITS.steps;
    if (body.episodes * body.maxSteps > cap) {
      ctx.addIssue({
        code: "custom",
        path: ["episodes"],
        message: `episodes × maxSteps may be at most ${cap.toLocaleString("en-US")}${body.camera > 0 ? " with a camera" : ""} (asked ${(body.episodes * body.maxSteps).toLocaleString("en-US")}); larger datasets: npm run worlds -- sim export`,
      });
    }
  });
export type CreateDatasetBody = z.infer<typeof ZCreateDatasetBody>;

export const ZDatasetParams = z.object({ id: ZId, datasetId: ZId });
