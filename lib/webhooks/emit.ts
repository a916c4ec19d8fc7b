import { createHash, randomBytes } from "node:crypto";
import { eventType } from "inngest";
import { z } from "zod";
import { getDb, Prisma } from "@/lib/db";
import { inngest } from "@/lib/jobs/client";
import type { EmittableEventType, WebhookEventData } from "./events";
import { WILDCARD } from "./events";

/**
 * The Inngest event that starts one delivery run (one per event × subscribed endpoint);
 * `after`: the attempts a resend numbers on from (none: 0).
 */
export const webhookDeliveryRequested = eventType("webhooks/delivery.requested", {
  schema: z.object({ deliveryId: z.uuid(), after: z.number().int().min(0).optional() }),
});

export interface EmitOptions {
  /**
   * Makes the emit safe to repeat (a job step that runs again): the same key for the same app
   * yields the same `evt_` id and the deliveries already recorded, not new ones. For example
   * `${jobId}:world.generation.succeeded`.
   */
  idempotencyKey?: string;
  /** Send to this one endpoint of the app (a test event), whatever it subscribes to. */
  endpointId?: string;
}

export interface RecordedEvent {
  eventId: string;
  /** One per subscribed, enabled endpoint; empty when none subscribes (nothing is stored then). */
  deliveryIds: string[];
}

function eventId(appId: string, idempotencyKey: string | undefined): string {
  if (idempotencyKey === undefined) return `evt_${randomBytes(16).toString("hex")}`;
  return `evt_${createHash("sha256").update(`${appId}\n${idempotencyKey}`).digest("hex").slice(0, 32)}`;
}

/**
 * Stores an event and one pending delivery per endpoint of the app subscribed to its type (or
 * to `*`), in one write. The subscription is fixed here: an endpoint registered later does not
 * receive this event.
 */
export async function recordWebhookEvent<T extends EmittableEventType>(
  appId: string,
  type: T,
  data: WebhookEventData[T],
  options: EmitOptions = {},
): Promise<RecordedEvent> {
  const id = eventId(appId, options.idempotencyKey);
  const db = await getDb();
  const endpoints = await db.webhookEndpoint.findMany({
    where: { appId, enabled: true, ...(options.endpointId ? { id: options.endpointId } : { events: { hasSome: [type, WILDCARD] } }) },
    select: { id: true },
  });
  if (endpoints.length === 0) return { eventId: id, deliveryIds: [] };
  try {
    const event = await db.webhookEvent.create({
      data: {
        id,
        appId,
        type,
        data: data as unknown as Prisma.InputJsonObject,
        created: Math.floor(Date.now() / 1000),
        deliveries: { create: endpoints.map((e) => ({ endpointId: e.id })) },
      },
      select: { id: true, deliveries: { select: { id: true } } },
    });
    return { eventId: event.id, deliveryIds: event.deliveries.map((d) => d.id) };
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002" || options.idempotencyKey === undefined)
      throw error;
    // Emitted before with this key: the same event and its deliveries.
    const deliveries = await db.webhookDelivery.findMany({ where: { eventId: id }, select: { id: true } });
    return { eventId: id, deliveryIds: deliveries.map((d) => d.id) };
  }
}

/**
 * The Inngest events that start the delivery runs; their ids let Inngest drop a repeat. A resend
 * starts another run `after` the attempts already made (its own id, so it is not dropped).
 */
export function deliveryRequests(deliveryIds: string[], after = 0) {
  return deliveryIds.map((deliveryId) =>
    after === 0
      ? webhookDeliveryRequested.create({ deliveryId }, { id: `webhook-delivery-${deliveryId}` })
      : webhookDeliveryRequested.create({ deliveryId, after }, { id: `webhook-delivery-${deliveryId}-after-${after}` }),
  );
}

/**
 * Emits a webhook event: records it with one delivery per subscribed endpoint, then starts one
 * durable delivery run per delivery (Inngest event `webhooks/delivery.requested`, function
 * `webhook-deliver`). Returns the `evt_` id and the delivery ids. Called from a job step, pass
 * `idempotencyKey` so that a step run twice emits once.
 */
export async function emitWebhookEvent<T extends EmittableEventType>(
  appId: string,
  type: T,
  data: WebhookEventData[T],
  options: EmitOptions = {},
): Promise<RecordedEvent> {
  const recorded = await recordWebhookEvent(appId, type, data, options);
  if (recorded.deliveryIds.length > 0) await inngest.send(deliveryRequests(recorded.deliveryIds));
  return recorded;
}
