import { z } from "zod";
import { KEY_KINDS } from "@/lib/keys/key-string";
import { MODES } from "@/lib/shared/caller";
import { ZScope } from "@/lib/keys/scopes";
import { body, ZTimestamp, ZUuid } from "./response-parts";

/* The response bodies of apps, keys and webhooks; named in responses.ts's RESPONSE_SCHEMAS. */

// ---------------------------------------------------------------- apps and keys

export const ZApp = z.object({
  id: ZUuid,
  name: z.string(),
  defaultMode: z.enum(MODES),
  embedOrigins: z.array(z.string()).describe("origins allowed to embed this app's worlds"),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export const ZAppBody = body(ZApp.shape);
export const ZAppList = body({ apps: z.array(ZApp).describe("oldest first") });

export const ZKeyMetadata = z.object({
  id: ZUuid,
  prefix: z.string().describe("sk_test_, pk_live_, ..."),
  last4: z.string().length(4),
  kind: z.enum(KEY_KINDS),
  mode: z.enum(MODES),
  scopes: z.array(ZScope).describe("empty: everything the key's kind allows"),
  name: z.string(),
  created_at: ZTimestamp,
  last_used_at: ZTimestamp.nullable(),
  revoked_at: ZTimestamp.nullable(),
});
export const ZKeyBody = body(ZKeyMetadata.shape);
export const ZCreatedKey = body({
  ...ZKeyMetadata.shape,
  secret: z
    .string()
    .regex(/^(sk|pk)_(test|live)_[0-9A-Za-z]{43}$/)
    .describe("the key itself; returned only here, once"),
});
export const ZKeyList = body({ keys: z.array(ZKeyMetadata).describe("newest first; never a secret") });

// ---------------------------------------------------------------- webhooks

const ZWebhookEventTypeOrWildcard = z
  .string()
  .describe(
    "an event type (`world.generation.succeeded`, `world.generation.failed`, `session.ended`) or `*` for every present and future type",
  );

/** A webhook endpoint (docs/webhooks.md), without `secret`. */
export const ZWebhookEndpoint = z.object({
  id: ZUuid,
  url: z.string().describe("where deliveries are POSTed (https://; see the SSRF policy)"),
  events: z.array(ZWebhookEventTypeOrWildcard).describe("the subscribed event types"),
  enabled: z.boolean().describe("false: it receives nothing (PATCH it to true to receive new events again)"),
  created_at: ZTimestamp,
});
export const ZWebhookEndpointBody = body(ZWebhookEndpoint.shape);
export const ZCreatedWebhookEndpoint = body({
  ...ZWebhookEndpoint.shape,
  secret: z
    .string()
    .regex(/^whsec_[0-9A-Za-z_-]{43}$/)
    .describe("the signing secret of `Service-Signature`; returned only here, once"),
});
export const ZWebhookEndpointList = body({ webhooks: z.array(ZWebhookEndpoint).describe("newest first; never a secret") });

export const ZWebhookDeliveryAttempt = z.object({
  attempt: z.number().int().min(1).describe("1, 2 or 3; numbered on across resends (4..6 after the first)"),
  status_code: z.number().int().nullable().describe("the receiver's HTTP status; null when there was none"),
  error: z.string().nullable().describe("network error, timeout or refused URL; null when the receiver answered"),
  duration_ms: z.number().int().min(0),
  response_excerpt: z.string().nullable().describe("the first 500 characters of the receiver's response body; null when it sent none"),
  attempted_at: ZTimestamp,
});
export const ZWebhookDelivery = z.object({
  id: ZUuid,
  event_id: z.string().describe("`evt_…`, the delivery body's `id`"),
  event_type: z.string(),
  state: z.enum(["pending", "succeeded", "failed"]).describe("`pending` until a 2xx (`succeeded`) or the last attempt failed (`failed`)"),
  attempts: z.number().int().min(0).describe("attempts made so far"),
  attempt_limit: z.number().int().min(3).describe("attempts allowed: 3, and 3 more with each resend"),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_retry_at: ZTimestamp.nullable().describe("when the next attempt is due; null when none is"),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  attempt_log: z.array(ZWebhookDeliveryAttempt).describe("every attempt, oldest first"),
});
/** A test event's or a resend's delivery (202). */
export const ZWebhookDeliveryBody = body(ZWebhookDelivery.shape);
export const ZWebhookDeliveryList = body({
  deliveries: z.array(ZWebhookDelivery).describe("newest first"),
  nextCursor: z.string().nullable().describe("pass as `cursor` for the next page; null on the last"),
});
