import { z } from "zod";
import { inngest } from "@/lib/jobs/client";
import { DATASET_REQUESTED, exportDatasetFiles, failDataset, finishDataset } from "./datasets";

const ZRequested = z.object({ datasetId: z.uuid(), baseUrl: z.string() });

/**
 * A dataset export (POST /v1/worlds/{id}/datasets): the exporter on the CPU pool, its files
 * stored as assets, then the record finished. The export step writes content-addressed assets,
 * so running it twice stores the same bytes under the same names.
 */
export const exportSimDataset = inngest.createFunction(
  {
    id: "sim-dataset-export",
    name: "Export a simulation dataset",
    triggers: [{ event: DATASET_REQUESTED }],
    retries: 2,
    onFailure: async ({ event, error }) => {
      const parsed = ZRequested.safeParse(event.data.event.data);
      if (parsed.success) await failDataset(parsed.data.datasetId, error.message);
    },
  },
  async ({ event, step }) => {
    const { datasetId, baseUrl } = ZRequested.parse(event.data);
    const result = await step.run("export", () => exportDatasetFiles(datasetId, baseUrl));
    await step.run("finish", () => finishDataset(datasetId, result));
    return { steps: result.steps };
  },
);
