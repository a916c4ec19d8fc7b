import type { InngestFunction } from "inngest";
import { authorCampaign } from "@/lib/campaigns/function";
import { exportSimDataset } from "@/lib/datasets/function";
import { generateWorld } from "@/lib/generation/function";
import { pruneIdempotency } from "@/lib/idempotency/function";
import { runScenarioBatch } from "@/lib/scenarios/function";
import { deliverWebhook } from "@/lib/webhooks/deliver-function";

/**
 * Every production Inngest function, served at /api/inngest (./route.ts) and run by an Inngest
 * server or, when none is configured, by the local executor (docs/jobs.md). Each domain defines
 * its functions (lib/generation/function.ts, lib/webhooks/deliver-function.ts); they meet here,
 * above every domain, so that lib/jobs never imports a domain back.
 *
 * Each is created with `inngest.createFunction` on the client of `@/lib/jobs/client`. Keep them
 * thin (STYLE.md "Jobs"): steps call domain functions, step ids never change, every step is safe
 * to run twice, and the job's public state lives in the domain's own table.
 */
export const functions: InngestFunction.Any[] = [
  deliverWebhook,
  generateWorld,
  authorCampaign,
  runScenarioBatch,
  exportSimDataset,
  pruneIdempotency,
];
