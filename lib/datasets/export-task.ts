import type { World } from "@/lib/kernel";
import { exportDataset } from "@/lib/sim/export";
import type { PolicyName } from "@/lib/sim/policy";
import { buildSimWorld } from "@/lib/sim/room";

export interface ExportTaskInput {
  world: World;
  episodes: number;
  policy: PolicyName;
  camera: number;
  seed: number;
  maxSteps: number;
  /** The folder the exporter writes `episodes.jsonl` and `dataset.npz` into. */
  out: string;
}

/** A task of the CPU worker pool (workers/cpu.ts): the exporter of `sim export`, on plain data. */
export function exportDatasetTask(input: ExportTaskInput): { steps: number; episodes: number } {
  const sim = buildSimWorld(input.world, { maxSteps: input.maxSteps });
  const result = exportDataset({
    sim,
    episodes: input.episodes,
    policy: input.policy,
    camera: input.camera,
    seed: input.seed,
    out: input.out,
  });
  return { steps: result.steps, episodes: result.episodes };
}
