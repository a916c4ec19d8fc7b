import { ZJobParams } from "@/lib/generation/jobs";
import { operation } from "../operation";

export const getJob = operation({
  method: "GET",
  path: "/v1/jobs/{jobId}",
  tag: "Jobs",
  operationId: "getJob",
  summary: "Get a generation job",
  description:
    "Status (`queued`, `running`, `succeeded`, `failed`, `cancelled`), phase, progress from 0 to 1, and `worldId` once the world exists. A campaign job (`campaignId` set) reports `actsDone`/`actsTotal` instead of phase and progress, and `worldId` is its first authored chapter. `test_mock` with a test key: the mock campaign job, `succeeded`, `mock: true`.",
  auth: "key",
  scope: "worlds:read",
  params: ZJobParams,
  responses: { 200: { description: "The job.", schema: "GenerationJob" } },
  errors: { not_found: "no job with this id in the key's app and mode" },
});

export const cancelJob = operation({
  method: "POST",
  path: "/v1/jobs/{jobId}/cancel",
  tag: "Jobs",
  operationId: "cancelJob",
  summary: "Cancel a generation job",
  description:
    "A `queued` or `running` job becomes `cancelled`; it stops at its next step and its quota unit comes back unless the world was already stored. A campaign job stops between chapters: the chapters authored so far stay, and the campaign becomes `cancelled`.",
  auth: "key",
  scope: "worlds:write",
  params: ZJobParams,
  responses: { 200: { description: "The cancelled job.", schema: "GenerationJob" } },
  errors: { not_found: "no job with this id in the key's app and mode", conflict: "the job has already ended" },
});

/** In the order of the document. */
export const JOBS = [getJob, cancelJob];
