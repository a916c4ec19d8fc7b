/**
 * PATCH /v1/apps/{id}/webhooks/{whId} (docs/webhooks.md "Switching an endpoint off"): url,
 * events and enabled change; a disabled endpoint receives nothing and its pending retries stop;
 * enabled again, it receives new events.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { waitFor } from "@/lib/jobs/executor/testing";
import { emitWebhookEvent } from "@/lib/webhooks";
import { setEnv } from "./support/env";
import { alice, api, bob, register, RETRY_BASE_MS, startReceiver, withWebhooksServer } from "./support/webhooks";

withWebhooksServer();

async function endpointAt(url: string) {
  const app = await api.post("/v1/apps", { name: "Switch" }, alice.userToken);
  const created = await register(alice, { url, events: ["*"] }, app.body.id);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { appId: app.body.id as string, endpointId: created.body.id as string };
}

const patch = (appId: string, endpointId: string, body: unknown, token = alice.userToken) =>
  api.call("PATCH", `/v1/apps/${appId}/webhooks/${endpointId}`, { body, token });

describe("PATCH a webhook endpoint", () => {
  it("changes url, events and enabled, and shows the endpoint as it now is", async () => {
    const { appId, endpointId } = await endpointAt("http://127.0.0.1:9/first");
    const res = await patch(appId, endpointId, {
      url: "http://127.0.0.1:9/second",
      events: ["campaign.completed", "campaign.completed"],
      enabled: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      id: endpointId,
      url: "http://127.0.0.1:9/second",
      events: ["campaign.completed"],
      enabled: false,
      created_at: expect.any(String),
      schemaVersion: "1.0",
    });
    const list = await api.get(`/v1/apps/${appId}/webhooks`, alice.userToken);
    expect(list.body.webhooks[0]).toMatchObject({ id: endpointId, url: "http://127.0.0.1:9/second", enabled: false });
  });

  it.each([
    ["no field", {}, /at least one/],
    ["an unknown field", { secret: "x" }, /secret/],
    ["a URL that is not allowed", { url: "http://10.0.0.1/hook" }, /url/],
    ["an unknown event type", { events: ["world.deleted"] }, /events/],
    ["enabled not a boolean", { enabled: "no" }, /enabled/],
  ])("400 for %s, and nothing changes", async (_name, body, named) => {
    const { appId, endpointId } = await endpointAt("http://127.0.0.1:9/keep");
    const res = await patch(appId, endpointId, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_request", detail: expect.any(String) });
    expect(JSON.stringify(res.body)).toMatch(named);
    const list = await api.get(`/v1/apps/${appId}/webhooks`, alice.userToken);
    expect(list.body.webhooks[0]).toMatchObject({ url: "http://127.0.0.1:9/keep", events: ["*"], enabled: true });
  });

  it("404 for another user's app and for an endpoint of another app", async () => {
    const { appId, endpointId } = await endpointAt("http://127.0.0.1:9/x");
    expect((await patch(appId, endpointId, { enabled: false }, bob.userToken)).status).toBe(404);
    const other = await api.post("/v1/apps", { name: "Other" }, alice.userToken);
    expect((await patch(other.body.id, endpointId, { enabled: false })).status).toBe(404);
  });

  it("a disabled endpoint receives nothing; enabled again, it receives new events", async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const { appId, endpointId } = await endpointAt(receiver.url);
      expect((await patch(appId, endpointId, { enabled: false })).status).toBe(200);
      const off = await emitWebhookEvent(appId, "campaign.completed", { campaignId: "c-off", jobId: "j-off" });
      expect(off.deliveryIds).toEqual([]);
      expect((await api.post(`/v1/apps/${appId}/webhooks/${endpointId}/test`, {}, alice.userToken)).status).toBe(409);

      expect((await patch(appId, endpointId, { enabled: true })).status).toBe(200);
      await emitWebhookEvent(appId, "campaign.completed", { campaignId: "c-on", jobId: "j-on" });
      await waitFor(() => receiver.received.length >= 1, { what: "the delivery after enabling" });
      // Give a stray delivery of the event sent while off time to show up, were there one.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received.map((r) => (JSON.parse(r.body) as { data: { campaignId: string } }).data.campaignId)).toEqual(["c-on"]);
    } finally {
      await receiver.close();
    }
  });

  it("disabling stops the pending retries of a failing endpoint at once, and a resend waits until it is enabled", async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const { appId, endpointId } = await endpointAt(receiver.url);
      // A long backoff: the second attempt would come long after the test.
      setEnv({ WEBHOOK_RETRY_BASE_MS: "600000" });
      const db = await getDb();
      const { deliveryIds } = await emitWebhookEvent(appId, "campaign.completed", { campaignId: "c1", jobId: "j1" });
      await waitFor(async () => (await db.webhookDelivery.findUnique({ where: { id: deliveryIds[0]! } }))?.attempts === 1, {
        what: "the first attempt",
      });
      const res = await patch(appId, endpointId, { enabled: false });
      expect(res.status).toBe(200);
      const stopped = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0]! } });
      expect(stopped).toMatchObject({ state: "failed", lastError: "endpoint disabled", nextRetryAt: null });
      const attemptsThen = receiver.received.length;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.received.length).toBe(attemptsThen);

      const resend = `/v1/apps/${appId}/webhooks/${endpointId}/deliveries/${deliveryIds[0]}/resend`;
      expect((await api.post(resend, {}, alice.userToken)).status).toBe(409);
      expect((await patch(appId, endpointId, { enabled: true })).status).toBe(200);
      setEnv({ WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS) });
      expect((await api.post(resend, {}, alice.userToken)).status).toBe(202);
      await waitFor(() => receiver.received.length > attemptsThen, { what: "the resent delivery's attempt" });
    } finally {
      setEnv({ WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS) });
      await receiver.close();
    }
  });
});
