import http from "node:http";
import https from "node:https";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { inngest } from "@/lib/jobs/client";
import { DEFAULT_EVENTS, deliverOnce, emitWebhookEvent, MAX_ATTEMPTS, recordWebhookEvent, runDelivery, verifyWebhook, type AttemptResult, type DeliverySteps } from "@/lib/webhooks";
import { attemptDelivery } from "@/lib/webhooks/deliver";
import { deliverWebhook } from "@/lib/webhooks/deliver-function";
import { openSecret } from "@/lib/webhooks/secret-box";
import { hostResolver } from "@/lib/webhooks/ssrf";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { checkedClient } from "./support/openapi-check";
import { startTestServer, type TestServer } from "./support/test-server";
import { setEnv } from "./support/env";

const RETRY_BASE_MS = 20;

let server: TestServer;
let api: ReturnType<typeof checkedClient>;
let alice: Bootstrap;
let bob: Bootstrap;

beforeAll(async () => {
  server = await startTestServer({ env: { WEBHOOK_ALLOW_HTTP_LOOPBACK: "1", WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS), WEBHOOK_TIMEOUT_MS: "5000" } });
  api = checkedClient(server.url);
  alice = await bootstrap();
  bob = await bootstrap();
});

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
  setEnv({ WEBHOOK_ALLOW_HTTP_LOOPBACK: "1" });
});

// ------------------------------------------------------------------ a receiver

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver answering request n (0-based) with `answer(n)`: a status, or "hang". */
async function startReceiver(answer: (n: number) => number | "hang" = () => 200) {
  const received: Received[] = [];
  const hanging: http.ServerResponse[] = [];
  const srv = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const n = received.length;
    received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    const status = answer(n);
    if (status === "hang") {
      hanging.push(res);
      return;
    }
    res.writeHead(status, status >= 300 && status < 400 ? { location: "/elsewhere" } : {}).end("ok");
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const port = (srv.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        hanging.forEach((res) => res.destroy());
        srv.closeAllConnections();
        srv.close(() => resolve());
      }),
  };
}

