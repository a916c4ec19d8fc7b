import http from "node:http";
import https from "node:https";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { MAX_ATTEMPTS, recordWebhookEvent, runDelivery } from "@/lib/webhooks";
import { openSecret } from "@/lib/webhooks/secret-box";
import { hostResolver } from "@/lib/webhooks/ssrf";
import { setEnv } from "./support/env";
import { alice, api, bob, localSteps, register, withWebhooksServer } from "./support/webhooks";

withWebhooksServer();

const ENDPOINT_KEYS = ["created_at", "enabled", "events", "id", "url"];

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
    const two = await register(alice, {
      url: "https://93.184.215.14/c",
      events: ["world.generation.failed", "session.ended", "world.generation.failed"],
    });
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
    it.each(
      cases.flatMap(([name, url, resolvesTo]) =>
        ["0", "1"].map((loopback) => [`${name} (${url}), WEBHOOK_ALLOW_HTTP_LOOPBACK=${loopback}`, url, resolvesTo, loopback] as const),
      ),
    )("%s", async (_name, url, resolvesTo, loopback) => {
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
    });

    it("accepts a name resolving to a public address only", async () => {
      vi.spyOn(hostResolver, "lookup").mockResolvedValue([{ address: "93.184.215.14", family: 4 }]);
      const res = await register(alice, { url: "https://hooks.public.example/hooks" });
      expect(res.status).toBe(201);
      expect(res.body.url).toBe("https://hooks.public.example/hooks");
    });

    it("accepts a name that does not resolve now; each delivery resolves again, fails without connecting anywhere, and is logged", async () => {
      const host = "hooks.not-yet-live.example";
      const lookup = vi
        .spyOn(hostResolver, "lookup")
        .mockRejectedValue(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" }));
      const app = await api.post("/v1/apps", { name: "Not yet live" }, alice.userToken);
      const created = await register(alice, { url: `https://${host}/hooks` }, app.body.id);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.url).toBe(`https://${host}/hooks`);

      const requests = [vi.spyOn(https, "request"), vi.spyOn(http, "request")];
      const {
        deliveryIds: [deliveryId],
      } = await recordWebhookEvent(app.body.id, "world.generation.succeeded", { worldId: "w", jobId: "j" });
      expect(await runDelivery(deliveryId!, localSteps().steps)).toMatchObject({ done: true, state: "failed", attempts: MAX_ATTEMPTS });
      expect(lookup).toHaveBeenCalledTimes(1 + MAX_ATTEMPTS);
      for (const request of requests) expect(request).not.toHaveBeenCalled();

      const error = `host ${host} could not be resolved (ENOTFOUND)`;
      const log = await api.get(`/v1/apps/${app.body.id}/webhooks/${created.body.id}/deliveries`, alice.userToken);
      expect(log.body.deliveries[0]).toMatchObject({
        state: "failed",
        attempts: 3,
        last_status_code: null,
        last_error: error,
        next_retry_at: null,
      });
      expect(
        log.body.deliveries[0].attempt_log.map((a: { status_code: number | null; error: string }) => [a.status_code, a.error]),
      ).toEqual([
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
    expect((await api.get(`/v1/apps/${bob.appId}/webhooks`, bob.userToken)).body.webhooks.map((w: { id: string }) => w.id)).toContain(
      bobs.body.id,
    );
  });

  it("needs the user session: no credential or an API key is 401", async () => {
    expect((await api.get(`/v1/apps/${alice.appId}/webhooks`)).status).toBe(401);
    expect((await api.post(`/v1/apps/${alice.appId}/webhooks`, { url: "https://93.184.215.14/x" }, alice.keys.sk_live)).status).toBe(401);
  });
});
