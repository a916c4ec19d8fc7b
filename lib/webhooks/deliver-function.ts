import { inngest } from "@/lib/jobs/client";
import { markDeliveryFailed, runDelivery, type AttemptResult } from "./deliver";
import { webhookDeliveryRequested } from "./emit";

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
    triggers: [webhookDeliveryRequested],
    retries: 0,
    onFailure: ({ event, error }) => markDeliveryFailed(event.data.event.data.deliveryId, `delivery job failed: ${error.message}`),
  },
  async ({ event, step }) => {
    const { deliveryId, after = 0 } = event.data;
    const steps = {
      run: (id: string, fn: () => Promise<AttemptResult>) => step.run(id, fn),
      sleep: (id: string, ms: number) => step.sleep(id, ms),
    };
    return runDelivery(deliveryId, steps, {}, after);
  },
);
