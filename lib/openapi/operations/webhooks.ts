import { ZIdParams } from "@/lib/shared/params";
import { ZCreateWebhook, ZDeliveryListQuery, ZDeliveryParams, ZUpdateWebhook, ZWebhookParams } from "@/lib/webhooks/endpoints";
import { operation } from "../operation";

export const createWebhookEndpoint = operation({
  method: "POST",
  path: "/v1/apps/{id}/webhooks",
  tag: "Webhooks",
  operationId: "createWebhookEndpoint",
  summary: "Register a webhook endpoint",
  description: [
    "Returns the endpoint and its `secret` (`whsec_…`), the only time the secret is shown; it keys the `Service-Signature` of every delivery. If it is lost, delete the endpoint and register a new one.",
    "`url` must be `https://` and every address its host resolves to must be public (private, loopback, link-local, unique-local, multicast, CGNAT, unspecified and reserved addresses are refused, as are their IPv4-mapped forms, `localhost` and URLs with credentials). Registration does not depend on the server's DNS at that moment: a host name that does not resolve now is accepted. Every delivery resolves the host again and refuses non-public addresses (DNS rebinding); a refusal, or a host that still does not resolve, is a failed attempt in the delivery log. A server run with `WEBHOOK_ALLOW_HTTP_LOOPBACK=1` also accepts `http://127.0.0.1:<port>/…` and `http://localhost:<port>/…`.",
    "`events` defaults to `world.generation.succeeded`, `world.generation.failed` and `session.ended` (reserved; never emitted). `*` subscribes to every present and future type. At most 20 endpoints per app.",
  ].join("\n\n"),
  auth: "user",
  idempotency: "webhook",
  params: ZIdParams,
  body: ZCreateWebhook,
  responses: { 201: { description: "The new endpoint with its signing secret.", schema: "CreatedWebhookEndpoint" } },
  errors: {
    invalid_request:
      "a malformed body, an unknown event type, a URL that is not allowed (see `errors`), or the app already has 20 endpoints",
    not_found: "no app with this id among the user's",
  },
});

export const listWebhookEndpoints = operation({
  method: "GET",
  path: "/v1/apps/{id}/webhooks",
  tag: "Webhooks",
  operationId: "listWebhookEndpoints",
  summary: "List an app's webhook endpoints",
  description: "Newest first. Secrets are never returned.",
  auth: "user",
  params: ZIdParams,
  responses: { 200: { description: "The endpoints.", schema: "WebhookEndpointList" } },
  errors: { not_found: "no app with this id among the user's" },
});

export const updateWebhookEndpoint = operation({
  method: "PATCH",
  path: "/v1/apps/{id}/webhooks/{whId}",
  tag: "Webhooks",
  operationId: "updateWebhookEndpoint",
  summary: "Update a webhook endpoint",
  description: [
    "Changes any of `url` (checked as at registration), `events` and `enabled`; at least one. The signing secret stays.",
    '`enabled: false` switches the endpoint off: events emitted while it is off make no delivery for it, and its pending retries stop at once (they end `failed` with `last_error: "endpoint disabled"`; resend them once it is on again). Test events and resends to a disabled endpoint are refused (409). `enabled: true` switches it back on for events emitted from then on.',
  ].join("\n\n"),
  auth: "user",
  params: ZWebhookParams,
  body: ZUpdateWebhook,
  responses: { 200: { description: "The endpoint as it is now (never its secret).", schema: "WebhookEndpointBody" } },
  errors: {
    invalid_request: "a malformed body, none of the three fields, an unknown event type, or a URL that is not allowed (see `errors`)",
    not_found: "no such app of the user's, or no such endpoint of it",
  },
});

export const deleteWebhookEndpoint = operation({
  method: "DELETE",
  path: "/v1/apps/{id}/webhooks/{whId}",
  tag: "Webhooks",
  operationId: "deleteWebhookEndpoint",
  summary: "Delete a webhook endpoint",
  description: "Deletes the endpoint and its delivery log; retries still scheduled for it are dropped.",
  auth: "user",
  params: ZWebhookParams,
  responses: { 200: { description: "Deleted.", schema: "Ok" } },
  errors: { not_found: "no such app of the user's, or no such endpoint of it" },
});

