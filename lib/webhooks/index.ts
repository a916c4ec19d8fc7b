/**
 * Webhooks: endpoints of an app (USER routes), events, signed deliveries as durable jobs.
 * The Inngest function itself is in ./deliver-function (registered with the app's functions).
 */
export {
  DEFAULT_EVENTS,
  TEST_EVENT_TYPE,
  WEBHOOK_EVENT_TYPES,
  WILDCARD,
  type EmittableEventType,
  type WebhookEventData,
  type WebhookEventPayload,
  type WebhookEventType,
} from "./events";
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  serializeWebhookDelivery,
  serializeWebhookEndpoint,
  updateWebhookEndpoint,
  ZCreateWebhook,
  ZDeliveryListQuery,
  ZDeliveryParams,
  ZUpdateWebhook,
  ZWebhookParams,
} from "./endpoints";
export { emitWebhookEvent, recordWebhookEvent, type EmitOptions, type RecordedEvent } from "./emit";
export {
  attemptDelivery,
  deliverOnce,
  MAX_ATTEMPTS,
  retryDelayMs,
  runDelivery,
  type AttemptOutcome,
  type AttemptResult,
  type DeliverySteps,
} from "./deliver";
export { resendDelivery, sendTestEvent } from "./manual";
export { requeueStrandedDeliveries } from "./requeue";
export { EVENT_HEADER, SIGNATURE_HEADER, signWebhookPayload } from "./signature";
export { verifyWebhook, WebhookVerificationError, type VerifyOptions } from "./verify";