/** Step tools for runDelivery without the executor: run at once; sleep really waits (short base), and is recorded. */
function localSteps(onSleep?: (ms: number) => Promise<void>) {
  const ran: string[] = [];
  const sleeps: number[] = [];
  const steps: DeliverySteps = {
    run: async (id, fn) => {
      ran.push(id);
      return fn();
    },
    sleep: async (id, ms) => {
      ran.push(id);
      sleeps.push(ms);
      await onSleep?.(ms);
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
  };
  return { steps, ran, sleeps };
}

async function register(user: Bootstrap, body: Record<string, unknown>, appId = user.appId) {
  return api.post(`/v1/apps/${appId}/webhooks`, body, user.userToken);
}

const ENDPOINT_KEYS = ["created_at", "enabled", "events", "id", "url"];

// ------------------------------------------------------------------ endpoints over HTTP

describe("webhook endpoints", () => {
  it("registers with the default events and shows the whsec_ secret once", async () => {
    const created = await register(alice, { url: "https://93.184.215.14/hooks?source=pw" });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual([...ENDPOINT_KEYS, "schemaVersion", "secret"].sort());
    expect(created.body).toMatchObject({
      url: "https://93.184.215.14/hooks?source=pw",
      events: ["world.generation.succeeded", "world.generation.failed", "session.ended"],
      enabled: true,
    });
    expect(created.body.secret).toMatch(/^whsec_[0-9A-Za-z_-]{43}$/);

    const list = await api.get(`/v1/apps/${alice.appId}/webhooks`, alice.userToken);
    expect(list.status).toBe(200);
    const listed = list.body.webhooks.find((w: { id: string }) => w.id === created.body.id);
    expect(Object.keys(listed).sort()).toEqual(ENDPOINT_KEYS);
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret.slice(6));

    // At rest the secret is sealed, not stored as it is, and opens to the one shown.
    const row = await (await getDb()).webhookEndpoint.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.secretEncrypted).not.toContain(created.body.secret.slice(6));
    expect(openSecret(row.secretEncrypted)).toBe(created.body.secret);
  });

  it("takes `*` and explicit types; drops duplicates; `*` alone stands for all", async () => {
    const star = await register(alice, { url: "https://93.184.215.14/a", events: ["*"] });
    expect(star.body.events).toEqual(["*"]);
    const starAndMore = await register(alice, { url: "https://93.184.215.14/b", events: ["world.generation.failed", "*"] });
    expect(starAndMore.body.events).toEqual(["*"]);
    const two = await register(alice, { url: "https://93.184.215.14/c", events: ["world.generation.failed", "session.ended", "world.generation.failed"] });
    expect(two.status).toBe(201);
    expect(two.body.events).toEqual(["world.generation.failed", "session.ended"]);
  });

  it.each([
    ["an unknown event type", { url: "https://93.184.215.14/x", events: ["world.generation.started"] }, "events.0"],
    ["an empty events list", { url: "https://93.184.215.14/x", events: [] }, "events"],
    ["events not an array", { url: "https://93.184.215.14/x", events: "world.generation.failed" }, "events"],
    ["no url", {}, "url"],
    ["a url that is not a string", { url: 42 }, "url"],
    ["an unknown field", { url: "https://93.184.215.14/x", secret: "whsec_mine" }, "secret"],
  ])("refuses %s with 400 naming the field, and stores nothing", async (_name, body, field) => {
    const before = (await api.get(`/v1/apps/${alice.appId}/webhooks`, alice.userToken)).body.webhooks.length;
    const res = await register(alice, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_request");
    expect(res.body.errors.join("\n")).toContain(field);
    expect((await api.get(`/v1/apps/${alice.appId}/webhooks`, alice.userToken)).body.webhooks).toHaveLength(before);
  });

  describe("the SSRF table: refused at registration with 400", () => {
    const cases: [string, string, string | null][] = [
      ["a loopback IPv4", "https://127.0.0.1/hooks", null],
      ["a private IPv4", "https://10.0.0.1/hooks", null],
      ["the IPv6 loopback", "https://[::1]/hooks", null],
      ["a name resolving to a private address", "https://hooks.internal.example/hooks", "10.0.0.7"],
      ["localhost", "https://localhost/hooks", null],
      ["a name under .localhost", "https://hooks.localhost/hooks", null],
      ["plain http", "http://example.com/hooks", null],
    ];
    it.each(cases.flatMap(([name, url, resolvesTo]) => ["0", "1"].map((loopback) => [`${name} (${url}), WEBHOOK_ALLOW_HTTP_LOOPBACK=${loopback}`, url, resolvesTo, loopback] as const)))(
      "%s",
      async (_name, url, resolvesTo, loopback) => {
        setEnv({ WEBHOOK_ALLOW_HTTP_LOOPBACK: loopback });
        const lookup = vi.spyOn(hostResolver, "lookup").mockImplementation(async (host) => {
          if (host === "hooks.internal.example" && resolvesTo) return [{ address: resolvesTo, family: 4 }];
          throw new Error(`unexpected lookup of ${host}`);
        });
        const before = (await api.get(`/v1/apps/${alice.appId}/webhooks`, alice.userToken)).body.webhooks.length;
        const res = await register(alice, { url });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe("invalid_request");
        expect(res.body.errors).toHaveLength(1);
        expect(res.body.errors[0]).toMatch(/^url: /);
        if (resolvesTo) {
          expect(lookup).toHaveBeenCalledWith("hooks.internal.example");
          expect(res.body.errors[0]).toContain(`resolves to ${resolvesTo}, which is a private address`);
        } else {
          expect(lookup).not.toHaveBeenCalled();
        }
        expect((await api.get(`/v1/apps/${alice.appId}/webhooks`, alice.userToken)).body.webhooks).toHaveLength(before);
      },
    );

    it("accepts a name resolving to a public address only", async () => {
      vi.spyOn(hostResolver, "lookup").mockResolvedValue([{ address: "93.184.215.14", family: 4 }]);
      const res = await register(alice, { url: "https://hooks.public.example/hooks" });
      expect(res.status).toBe(201);
      expect(res.body.url).toBe("https://hooks.public.example/hooks");
    });

    it("accepts a name that does not resolve now; each delivery resolves again, fails without connecting anywhere, and is logged", async () => {
      const host = "hooks.not-yet-live.example";
      const lookup = vi.spyOn(hostResolver, "lookup").mockRejectedValue(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" }));
      const app = await api.post("/v1/apps", { name: "Not yet live" }, alice.userToken);
      const created = await register(alice, { url: `https://${host}/hooks` }, app.body.id);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.url).toBe(`https://${host}/hooks`);

      const requests = [vi.spyOn(https, "request"), vi.spyOn(http, "request")];
      const { deliveryIds: [deliveryId] } = await recordWebhookEvent(app.body.id, "world.generation.succeeded", { worldId: "w", jobId: "j" });
      expect(await runDelivery(deliveryId!, localSteps().steps)).toMatchObject({ done: true, state: "failed", attempts: MAX_ATTEMPTS });
      expect(lookup).toHaveBeenCalledTimes(1 + MAX_ATTEMPTS);
      for (const request of requests) expect(request).not.toHaveBeenCalled();

      const error = `host ${host} could not be resolved (ENOTFOUND)`;
      const log = await api.get(`/v1/apps/${app.body.id}/webhooks/${created.body.id}/deliveries`, alice.userToken);
      expect(log.body.deliveries[0]).toMatchObject({ state: "failed", attempts: 3, last_status_code: null, last_error: error, next_retry_at: null });
      expect(log.body.deliveries[0].attempt_log.map((a: { status_code: number | null; error: string }) => [a.status_code, a.error])).toEqual([
        [null, error],
        [null, error],
        [null, error],
      ]);
    });

    it("accepts http://127.0.0.1:<port> and http://localhost:<port> only with WEBHOOK_ALLOW_HTTP_LOOPBACK=1", async () => {
      for (const url of ["http://127.0.0.1:4567/hooks", "http://localhost:4567/hooks"]) {
        setEnv({ WEBHOOK_ALLOW_HTTP_LOOPBACK: "0" });
        expect((await register(alice, { url })).status).toBe(400);
        setEnv({ WEBHOOK_ALLOW_HTTP_LOOPBACK: "1" });
        expect((await register(alice, { url })).status).toBe(201);
      }
    });
  });

  it("deletes with DELETE and with POST …/delete; a second delete is 404", async () => {
    const a = await register(alice, { url: "https://93.184.215.14/del-a" });
    const b = await register(alice, { url: "https://93.184.215.14/del-b" });
    const removed = await api.del(`/v1/apps/${alice.appId}/webhooks/${a.body.id}`, alice.userToken);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true, schemaVersion: "1.0" });
    const viaPost = await api.post(`/v1/apps/${alice.appId}/webhooks/${b.body.id}/delete`, undefined, alice.userToken);
    expect(viaPost.status).toBe(200);
    expect(viaPost.body).toEqual({ ok: true, schemaVersion: "1.0" });
    const ids = (await api.get(`/v1/apps/${alice.appId}/webhooks`, alice.userToken)).body.webhooks.map((w: { id: string }) => w.id);
    expect(ids).not.toContain(a.body.id);
    expect(ids).not.toContain(b.body.id);
    expect((await api.del(`/v1/apps/${alice.appId}/webhooks/${a.body.id}`, alice.userToken)).status).toBe(404);
    expect((await api.post(`/v1/apps/${alice.appId}/webhooks/${b.body.id}/delete`, {}, alice.userToken)).status).toBe(404);
  });

  it("answers 404 for another user's app, and for an endpoint of another app", async () => {
    const bobs = await register(bob, { url: "https://93.184.215.14/bob" });
    expect(bobs.status).toBe(201);
    const calls: [string, string, unknown?][] = [
      ["POST", `/v1/apps/${bob.appId}/webhooks`, { url: "https://93.184.215.14/x" }],
      ["GET", `/v1/apps/${bob.appId}/webhooks`],
      ["DELETE", `/v1/apps/${bob.appId}/webhooks/${bobs.body.id}`],
      ["POST", `/v1/apps/${bob.appId}/webhooks/${bobs.body.id}/delete`],
      ["GET", `/v1/apps/${bob.appId}/webhooks/${bobs.body.id}/deliveries`],
      ["DELETE", `/v1/apps/${alice.appId}/webhooks/${bobs.body.id}`],
      ["POST", `/v1/apps/${alice.appId}/webhooks/${bobs.body.id}/delete`],
      ["GET", `/v1/apps/${alice.appId}/webhooks/${bobs.body.id}/deliveries`],
      ["DELETE", `/v1/apps/${alice.appId}/webhooks/not-a-uuid`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api.call(method, path, { token: alice.userToken, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    // Bob's endpoint is still there.
    expect((await api.get(`/v1/apps/${bob.appId}/webhooks`, bob.userToken)).body.webhooks.map((w: { id: string }) => w.id)).toContain(bobs.body.id);
  });

  it("needs the user session: no credential or an API key is 401", async () => {
    expect((await api.get(`/v1/apps/${alice.appId}/webhooks`)).status).toBe(401);
    expect((await api.post(`/v1/apps/${alice.appId}/webhooks`, { url: "https://93.184.215.14/x" }, alice.keys.sk_live)).status).toBe(401);
  });
});

// ------------------------------------------------------------------ deliveries

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

  it("deliverOnce: a 2xx acknowledges; the body, headers and signature are as the spec says", async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const secret = "whsec_unit";
      const event = { id: "evt_00000000000000000000000000000001", type: "world.generation.succeeded", created: 1_763_700_000, appId: alice.appId, data: { worldId: "w1", jobId: "j1" } };
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
      expect(new Stripe("sk_test_not_used").webhooks.constructEvent(request!.body, request!.headers["service-signature"] as string, secret)).toEqual(event);
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
      const outcome = await deliverOnce({ url: receiver.url, secret: "whsec_x" }, { id: "evt_1", type: "world.generation.failed", created: 1, appId: alice.appId, data: {} });
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
    const rebound = await deliverOnce({ url: "https://hooks.example.com/x", secret: "whsec_x" }, event, { lookup: async () => [{ address: "10.0.0.9", family: 4 }] });
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
    const first = await recordWebhookEvent(app.body.id, "world.generation.succeeded", { worldId: "w", jobId: "j9" }, { idempotencyKey: "j9:succeeded" });
    const again = await recordWebhookEvent(app.body.id, "world.generation.succeeded", { worldId: "w", jobId: "j9" }, { idempotencyKey: "j9:succeeded" });
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
    expect(deliverWebhook.opts.triggers).toEqual([{ event: "webhooks/delivery.requested" }]);
    expect(deliverWebhook.opts.retries).toBe(0);
    expect(typeof deliverWebhook.opts.onFailure).toBe("function");
  });

  it("a 2xx on the first attempt: one request, succeeded, no sleep", async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const { appId, endpointId, secret } = await endpointAt(receiver.url);
      const { deliveryIds: [deliveryId] } = await recordWebhookEvent(appId, "world.generation.succeeded", { worldId: "w", jobId: "j" });
      const { steps, ran } = localSteps();
      const result = await runDelivery(deliveryId!, steps);
      expect(result).toMatchObject({ done: true, state: "succeeded", attempts: 1 });
      expect(ran).toEqual(["attempt-1"]);
      expect(receiver.received).toHaveLength(1);
      const event = verifyWebhook(receiver.received[0]!.body, receiver.received[0]!.headers["service-signature"] as string, secret);
      expect(event).toMatchObject({ type: "world.generation.succeeded", appId, data: { worldId: "w", jobId: "j" } });

      const log = await deliveryLog(appId, endpointId);
      expect(log.deliveries).toHaveLength(1);
      expect(log.deliveries[0]).toMatchObject({ id: deliveryId, event_id: event.id, event_type: "world.generation.succeeded", state: "succeeded", attempts: 1, last_status_code: 200, last_error: null, next_retry_at: null });
      expect(log.deliveries[0].attempt_log).toEqual([expect.objectContaining({ attempt: 1, status_code: 200, error: null })]);
    } finally {
      await receiver.close();
    }
  });

  it("a 500 then a 200: the same event id twice, a backoff of WEBHOOK_RETRY_BASE_MS between, both attempts logged", async () => {
    const receiver = await startReceiver((n) => (n === 0 ? 500 : 200));
    try {
      const { appId, endpointId, secret } = await endpointAt(receiver.url);
      const { eventId, deliveryIds: [deliveryId] } = await recordWebhookEvent(appId, "world.generation.failed", { jobId: "j2", error: "boom" });
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

      expect(midway).toEqual([expect.objectContaining({ state: "pending", attempts: 1, last_status_code: 500, next_retry_at: expect.any(String) })]);
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
      const { eventId, deliveryIds: [deliveryId] } = await recordWebhookEvent(appId, "world.generation.succeeded", { worldId: "w", jobId: "j3" });
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
      const { deliveryIds: [deliveryId] } = await recordWebhookEvent(appId, "world.generation.succeeded", { worldId: "w", jobId: "j4" });
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
      const { deliveryIds: [deliveryId] } = await recordWebhookEvent(appId, "world.generation.succeeded", { worldId: "w", jobId: "j5" });
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
      for (let i = 0; i < 3; i++) ids.push((await recordWebhookEvent(appId, "world.generation.succeeded", { worldId: `w${i}`, jobId: `j${i}` })).eventId);
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
