import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { inngest } from "@/lib/jobs/client";
import { MAX_ATTEMPTS, runDelivery, verifyWebhook } from "@/lib/webhooks";
import { RESPONSE_EXCERPT_CHARS } from "@/lib/webhooks/deliver";
import { alice, api, bob, localSteps, register, RETRY_BASE_MS, startReceiver, withWebhooksServer } from "./support/webhooks";

/* What the dashboard does with an endpoint's log: send a test event, read each attempt's response, resend a failed delivery. */

withWebhooksServer();

type Sent = { name: string; id: string; data: { deliveryId: string; after?: number } };

/** Captures the delivery runs a route starts, so the test drives them itself (runDelivery with local steps). */
function captureRuns() {
  const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] } as never);
  // As they go on the wire (an event type's created event also carries its `validate()`).
  return () => send.mock.calls.flatMap((call) => JSON.parse(JSON.stringify(call[0])) as Sent[]);
}

async function endpointAt(url: string, events?: string[]) {
  const app = await api.post("/v1/apps", { name: "Dashboard hooks" }, alice.userToken);
  const created = await register(alice, events ? { url, events } : { url }, app.body.id);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { appId: app.body.id as string, endpointId: created.body.id as string, secret: created.body.secret as string };
}

async function logOf(appId: string, endpointId: string) {
  const res = await api.get(`/v1/apps/${appId}/webhooks/${endpointId}/deliveries`, alice.userToken);
  expect(res.status).toBe(200);
  return res.body.deliveries as any[];
}

