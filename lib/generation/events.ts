import { eventType } from "inngest";
import { z } from "zod";

/** Starts an async world generation (lib/generation/function.ts); sent by POST /v1/worlds with `async: true`. */
export const worldGenerationRequested = eventType("worlds/generation.requested", { schema: z.object({ jobId: z.uuid() }) });
