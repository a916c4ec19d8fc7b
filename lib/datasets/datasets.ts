import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { storeAsset } from "@/lib/assets/assets";
import { getDb, type Prisma } from "@/lib/db";
import { ApiError, notFound } from "@/lib/errors";
import { createKindJob, mirrorJob } from "@/lib/generation/jobs";
import { sendOrUndo } from "@/lib/jobs/send";
import { checkWorld } from "@/lib/kernel";
import { cpuTask } from "@/lib/workers/pool";
import type { Caller } from "@/lib/shared/caller";
import { getWorldOrThrow } from "@/lib/worlds/worlds";
import { readWorld } from "@/lib/worlds/world-cache";
import type { exportDatasetTask } from "./export-task";
import { datasetRequested } from "./events";
import type { CreateDatasetBody } from "./requests";
import { toDataset, type DatasetFile } from "./serialize";

/**
 * Datasets exported from a world by the simulator (docs/simulation.md "In the Studio"): a
 * request stores the job's public record and queues it; the job (./function.ts) rolls the
 * episodes out with `sim export`'s own exporter on the CPU pool and stores the two files as
 * content-addressed assets.
 */

const exportTask = cpuTask<typeof exportDatasetTask>("simExport");

function gateOrThrow(graph: unknown): void {
  const checked = checkWorld(graph);
  if (!checked.ok) {
    const errors = checked.diagnostics.filter((d) => d.severity === "error");
    throw new ApiError(
      "validation_failed",
      `The world does not pass the gate (${errors.length} errors), so it cannot be simulated; fix it first.`,
      { diagnostics: checked.diagnostics },
    );
  }
}

export async function createDataset(caller: Caller, worldId: string, body: CreateDatasetBody, baseUrl: string) {
  const world = await getWorldOrThrow(caller, worldId);
  gateOrThrow(world.graph);
  const db = await getDb();
  // The export's GenerationJob (kind `dataset`) has the dataset's id: GET /v1/jobs/{datasetId} reads it too.
  const row = await db.$transaction(async (tx) => {
    const created = await tx.simDataset.create({
      data: { worldId, params: body as unknown as Prisma.InputJsonValue, worldRev: world.rev },
    });
    await createKindJob(tx, caller, { id: created.id, kind: "dataset", worldId, input: { datasetId: created.id } });
    return created;
  });
  await sendOrUndo(datasetRequested.create({ datasetId: row.id, baseUrl }, { id: row.id }), {
    what: "The export",
    undo: () => update(row.id, { status: "failed", phase: "failed", error: "the export could not be queued" }),
  });
  return toDataset(row);
}

export async function getDataset(caller: Caller, worldId: string, datasetId: string) {
  await getWorldOrThrow(caller, worldId);
  const db = await getDb();
  const row = await db.simDataset.findFirst({ where: { id: datasetId, worldId } });
  if (!row) throw notFound("Dataset");
  return toDataset(row);
}

// ---------------------------------------------------------------- the job's steps (each safe to run twice)

type DatasetChange = Omit<Prisma.SimDatasetUpdateInput, "status" | "phase" | "progress" | "error"> & {
  status?: string;
  phase?: string;
  progress?: number;
  error?: string | null;
};

/** The dataset's record and its job's, moved together. */
async function update(datasetId: string, data: DatasetChange): Promise<void> {
  const db = await getDb();
  await db.simDataset.update({ where: { id: datasetId }, data });
  const { status, phase, progress, error } = data;
  await mirrorJob(datasetId, {
    ...(status ? { status } : {}),
    ...(phase !== undefined ? { phase } : {}),
    ...(progress !== undefined ? { progress } : {}),
    ...(error !== undefined ? { error } : {}),
  });
}

/** Rolls the episodes out on the world's current graph and stores the files; the files' records. */
export async function exportDatasetFiles(
  datasetId: string,
  baseUrl: string,
): Promise<{ steps: number; worldRev: string; files: DatasetFile[] }> {
  const db = await getDb();
  const row = await db.simDataset.findUniqueOrThrow({ where: { id: datasetId } });
  await update(datasetId, { status: "running", phase: "rolling out", progress: 0.1 });
  const world = await readWorld(row.worldId);
  if (!world) throw new Error("the world was deleted");
  gateOrThrow(world.graph);
  const params = row.params as unknown as CreateDatasetBody;
  const out = await fs.mkdtemp(path.join(os.tmpdir(), "pw-dataset-"));
  try {
    const { steps } = await exportTask({ world: world.graph, ...params, out });
    await update(datasetId, { phase: "storing", progress: 0.8 });
    const files: DatasetFile[] = [];
    for (const [name, mimeType] of [
      ["episodes.jsonl", "application/x-ndjson"],
      ["dataset.npz", "application/zip"],
    ] as const) {
      const stored = await storeAsset(await fs.readFile(path.join(/*turbopackIgnore: true*/ out, name)), mimeType, baseUrl);
      files.push({ name, url: stored.url, bytes: stored.bytes, mimeType });
    }
    return { steps, worldRev: world.rev ?? row.worldRev, files };
  } finally {
    await fs.rm(out, { recursive: true, force: true });
  }
}

export async function finishDataset(datasetId: string, result: { steps: number; worldRev: string; files: DatasetFile[] }): Promise<void> {
  await update(datasetId, {
    status: "succeeded",
    phase: "done",
    progress: 1,
    steps: result.steps,
    worldRev: result.worldRev,
    files: result.files as unknown as Prisma.InputJsonValue,
    error: null,
  });
}

export async function failDataset(datasetId: string, message: string): Promise<void> {
  await update(datasetId, { status: "failed", phase: "failed", error: message.slice(0, 500) });
}
