import { z } from "zod";

/**
 * The webhook event types (docs/webhooks.md "Event types"). `session.ended` is reserved: it can be
 * subscribed to but is never emitted.
 */
const SPEC_EVENT_TYPES = ["world.generation.succeeded", "world.generation.failed", "session.ended"] as const;
/** Campaign authoring (docs/webhooks.md "Event types"): opt-in, delivered to endpoints that list them or `*`. */
export const CAMPAIGN_EVENT_TYPES = ["campaign.chapter.authored", "campaign.completed", "campaign.stopped"] as const;
/** Scenario Studio (docs/webhooks.md "Event types"): opt-in like the campaign types. */
export const SCENARIO_EVENT_TYPES = ["scenario.batch.completed"] as const;
export const WEBHOOK_EVENT_TYPES = [...SPEC_EVENT_TYPES, ...CAMPAIGN_EVENT_TYPES, ...SCENARIO_EVENT_TYPES] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The type of a test delivery: sent to one endpoint on request, whatever it subscribes to. */
export const TEST_EVENT_TYPE = "webhook.test" as const;

/** Subscribes to every present and future type. */
export const WILDCARD = "*";

/** What an endpoint registered without `events` receives (docs/webhooks.md "Event types": the first three types). */
export const DEFAULT_EVENTS: readonly WebhookEventType[] = SPEC_EVENT_TYPES;

/** The `data` of each type that is emitted. */
export interface WebhookEventData {
  "world.generation.succeeded": { worldId: string; jobId: string };
  "world.generation.failed": { jobId: string; error: string };
  "campaign.chapter.authored": { campaignId: string; jobId: string; chapter: number; worldId: string };
  "campaign.completed": { campaignId: string; jobId: string };
  "campaign.stopped": { campaignId: string; jobId: string; error: string };
  "scenario.batch.completed": { batchId: string; accepted: number; rejected: number; failed: number };
  /** Sent on request to one endpoint ("Send test event"); never subscribed to, never sent to others. */
  "webhook.test": { endpointId: string; message: string };
}
export type EmittableEventType = keyof WebhookEventData;

/** The JSON body of every delivery (docs/webhooks.md "A delivery"). */
export interface WebhookEventPayload<T extends string = string, D = Record<string, unknown>> {
  /** `evt_…`, the same in every delivery and retry of one event. */
  id: string;
  type: T;
  /** Unix seconds when the event was emitted. */
  created: number;
  appId: string;
  data: D;
}

export const ZWebhookEventType = z.enum([...WEBHOOK_EVENT_TYPES, WILDCARD], {
  error: (issue) => `unknown event type ${JSON.stringify(issue.input)}; known: ${[...WEBHOOK_EVENT_TYPES, WILDCARD].join(", ")}`,
});

/** The exact delivery body: `{id, type, created, appId, data}` in this order. */
export function serializePayload(event: WebhookEventPayload): string {
  return JSON.stringify({ id: event.id, type: event.type, created: event.created, appId: event.appId, data: event.data });
}