export const deleteWebhookEndpointViaPost = operation({
  method: "POST",
  path: "/v1/apps/{id}/webhooks/{whId}/delete",
  tag: "Webhooks",
  operationId: "deleteWebhookEndpointViaPost",
  summary: "Delete a webhook endpoint (POST)",
  description: "The same as `DELETE /v1/apps/{id}/webhooks/{whId}`, for clients that cannot send DELETE. Any body is ignored.",
  auth: "user",
  params: ZWebhookParams,
  responses: { 200: { description: "Deleted.", schema: "Ok" } },
  errors: { not_found: "no such app of the user's, or no such endpoint of it" },
});

export const listWebhookDeliveries = operation({
  method: "GET",
  path: "/v1/apps/{id}/webhooks/{whId}/deliveries",
  tag: "Webhooks",
  operationId: "listWebhookDeliveries",
  summary: "List an endpoint's deliveries",
  description:
    "The delivery log, newest first: one row per event sent to this endpoint, with its state, its attempts (at most 3) and when the next retry is due. An attempt without a response has a null `status_code` and an `error` saying why (a timeout, a refused connection, `host … could not be resolved (…)`, `URL refused: …` when the host now resolves to a non-public address). Pass `nextCursor` back as `cursor` for the next page.",
  auth: "user",
  params: ZWebhookParams,
  query: ZDeliveryListQuery,
  responses: { 200: { description: "A page of the log.", schema: "WebhookDeliveryList" } },
  errors: {
    invalid_request: "`limit` outside 1..100, or a `cursor` this API did not return",
    not_found: "no such app of the user's, or no such endpoint of it",
  },
});

export const sendWebhookTestEvent = operation({
  method: "POST",
  path: "/v1/apps/{id}/webhooks/{whId}/test",
  tag: "Webhooks",
  operationId: "sendWebhookTestEvent",
  summary: "Send a test event",
  description:
    "Sends a signed `webhook.test` event (`data: {endpointId, message}`) to this endpoint only, whatever types it subscribes to, through the same delivery path as every event: signed with the endpoint's secret, up to 3 attempts, each recorded in the delivery log with its status, time and the start of the response body. 202 with the new delivery (`pending`); read the log for its attempts.",
  auth: "user",
  idempotency: "webhook-test",
  params: ZWebhookParams,
  bodyOptional: true,
  responses: { 202: { description: "The test delivery, queued.", schema: "WebhookDeliveryBody" } },
  errors: {
    not_found: "no such app of the user's, or no such endpoint of it",
    conflict: "the endpoint is disabled",
    unavailable: "the delivery could not be queued",
  },
});

export const resendWebhookDelivery = operation({
  method: "POST",
  path: "/v1/apps/{id}/webhooks/{whId}/deliveries/{deliveryId}/resend",
  tag: "Webhooks",
  operationId: "resendWebhookDelivery",
  summary: "Resend a failed delivery",
  description:
    "A `failed` delivery goes back to `pending` with 3 more attempts (numbered on: 4, 5, 6 after the first resend; `attempt_limit` grows by 3) and the same event: the same `evt_` id and body, a fresh signature. Two resends at once start one run. 202 with the delivery.",
  auth: "user",
  params: ZDeliveryParams,
  bodyOptional: true,
  responses: { 202: { description: "The delivery, pending again.", schema: "WebhookDeliveryBody" } },
  errors: {
    not_found: "no such app of the user's, endpoint of it, or delivery of that endpoint",
    conflict: "the delivery is not `failed` (delivered, or still being retried), or the endpoint is disabled",
    unavailable: "the delivery could not be queued",
  },
});

/** In the order of the document. */
export const WEBHOOKS = [
  createWebhookEndpoint,
  listWebhookEndpoints,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  deleteWebhookEndpointViaPost,
  listWebhookDeliveries,
  sendWebhookTestEvent,
  resendWebhookDelivery,
];
