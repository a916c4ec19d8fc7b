import { getDb } from "@/lib/db";
import { ApiError, notFound } from "@/lib/errors";
import { sendOrUndo } from "@/lib/jobs/send";
import { reply } from "@/lib/reply";
import { MAX_ATTEMPTS } from "./deliver";
import { deliveryRequests, recordWebhookEvent } from "./emit";
import { serializeWebhookDelivery } from "./endpoints";
import { TEST_EVENT_TYPE } from "./events";

/* What a person does from the dashboard's delivery log: send a test event, resend a failed one. */

async function readDelivery(deliveryId: string) {
  const db = await getDb();
  return db.webhookDelivery.findUniqueOrThrow({
    where: { id: deliveryId },
    include: { event: { select: { type: true } }, attemptLog: true },
  });
}

function startRun(deliveryIds: string[], after: number): Promise<void> {
  return sendOrUndo(deliveryRequests(deliveryIds, after), { what: "The delivery" });
}

/**
 * POST /v1/apps/{id}/webhooks/{whId}/test: a signed `webhook.test` event to this one endpoint,
 * whatever it subscribes to, delivered and logged like any other (with retries). 202 with the
 * delivery; its attempts appear in the log as they are made.
 */
export async function sendTestEvent(appId: string, endpointId: string) {
  const db = await getDb();
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: endpointId, appId }, select: { id: true, enabled: true } });
  if (!endpoint) throw notFound("Webhook endpoint");
  if (!endpoint.enabled) throw new ApiError("conflict", "The endpoint is disabled; enable it before sending a test event.");
  const recorded = await recordWebhookEvent(
    appId,
    TEST_EVENT_TYPE,
    { endpointId, message: "A test event sent from the dashboard. Verify its signature as you would any other." },
    { endpointId },
  );
  await startRun(recorded.deliveryIds, 0);
  return reply(202, serializeWebhookDelivery(await readDelivery(recorded.deliveryIds[0]!)));
}

/**
 * POST /v1/apps/{id}/webhooks/{whId}/deliveries/{deliveryId}/resend: a `failed` delivery gets
 * MAX_ATTEMPTS more attempts, numbered on from the last, with the same event (`evt_` id, body).
 * One conditional update flips it back to pending, so two resends at once start one run.
 */
export async function resendDelivery(appId: string, endpointId: string, deliveryId: string) {
  const db = await getDb();
  const delivery = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, endpointId, endpoint: { appId } },
    select: { attempts: true, endpoint: { select: { enabled: true } } },
  });
  if (!delivery) throw notFound("Delivery");
  if (!delivery.endpoint.enabled) throw new ApiError("conflict", "The endpoint is disabled; enable it before resending a delivery.");
  const { count } = await db.webhookDelivery.updateMany({
    where: { id: deliveryId, state: "failed", attempts: delivery.attempts },
    data: { state: "pending", attemptLimit: delivery.attempts + MAX_ATTEMPTS, nextRetryAt: null },
  });
  if (count === 0) throw new ApiError("conflict", "Only a failed delivery can be resent; this one is delivered or still being retried.");
  await startRun([deliveryId], delivery.attempts);
  return reply(202, serializeWebhookDelivery(await readDelivery(deliveryId)));
}
