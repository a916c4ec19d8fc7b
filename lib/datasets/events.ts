import { eventType } from "inngest";
import { z } from "zod";

/** Starts a dataset export (lib/datasets/function.ts); the event's id is the dataset's. */
export const datasetRequested = eventType("sim/dataset.requested", { schema: z.object({ datasetId: z.uuid(), baseUrl: z.string() }) });
