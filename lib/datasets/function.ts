import { inngest } from "@/lib/jobs/client";
import { exportDatasetFiles, failDataset, finishDataset } from "./datasets";
import { datasetRequested } from "./events";

/**
 * A dataset export (POST /v1/worlds/{id}/datasets): the exporter on the CPU pool, its files
 * stored as assets, then the record finished. The export step writes content-addressed assets,
 * so running it twice stores the same bytes under the same names.
 */
export const exportSimDataset = inngest.createFunction(
  {
    id: "sim-dataset-export",
    name: "Export a simulation dataset",
    triggers: [datasetRequested],
    retries: 2,
    onFailure: ({ event, error }) => failDataset(event.data.event.data.datasetId, error.message),
  },
  async ({ event, step }) => {
    const { datasetId, baseUrl } = event.data;
    const result = await step.run("export", () => exportDatasetFiles(datasetId, baseUrl));
    await step.run("finish", () => finishDataset(datasetId, result));
    return { steps: result.steps };
  },
);
