import { ZCreateDatasetBody, ZDatasetParams } from "@/lib/datasets/requests";
import { ZIdParams } from "@/lib/shared/params";
import { operation } from "../operation";
import { notFoundWorld } from "./common";

export const createWorldDataset = operation({
  method: "POST",
  path: "/v1/worlds/{id}/datasets",
  tag: "Simulation",
  operationId: "createWorldDataset",
  summary: "Export a simulation dataset",
  description: [
    "Rolls `episodes` out in the world's simulator (docs/simulation.md) with the `random` or `explore` policy, as `npm run worlds -- sim export` does, in a durable job: 202 with the dataset `queued`; poll GET …/datasets/{datasetId} until it has `succeeded`, then download its `files` (`episodes.jsonl`, `dataset.npz`).",
    "Bounded so the files stay small: at most 100 episodes of at most 1,000 steps, and episodes × maxSteps at most 50,000 (2,000 with a camera of at most 64×64). The same world, options and seed give the same bytes.",
  ].join("\n\n"),
  auth: "key",
  scope: "worlds:write",
  idempotency: "dataset",
  params: ZIdParams,
  body: ZCreateDatasetBody,
  responses: { 202: { description: "The dataset, queued.", schema: "Dataset" } },
  errors: { ...notFoundWorld, validation_failed: "the world does not pass the gate (`diagnostics`), so it cannot be simulated" },
});

export const getWorldDataset = operation({
  method: "GET",
  path: "/v1/worlds/{id}/datasets/{datasetId}",
  tag: "Simulation",
  operationId: "getWorldDataset",
  summary: "Get a simulation dataset",
  description:
    "Status (`queued`, `running`, `succeeded`, `failed`), phase and progress from 0 to 1; once it has `succeeded`, `steps` and the `files` to download.",
  auth: "key",
  scope: "worlds:read",
  params: ZDatasetParams,
  responses: { 200: { description: "The dataset.", schema: "Dataset" } },
  errors: { not_found: "no such world in the key's app and mode, or no such dataset of it" },
});

/** In the order of the document. */
export const DATASETS = [createWorldDataset, getWorldDataset];
