import { randomBytes } from "node:crypto";
import { z } from "zod";
import { getDb } from "@/lib/db";
import type { WebhookDelivery, WebhookDeliveryAttempt, WebhookEndpoint, WebhookEvent } from "@/lib/db/generated/client";
import { badRequest, notFound } from "@/lib/errors";
import { encodeCursor, olderThan, pageOf } from "@/lib/paging";
import { ZId } from "@/lib/shared/params";
import { getWebhookSettings } from "./config";
import { DEFAULT_EVENTS, WILDCARD, ZWebhookEventType } from "./events";
import { sealSecret } from "./secret-box";
import { checkWebhookUrl, MAX_URL_LENGTH, WebhookUrlError } from "./ssrf";

/** An app may register this many endpoints (each event fans out to all of them). */
export const MAX_ENDPOINTS_PER_APP = 20;

export const ZCreateWebhook = z.strictObject({
  url: z.string().trim().min(1).max(MAX_URL_LENGTH),
  events: z.array(ZWebhookEventType).min(1, "must name at least one event type (or omit it for the default set)").max(50).optional(),
});
export type CreateWebhookInput = z.infer<typeof ZCreateWebhook>;

/** PATCH /v1/apps/{id}/webhooks/{whId}: any of the three, at least one. */
export const ZUpdateWebhook = z
  .strictObject({
    url: ZCreateWebhook.shape.url.optional().describe("a new URL, checked as at registration"),
    events: ZCreateWebhook.shape.events.describe("the event types it receives from now on (`*` for all)"),
    enabled: z
      .boolean()
      .optional()
      .describe(
        "false: no new deliveries, and its pending retries stop (failed, `last_error: endpoint disabled`; resend them once enabled)",
      ),
  })
  .refine((body) => body.url !== undefined || body.events !== undefined || body.enabled !== undefined, {
    message: "give at least one of url, events, enabled",
  });
export type UpdateWebhookInput = z.infer<typeof ZUpdateWebhook>;

export const ZWebhookParams = z.object({ id: ZId, whId: ZId });
export const ZDeliveryParams = z.object({ id: ZId, whId: ZId, deliveryId: ZId });

export const ZDeliveryListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).optional(),
});

/** The webhook endpoint resource (docs/webhooks.md "Endpoints"), without its secret. */
export function serializeWebhookEndpoint(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    enabled: endpoint.enabled,
    created_at: endpoint.createdAt.toISOString(),
  };
}
export type WebhookEndpointView = ReturnType<typeof serializeWebhookEndpoint>;

/** `whsec_` and 43 base64url characters (256 bits). */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/**
 * Registers an endpoint after the SSRF check of its URL (a name that does not resolve now is
 * accepted: deliveries check again), and returns it with its signing secret: the only time
 * the secret is shown.
 */
async function checkedUrl(raw: string): Promise<string> {
  try {
    return (await checkWebhookUrl(raw, { allowHttpLoopback: getWebhookSettings().WEBHOOK_ALLOW_HTTP_LOOPBACK })).href;
  } catch (error) {
    if (error instanceof WebhookUrlError) throw badRequest("The webhook URL is not allowed.", [`url: ${error.message}`]);
    throw error;
  }
}

/** `*` already covers every type; a type named twice counts once. */
function eventList(requested: readonly string[]): string[] {
  return requested.includes(WILDCARD) ? [WILDCARD] : [...new Set(requested)];
}

export async function createWebhookEndpoint(appId: string, input: CreateWebhookInput) {
  const url = await checkedUrl(input.url);
  const events = eventList(input.events ?? DEFAULT_EVENTS);

  const db = await getDb();
  const count = await db.webhookEndpoint.count({ where: { appId } });
  if (count >= MAX_ENDPOINTS_PER_APP) {
    throw badRequest(`An app can have at most ${MAX_ENDPOINTS_PER_APP} webhook endpoints; delete one first.`);
  }
  const secret = generateSigningSecret();
  const row = await db.webhookEndpoint.create({ data: { appId, url, events, secretEncrypted: sealSecret(secret) } });
  return { ...serializeWebhookEndpoint(row), secret };
}

/** The app's endpoints, newest first, never a secret. */
export async function listWebhookEndpoints(appId: string): Promise<WebhookEndpointView[]> {
  const db = await getDb();
  const rows = await db.webhookEndpoint.findMany({ where: { appId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(serializeWebhookEndpoint);
}

/**
 * Changes an endpoint's URL, events or `enabled`. Disabling it stops its pending retries in the
 * same transaction (they end `failed` with `last_error: endpoint disabled`, so they can be resent
 * once it is enabled again); events emitted while it is disabled make no delivery for it.
 */
export async function updateWebhookEndpoint(appId: string, endpointId: string, input: UpdateWebhookInput): Promise<WebhookEndpointView> {
  const url = input.url === undefined ? undefined : await checkedUrl(input.url);
  const events = input.events === undefined ? undefined : eventList(input.events);
  const db = await getDb();
  const row = await db.$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id: endpointId, appId },
      data: {
        ...(url !== undefined ? { url } : {}),
        ...(events !== undefined ? { events } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      },
    });
    if (count === 0) throw notFound("Webhook endpoint");
    if (input.enabled === false) {
      await tx.webhookDelivery.updateMany({
        where: { endpointId, state: "pending" },
        data: { state: "failed", lastError: "endpoint disabled", nextRetryAt: null },
      });
    }
    return tx.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
  });
  return serializeWebhookEndpoint(row);
}

/** Deletes the endpoint with its delivery log; deliveries in flight stop at their next attempt. */
export async function deleteWebhookEndpoint(appId: string, endpointId: string): Promise<{ ok: true }> {
  const db = await getDb();
  const { count } = await db.webhookEndpoint.deleteMany({ where: { id: endpointId, appId } });
  if (count === 0) throw notFound("Webhook endpoint");
  return { ok: true };
}

type DeliveryRow = WebhookDelivery & { event: Pick<WebhookEvent, "type">; attemptLog: WebhookDeliveryAttempt[] };

/** One row of the delivery log. */
export function serializeWebhookDelivery(row: DeliveryRow) {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.event.type,
    state: row.state as "pending" | "succeeded" | "failed",
    attempts: row.attempts,
    attempt_limit: row.attemptLimit,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_retry_at: row.nextRetryAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    attempt_log: [...row.attemptLog]
      .sort((a, b) => a.attempt - b.attempt)
      .map((a) => ({
        attempt: a.attempt,
        status_code: a.statusCode,
        error: a.error,
        duration_ms: a.durationMs,
        response_excerpt: a.responseExcerpt,
        attempted_at: a.attemptedAt.toISOString(),
      })),
  };
}

/** A page of an endpoint's delivery log, newest first, each with its attempts. */
export async function listWebhookDeliveries(appId: string, endpointId: string, limit: number, cursor?: string) {
  const after = olderThan(cursor);
  const db = await getDb();
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: endpointId, appId }, select: { id: true } });
  if (!endpoint) throw notFound("Webhook endpoint");
  const rows = await db.webhookDelivery.findMany({
    where: {
      endpointId,
      ...after,
    },
    include: { event: { select: { type: true } }, attemptLog: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, limit, encodeCursor);
  return { deliveries: page.map(serializeWebhookDelivery), nextCursor };
}
