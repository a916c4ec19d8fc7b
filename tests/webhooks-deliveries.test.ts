import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { inngest } from "@/lib/jobs/client";
import {
  DEFAULT_EVENTS,
  deliverOnce,
  emitWebhookEvent,
  MAX_ATTEMPTS,
  recordWebhookEvent,
  runDelivery,
  verifyWebhook,
  type AttemptResult,
} from "@/lib/webhooks";
import { attemptDelivery } from "@/lib/webhooks/deliver";
import { deliverWebhook } from "@/lib/webhooks/deliver-function";
import { alice, api, localSteps, register, RETRY_BASE_MS, startReceiver, withWebhooksServer } from "./support/webhooks";

withWebhooksServer();

describe("deliveries", () => {
  /** A fresh app of Alice's with one endpoint at `url`. */
  async function endpointAt(url: string, events?: string[]) {
    const app = await api.post("/v1/apps", { name: "Hooks" }, alice.userToken);
    const created = await register(alice, events ? { url, events } : { url }, app.body.id);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { appId: app.body.id as string, endpointId: created.body.id as string, secret: created.body.secret as string };
  }

  async function deliveryLog(appId: string, endpointId: string, query = "") {
    const res = await api.get(`/v1/apps/${appId}/webhooks/${endpointId}/deliveries${query}`, alice.userToken);
    expect(res.status).toBe(200);
    return res.body;
  }

  it("deliverOnce: a 2xx acknowledges; the body, headers and signature are as docs/webhooks.md says", async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const secret = "whsec_unit";
      const event = {
        id: "evt_00000000000000000000000000000001",
        type: "world.generation.succeeded",
        created: 1_763_700_000,
        appId: alice.appId,
        data: { worldId: "w1", jobId: "j1" },
      };
      const outcome = await deliverOnce({ url: receiver.url, secret }, event);
      expect(outcome).toMatchObject({ ok: true, statusCode: 204, error: null });
      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      expect(request!.path).toBe("/hooks");
      expect(request!.headers["content-type"]).toBe("application/json");
      expect(request!.headers["service-event"]).toBe("world.generation.succeeded");
      expect(request!.headers["service-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(request!.body).toBe(JSON.stringify(event));
      expect(verifyWebhook(request!.body, request!.headers["service-signature"] as string, secret)).toEqual(event);
      expect(
        new Stripe("sk_test_not_used").webhooks.constructEvent(request!.body, request!.headers["service-signature"] as string, secret),
      ).toEqual(event);
    } finally {
      await receiver.close();
    }
  });

  it.each([
    ["a 500", 500],
    ["a 302 (redirects are not followed)", 302],
    ["a 404", 404],
  ])("deliverOnce: %s is a failure", async (_name, status) => {
    const receiver = await startReceiver(() => status);
    try {
      const outcome = await deliverOnce(
        { url: receiver.url, secret: "whsec_x" },
        { id: "evt_1", type: "world.generation.failed", created: 1, appId: alice.appId, data: {} },
      );
      expect(outcome).toMatchObject({ ok: false, statusCode: status, error: null });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it("deliverOnce: a timeout, a refused connection and a refused URL are failures without a status", async () => {
    const receiver = await startReceiver(() => "hang");
    const event = { id: "evt_2", type: "world.generation.failed", created: 1, appId: alice.appId, data: {} };
    try {
      const timedOut = await deliverOnce({ url: receiver.url, secret: "whsec_x" }, event, { timeoutMs: 150 });
      expect(timedOut).toMatchObject({ ok: false, statusCode: null, error: "timed out after 150 ms" });
    } finally {
      await receiver.close();
    }
    const refused = await deliverOnce({ url: receiver.url, secret: "whsec_x" }, event);
    expect(refused).toMatchObject({ ok: false, statusCode: null });
    expect(refused.error).toContain("ECONNREFUSED");

    // Checked again on every attempt: a name that now resolves to a private address is not called.
    const rebound = await deliverOnce({ url: "https://hooks.example.com/x", secret: "whsec_x" }, event, {
      lookup: async () => [{ address: "10.0.0.9", family: 4 }],
    });
    expect(rebound).toMatchObject({ ok: false, statusCode: null });
    expect(rebound.error).toMatch(/^URL refused: host hooks\.example\.com resolves to 10\.0\.0\.9/);
    // And with the loopback setting off, the loopback receiver itself is refused.
    const strict = await deliverOnce({ url: receiver.url, secret: "whsec_x" }, event, { allowHttpLoopback: false });
    expect(strict.error).toMatch(/^URL refused: must use https/);
  });

  it("delivers to subscribed endpoints only: by type, by `*`, by the default set", async () => {
    const app = await api.post("/v1/apps", { name: "Fan-out" }, alice.userToken);
    const appId = app.body.id as string;
    const failedOnly = await register(alice, { url: "https://93.184.215.14/f", events: ["world.generation.failed"] }, appId);
    const star = await register(alice, { url: "https://93.184.215.14/s", events: ["*"] }, appId);
    const defaults = await register(alice, { url: "https://93.184.215.14/d" }, appId);
    const sessionOnly = await register(alice, { url: "https://93.184.215.14/e", events: ["session.ended"] }, appId);

    const recorded = await recordWebhookEvent(appId, "world.generation.succeeded", { worldId: "w", jobId: "j" });
    expect(recorded.eventId).toMatch(/^evt_[0-9a-f]{32}$/);
    const db = await getDb();
    const rows = await db.webhookDelivery.findMany({ where: { eventId: recorded.eventId } });
    expect(rows.map((r) => r.endpointId).sort()).toEqual([star.body.id, defaults.body.id].sort());
    expect(rows.map((r) => r.id).sort()).toEqual([...recorded.deliveryIds].sort());
    expect(rows.every((r) => r.state === "pending" && r.attempts === 0)).toBe(true);

    const failed = await recordWebhookEvent(appId, "world.generation.failed", { jobId: "j", error: "provider down" });
    expect(failed.deliveryIds).toHaveLength(3);
    expect(sessionOnly.status).toBe(201);
    expect(failedOnly.status).toBe(201);
    expect(DEFAULT_EVENTS).toContain("session.ended");
  });

  it("records nothing when no endpoint subscribes, and repeats an emit with the same idempotency key as the same event", async () => {
    const app = await api.post("/v1/apps", { name: "Quiet" }, alice.userToken);
    const none = await recordWebhookEvent(app.body.id, "world.generation.succeeded", { worldId: "w", jobId: "j" });
    expect(none.deliveryIds).toEqual([]);
    expect(await (await getDb()).webhookEvent.count({ where: { appId: app.body.id } })).toBe(0);

    await register(alice, { url: "https://93.184.215.14/q" }, app.body.id);
    const first = await recordWebhookEvent(
      app.body.id,
      "world.generation.succeeded",
      { worldId: "w", jobId: "j9" },
      { idempotencyKey: "j9:succeeded" },
    );
    const again = await recordWebhookEvent(
      app.body.id,
      "world.generation.succeeded",
      { worldId: "w", jobId: "j9" },
      { idempotencyKey: "j9:succeeded" },
    );
    expect(again).toEqual(first);
    expect(first.deliveryIds).toHaveLength(1);
    expect(await (await getDb()).webhookEvent.count({ where: { appId: app.body.id } })).toBe(1);
  });

  it("emitWebhookEvent starts one durable delivery run per subscribed endpoint", async () => {
    const app = await api.post("/v1/apps", { name: "Emit" }, alice.userToken);
    const a = await register(alice, { url: "https://93.184.215.14/1" }, app.body.id);
    const b = await register(alice, { url: "https://93.184.215.14/2", events: ["*"] }, app.body.id);
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] } as never);

    const emitted = await emitWebhookEvent(app.body.id, "world.generation.succeeded", { worldId: "w", jobId: "j" });
    expect(send).toHaveBeenCalledTimes(1);
    const sent = send.mock.calls[0]![0] as { name: string; id: string; data: { deliveryId: string } }[];
    expect(sent.map((e) => e.name)).toEqual(["webhooks/delivery.requested", "webhooks/delivery.requested"]);
    expect(sent.map((e) => e.data.deliveryId).sort()).toEqual([...emitted.deliveryIds].sort());
    expect(sent.map((e) => e.id).sort()).toEqual(emitted.deliveryIds.map((id) => `webhook-delivery-${id}`).sort());
    const rows = await (await getDb()).webhookDelivery.findMany({ where: { id: { in: emitted.deliveryIds } } });
    expect(rows.map((r) => r.endpointId).sort()).toEqual([a.body.id, b.body.id].sort());

    // No subscriber, nothing to start.
    const quiet = await api.post("/v1/apps", { name: "Quiet emit" }, alice.userToken);
    await emitWebhookEvent(quiet.body.id, "world.generation.failed", { jobId: "j", error: "x" });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("the delivery function: triggered by webhooks/delivery.requested, Inngest retries off (the 3 attempts are its own)", () => {
    expect(deliverWebhook.id()).toBe("webhook-deliver");
    expect(deliverWebhook.opts.triggers?.map((trigger) => trigger.event)).toEqual(["webhooks/delivery.requested"]);
    expect(deliverWebhook.opts.retries).toBe(0);
    expect(typeof deliverWebhook.opts.onFailure).toBe("function");
  });

  it("a 2xx on the first attempt: one request, succeeded, no sleep", async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const { appId, endpointId, secret } = await endpointAt(receiver.url);
      const {
        deliveryIds: [deliveryId],
      } = await recordWebhookEvent(appId, "world.generation.succeeded", { worldId: "w", jobId: "j" });
      const { steps, ran } = localSteps();
      const result = await runDelivery(deliveryId!, steps);
      expect(result).toMatchObject({ done: true, state: "succeeded", attempts: 1 });
      expect(ran).toEqual(["attempt-1"]);
      expect(receiver.received).toHaveLength(1);
      const event = verifyWebhook(receiver.received[0]!.body, receiver.received[0]!.headers["service-signature"] as string, secret);
      expect(event).toMatchObject({ type: "world.generation.succeeded", appId, data: { worldId: "w", jobId: "j" } });

      const log = await deliveryLog(appId, endpointId);
      expect(log.deliveries).toHaveLength(1);
      expect(log.deliveries[0]).toMatchObject({
        id: deliveryId,
        event_id: event.id,
        event_type: "world.generation.succeeded",
        state: "succeeded",
        attempts: 1,
        last_status_code: 200,
        last_error: null,
        next_retry_at: null,
      });
      expect(log.deliveries[0].attempt_log).toEqual([expect.objectContaining({ attempt: 1, status_code: 200, error: null })]);
    } finally {
      await receiver.close();
    }
  });

  it("a 500 then a 200: the same event id twice, a backoff of WEBHOOK_RETRY_BASE_MS between, both attempts logged", async () => {
    const receiver = await startReceiver((n) => (n === 0 ? 500 : 200));
    try {
      const { appId, endpointId, secret } = await endpointAt(receiver.url);
      const {
        eventId,
        deliveryIds: [deliveryId],
      } = await recordWebhookEvent(appId, "world.generation.failed", { jobId: "j2", error: "boom" });
      // While it waits, the log shows the failed attempt and when the next one is due.
      const midway: any[] = [];
      const { steps, ran, sleeps } = localSteps(async () => {
        midway.push((await deliveryLog(appId, endpointId)).deliveries[0]);
      });
      const result = await runDelivery(deliveryId!, steps);
      expect(result).toMatchObject({ done: true, state: "succeeded", attempts: 2 });
      expect(ran).toEqual(["attempt-1", "backoff-1", "attempt-2"]);
      expect(sleeps).toEqual([RETRY_BASE_MS]);

      expect(receiver.received).toHaveLength(2);
      const events = receiver.received.map((r) => verifyWebhook(r.body, r.headers["service-signature"] as string, secret));
      expect(events.map((e) => e.id)).toEqual([eventId, eventId]);
      expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body);

      expect(midway).toEqual([
        expect.objectContaining({ state: "pending", attempts: 1, last_status_code: 500, next_retry_at: expect.any(String) }),
      ]);
      const [row] = (await deliveryLog(appId, endpointId)).deliveries;
      expect(row).toMatchObject({ state: "succeeded", attempts: 2, last_status_code: 200, next_retry_at: null });
      expect(row.attempt_log.map((a: { attempt: number; status_code: number }) => [a.attempt, a.status_code])).toEqual([
        [1, 500],
        [2, 200],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it("an always-failing receiver gets exactly 3 attempts, with exponential backoff, all in the log", async () => {
    const receiver = await startReceiver(() => 503);
    try {
      const { appId, endpointId } = await endpointAt(receiver.url);
      const {
        eventId,
        deliveryIds: [deliveryId],
      } = await recordWebhookEvent(appId, "world.generation.succeeded", { worldId: "w", jobId: "j3" });
      const { steps, ran, sleeps } = localSteps();
      const result = await runDelivery(deliveryId!, steps);
      expect(result).toMatchObject({ done: true, state: "failed", attempts: MAX_ATTEMPTS });
      expect(ran).toEqual(["attempt-1", "backoff-1", "attempt-2", "backoff-2", "attempt-3"]);
      expect(sleeps).toEqual([RETRY_BASE_MS, RETRY_BASE_MS * 10]);
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((r) => JSON.parse(r.body).id))).toEqual(new Set([eventId]));

      const [row] = (await deliveryLog(appId, endpointId)).deliveries;
      expect(row).toMatchObject({ state: "failed", attempts: 3, last_status_code: 503, next_retry_at: null });
      expect(row.attempt_log.map((a: { attempt: number; status_code: number }) => [a.attempt, a.status_code])).toEqual([
        [1, 503],
        [2, 503],
        [3, 503],
      ]);
      // Nothing more happens if the run is driven again.
      expect(await runDelivery(deliveryId!, localSteps().steps)).toMatchObject({ done: true, state: "failed" });
      expect(receiver.received).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it("a replayed attempt step (a restart) does not send again", async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const { appId } = await endpointAt(receiver.url);
      const {
        deliveryIds: [deliveryId],
      } = await recordWebhookEvent(appId, "world.generation.succeeded", { worldId: "w", jobId: "j4" });
      const first: AttemptResult = await attemptDelivery(deliveryId!, 1);
      const replay = await attemptDelivery(deliveryId!, 1);
      expect(first).toMatchObject({ done: false, state: "pending", attempts: 1, retryInMs: RETRY_BASE_MS });
      expect(replay).toEqual(first);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it("stops when the endpoint is deleted between attempts", async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const { appId, endpointId } = await endpointAt(receiver.url);
      const {
        deliveryIds: [deliveryId],
      } = await recordWebhookEvent(appId, "world.generation.succeeded", { worldId: "w", jobId: "j5" });
      const { steps } = localSteps(async () => {
        await api.del(`/v1/apps/${appId}/webhooks/${endpointId}`, alice.userToken);
      });
      expect(await runDelivery(deliveryId!, steps)).toMatchObject({ done: true, state: "gone" });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it("pages the log newest first", async () => {
    const receiver = await startReceiver();
    try {
      const { appId, endpointId } = await endpointAt(receiver.url);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++)
        ids.push((await recordWebhookEvent(appId, "world.generation.succeeded", { worldId: `w${i}`, jobId: `j${i}` })).eventId);
      const first = await deliveryLog(appId, endpointId, "?limit=2");
      expect(first.deliveries.map((d: { event_id: string }) => d.event_id)).toEqual([ids[2], ids[1]]);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await deliveryLog(appId, endpointId, `?limit=2&cursor=${first.nextCursor}`);
      expect(second.deliveries.map((d: { event_id: string }) => d.event_id)).toEqual([ids[0]]);
      expect(second.nextCursor).toBeNull();
      for (const query of ["?limit=0", "?limit=101", "?cursor=bogus", "?page=2"]) {
        const res = await api.get(`/v1/apps/${appId}/webhooks/${endpointId}/deliveries${query}`, alice.userToken);
        expect(res.status, query).toBe(400);
      }
    } finally {
      await receiver.close();
    }
  });
});