describe("the dashboard's webhook tools", () => {
  it("Send test event: a signed webhook.test to this endpoint only, whatever it subscribes to, logged with the response", async () => {
    const receiver = await startReceiver(() => ({ status: 200, body: '{"received":true}' }));
    try {
      // Subscribed to campaign events only: a test event reaches it all the same.
      const { appId, endpointId, secret } = await endpointAt(receiver.url, ["campaign.completed"]);
      const other = await register(alice, { url: "https://93.184.215.14/other", events: ["*"] }, appId);
      const runs = captureRuns();

      const res = await api.post(`/v1/apps/${appId}/webhooks/${endpointId}/test`, undefined, alice.userToken);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body).toMatchObject({
        event_type: "webhook.test",
        state: "pending",
        attempts: 0,
        attempt_limit: MAX_ATTEMPTS,
        attempt_log: [],
      });
      expect(runs()).toEqual([
        { name: "webhooks/delivery.requested", id: `webhook-delivery-${res.body.id}`, data: { deliveryId: res.body.id } },
      ]);

      const result = await runDelivery(res.body.id, localSteps().steps);
      expect(result).toMatchObject({ done: true, state: "succeeded", attempts: 1 });
      expect(receiver.received).toHaveLength(1);
      const event = verifyWebhook(receiver.received[0]!.body, receiver.received[0]!.headers["service-signature"] as string, secret);
      expect(event).toMatchObject({ id: res.body.event_id, type: "webhook.test", appId, data: { endpointId } });
      expect(receiver.received[0]!.headers["service-event"]).toBe("webhook.test");

      const [row] = await logOf(appId, endpointId);
      expect(row).toMatchObject({ id: res.body.id, event_type: "webhook.test", state: "succeeded" });
      expect(row.attempt_log).toEqual([
        expect.objectContaining({
          attempt: 1,
          status_code: 200,
          response_excerpt: '{"received":true}',
          attempted_at: expect.any(String),
          duration_ms: expect.any(Number),
        }),
      ]);
      // The other endpoint of the app got nothing.
      expect(await logOf(appId, other.body.id)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it("keeps the first characters of a long response body, and none of an empty one", async () => {
    const long = "x".repeat(5000);
    const receiver = await startReceiver((n) => (n === 0 ? { status: 500, body: long } : { status: 204, body: "" }));
    try {
      const { appId, endpointId } = await endpointAt(receiver.url);
      captureRuns();
      const res = await api.post(`/v1/apps/${appId}/webhooks/${endpointId}/test`, undefined, alice.userToken);
      await runDelivery(res.body.id, localSteps().steps);
      const [row] = await logOf(appId, endpointId);
      expect(row.attempt_log.map((a: any) => [a.status_code, a.response_excerpt])).toEqual([
        [500, "x".repeat(RESPONSE_EXCERPT_CHARS)],
        [204, null],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it("Resend: a failed delivery gets 3 more attempts (4..6) with the same event, then succeeds; resending it again is 409", async () => {
    let up = false;
    const receiver = await startReceiver(() => (up ? 200 : 503));
    try {
      const { appId, endpointId, secret } = await endpointAt(receiver.url);
      const runs = captureRuns();
      const test = await api.post(`/v1/apps/${appId}/webhooks/${endpointId}/test`, undefined, alice.userToken);
      const deliveryId = test.body.id as string;
      expect(await runDelivery(deliveryId, localSteps().steps)).toMatchObject({ state: "failed", attempts: MAX_ATTEMPTS });

      // Not failed yet (pending) or already delivered: nothing to resend. Failed: resend.
      up = true;
      const resent = await api.post(`/v1/apps/${appId}/webhooks/${endpointId}/deliveries/${deliveryId}/resend`, undefined, alice.userToken);
      expect(resent.status, JSON.stringify(resent.body)).toBe(202);
      expect(resent.body).toMatchObject({ id: deliveryId, state: "pending", attempts: 3, attempt_limit: 6, next_retry_at: null });
      expect(runs().at(-1)).toEqual({
        name: "webhooks/delivery.requested",
        id: `webhook-delivery-${deliveryId}-after-3`,
        data: { deliveryId, after: 3 },
      });

      const { steps, ran } = localSteps();
      expect(await runDelivery(deliveryId, steps, {}, 3)).toMatchObject({ done: true, state: "succeeded", attempts: 4 });
      expect(ran).toEqual(["attempt-4"]);
      const bodies = receiver.received.map((r) => verifyWebhook(r.body, r.headers["service-signature"] as string, secret));
      expect(new Set(bodies.map((e) => e.id))).toEqual(new Set([test.body.event_id]));
      const [row] = await logOf(appId, endpointId);
      expect(row).toMatchObject({ state: "succeeded", attempts: 4, attempt_limit: 6, last_status_code: 200 });
      expect(row.attempt_log.map((a: any) => [a.attempt, a.status_code])).toEqual([
        [1, 503],
        [2, 503],
        [3, 503],
        [4, 200],
      ]);

      const again = await api.post(`/v1/apps/${appId}/webhooks/${endpointId}/deliveries/${deliveryId}/resend`, undefined, alice.userToken);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: "conflict", detail: expect.stringContaining("failed") });
    } finally {
      await receiver.close();
    }
  });

  it("a resend's backoff starts over at the base; two resends at once start one run", async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const { appId, endpointId } = await endpointAt(receiver.url);
      const runs = captureRuns();
      const test = await api.post(`/v1/apps/${appId}/webhooks/${endpointId}/test`, undefined, alice.userToken);
      await runDelivery(test.body.id, localSteps().steps);
      const path = `/v1/apps/${appId}/webhooks/${endpointId}/deliveries/${test.body.id}/resend`;
      const both = await Promise.all([api.post(path, undefined, alice.userToken), api.post(path, undefined, alice.userToken)]);
      expect(both.map((r) => r.status).sort()).toEqual([202, 409]);
      expect(runs().filter((r) => r.data.after === 3)).toHaveLength(1);

      const second = localSteps();
      expect(await runDelivery(test.body.id, second.steps, {}, 3)).toMatchObject({ state: "failed", attempts: 6 });
      expect(second.sleeps).toEqual([RETRY_BASE_MS, RETRY_BASE_MS * 10]);
      expect(receiver.received).toHaveLength(6);
    } finally {
      await receiver.close();
    }
  });

  it.each([
    [
      "another user's app",
      async (appId: string, endpointId: string) => api.post(`/v1/apps/${appId}/webhooks/${endpointId}/test`, undefined, bob.userToken),
      404,
    ],
    [
      "an unknown endpoint",
      async (appId: string) => api.post(`/v1/apps/${appId}/webhooks/${crypto.randomUUID()}/test`, undefined, alice.userToken),
      404,
    ],
    [
      "a key instead of a user",
      async (appId: string, endpointId: string) => api.post(`/v1/apps/${appId}/webhooks/${endpointId}/test`, undefined, alice.keys.sk_test),
      401,
    ],
    [
      "no credential",
      async (appId: string, endpointId: string) => api.post(`/v1/apps/${appId}/webhooks/${endpointId}/test`, undefined),
      401,
    ],
    [
      "a resend of an unknown delivery",
      async (appId: string, endpointId: string) =>
        api.post(`/v1/apps/${appId}/webhooks/${endpointId}/deliveries/${crypto.randomUUID()}/resend`, undefined, alice.userToken),
      404,
    ],
    [
      "a resend with a delivery id that is no uuid",
      async (appId: string, endpointId: string) =>
        api.post(`/v1/apps/${appId}/webhooks/${endpointId}/deliveries/nope/resend`, undefined, alice.userToken),
      404,
    ],
    [
      "a resend of bob's",
      async (appId: string, endpointId: string) =>
        api.post(`/v1/apps/${appId}/webhooks/${endpointId}/deliveries/${crypto.randomUUID()}/resend`, undefined, bob.userToken),
      404,
    ],
  ])("%s: %#", async (_name, call, status) => {
    const { appId, endpointId } = await endpointAt("https://93.184.215.14/refused");
    const runs = captureRuns();
    const db = await getDb();
    const before = await db.webhookDelivery.count();
    const res = await call(appId, endpointId);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    expect(await db.webhookDelivery.count()).toBe(before);
    expect(runs()).toEqual([]);
  });
});
