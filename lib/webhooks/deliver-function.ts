import { z } from "zod";
import { inngest } from "@/lib/jobs/client";
import { markDeliveryFailed, runDelivery, type AttemptResult } from "./deliver";
import { WEBHOOK_DELIVERY_REQUESTED } from "./emit";

const ZDeliveryRequested = z.object({ deliveryId: z.uuid(), after: z.number().int().min(0).default(0) });

/**
 * One delivery (an event to one endpoint) as a durable run: `attempt-<n>` steps with
 * `backoff-<n>` sleeps between them (lib/webhooks/deliver.ts `runDelivery`), so the retry
 * schedule survives restarts. The attempt policy is the webhook's own, 3 attempts: a failed
 * delivery is a step's result, never its error, and Inngest's retries are off so nothing is
 * sent more often than that. An unexpected error (the database) fails the run and `onFailure`
 * closes the delivery as failed.
 */
export const deliverWebhook = inngest.createFunction(
  {
    id: "webhook-deliver",
    name: "Deliver a webhook",
    triggers: [{ event: WEBHOOK_DELIVERY_REQUESTED }],
    retries: 0,
    onFailure: async ({ event, error }) => {
      const parsed = ZDeliveryRequested.safeParse(event.data.event.data);
      if (parsed.success) await markDeliveryFailed(parsed.data.deliveryId, `delivery job failed: ${error.message}`);
    },
  },
  async ({ event, step }) => {
    const { deliveryId, after } = ZDeliveryRequested.parse(event.data);
    const steps = {
      run: (id: string, fn: () => Promise<AttemptResult>) => step.run(id, fn),
      sleep: (id: string, ms: number) => step.sleep(id, ms),
    };
    return runDelivery(deliveryId, steps, {}, after);
  },
);
