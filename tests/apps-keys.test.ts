import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkedClient as apiClient } from "./support/openapi-check";
import { startTestServer, type TestServer } from "./support/test-server";
import { runCliCommand } from "@/lib/cli/commands";

let server: TestServer;
let api: ReturnType<typeof apiClient>;
type Bootstrap = {
  userId: string;
  email: string;
  userToken: string;
  appId: string;
  keys: Record<"sk_test" | "pk_test" | "sk_live" | "pk_live", string>;
};
let alice: Bootstrap;
let bob: Bootstrap;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  alice = (await runCliCommand("bootstrap", { email: "alice@example.com", password: "correct horse" })) as Bootstrap;
  bob = (await runCliCommand("bootstrap", { email: "bob@example.com" })) as Bootstrap;
});

afterAll(async () => {
  await server?.close();
});

describe("apps", () => {
  it("creates, lists, reads and updates apps of the signed-in user", async () => {
    const created = await api.post("/v1/apps", { name: "  Shop  " }, alice.userToken);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Shop", defaultMode: "test", embedOrigins: [], schemaVersion: "1.0" });

    const list = await api.get("/v1/apps", alice.userToken);
    expect(list.status).toBe(200);
    // the default app of sign-up, the bootstrap app, and this one
    expect(list.body.apps.map((a: { name: string }) => a.name)).toEqual(["My first app", "CLI app", "Shop"]);

    const patched = await api.patch(
      `/v1/apps/${created.body.id}`,
      { name: "Shop 2", defaultMode: "live", embedOrigins: ["https://shop.example", "http://localhost:5173", "https://shop.example/"] },
      alice.userToken,
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      name: "Shop 2",
      defaultMode: "live",
      embedOrigins: ["https://shop.example", "http://localhost:5173"],
    });
    expect((await api.get(`/v1/apps/${created.body.id}`, alice.userToken)).body.name).toBe("Shop 2");
  });

  it.each([
    ["a path", { embedOrigins: ["https://shop.example/path"] }, "embedOrigins.0"],
    ["a non-http scheme", { embedOrigins: ["ftp://shop.example"] }, "embedOrigins.0"],
    ["an unknown mode", { defaultMode: "staging" }, "defaultMode"],
    ["an empty name", { name: "  " }, "name"],
    ["an unknown field", { colour: "red" }, "colour"],
  ])("refuses %s with 400 and changes nothing", async (_case, body, field) => {
    const before = await api.get(`/v1/apps/${alice.appId}`, alice.userToken);
    const res = await api.patch(`/v1/apps/${alice.appId}`, body, alice.userToken);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_request");
    expect(res.body.errors.join("\n")).toContain(field);
    expect((await api.get(`/v1/apps/${alice.appId}`, alice.userToken)).body).toEqual(before.body);
  });
});

describe("keys", () => {
  it("shows a secret once, lists metadata only, and revokes", async () => {
    const created = await api.post(`/v1/apps/${alice.appId}/keys`, { kind: "secret", mode: "live", name: "server" }, alice.userToken);
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^sk_live_[0-9A-Za-z]{43}$/);
    expect(created.body).toMatchObject({
      prefix: "sk_live_",
      last4: created.body.secret.slice(-4),
      kind: "secret",
      mode: "live",
      name: "server",
      revoked_at: null,
    });

    const list = await api.get(`/v1/apps/${alice.appId}/keys`, alice.userToken);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret);
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret.slice(8, 30));
    const listed = list.body.keys.find((k: { id: string }) => k.id === created.body.id);
    expect(Object.keys(listed).sort()).toEqual([
      "created_at",
      "id",
      "kind",
      "last4",
      "last_used_at",
      "mode",
      "name",
      "prefix",
      "revoked_at",
      "scopes",
    ]);

    // The key works until it is revoked.
    expect((await api.get("/v1/usage", created.body.secret)).status).toBe(200);
    const revoked = await api.del(`/v1/apps/${alice.appId}/keys/${created.body.id}`, alice.userToken);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_at).toEqual(expect.any(String));
    const denied = await api.get("/v1/usage", created.body.secret);
    expect(denied.status).toBe(401);
    expect(denied.body.code).toBe("unauthorized");
  });

  it("records last use without a write per request", async () => {
    await api.get("/v1/usage", alice.keys.pk_test);
    const list = await api.get(`/v1/apps/${alice.appId}/keys`, alice.userToken);
    const pk = list.body.keys.find((k: { prefix: string }) => k.prefix === "pk_test_");
    expect(pk.last_used_at).toEqual(expect.any(String));
  });

  it.each([
    [{ kind: "root", mode: "test" }, "kind"],
    [{ kind: "secret", mode: "prod" }, "mode"],
    [{ kind: "secret", mode: "test", scopes: ["worlds:delete-everything"] }, "scopes.0"],
    [{ kind: "secret", mode: "test", secret: "sk_test_mine" }, "secret"],
  ])("refuses bad key requests %j", async (body, field) => {
    const before = (await api.get(`/v1/apps/${alice.appId}/keys`, alice.userToken)).body.keys.length;
    const res = await api.post(`/v1/apps/${alice.appId}/keys`, body, alice.userToken);
    expect(res.status).toBe(400);
    expect(res.body.errors.join("\n")).toContain(field);
    expect((await api.get(`/v1/apps/${alice.appId}/keys`, alice.userToken)).body.keys.length).toBe(before);
  });

  it("limits a scoped key to its scopes", async () => {
    const scoped = await api.post(
      `/v1/apps/${alice.appId}/keys`,
      { kind: "secret", mode: "test", scopes: ["worlds:read"] },
      alice.userToken,
    );
    const res = await api.get("/v1/usage", scoped.body.secret);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });

  it("uses the app's defaultMode for a key created without a mode and for the Studio acting without X-App-Mode", async () => {
    const app = (await api.post("/v1/apps", { name: "Modes" }, alice.userToken)).body;
    expect(app.defaultMode).toBe("test");
    const studio = (headers: Record<string, string> = {}) => ({ token: alice.userToken, headers: { "x-app-id": app.id, ...headers } });
    const worldMode = async (headers?: Record<string, string>) => {
      const created = await api.call("POST", "/v1/worlds", { ...studio(headers), body: { premise: "a quiet harbour" } });
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
      return (await api.call("GET", `/v1/worlds/${created.body.worldId}`, { ...studio({ "x-app-mode": "live", ...headers }) })).status ===
        200
        ? "live"
        : "test";
    };
    expect((await api.post(`/v1/apps/${app.id}/keys`, { kind: "secret" }, alice.userToken)).body).toMatchObject({
      mode: "test",
      prefix: "sk_test_",
    });
    expect(await worldMode()).toBe("test");
    expect((await api.patch(`/v1/apps/${app.id}`, { defaultMode: "live" }, alice.userToken)).body.defaultMode).toBe("live");
    expect((await api.post(`/v1/apps/${app.id}/keys`, { kind: "publishable" }, alice.userToken)).body).toMatchObject({
      mode: "live",
      prefix: "pk_live_",
    });
    expect(await runCliCommand("keys create", { app: app.id, kind: "secret" })).toMatchObject({ mode: "live" });
    // A mode named wins over the default.
    expect((await api.post(`/v1/apps/${app.id}/keys`, { kind: "secret", mode: "test" }, alice.userToken)).body.mode).toBe("test");
    expect(await api.call("GET", "/v1/usage", studio()).then((r) => r.status)).toBe(200);
    // Another user's app stays a 404 without X-App-Mode too.
    expect((await api.call("GET", "/v1/usage", { token: bob.userToken, headers: { "x-app-id": app.id } })).status).toBe(404);
  });

  it("never shows another user's app or keys", async () => {
    for (const [method, path, body] of [
      ["GET", `/v1/apps/${bob.appId}`, undefined],
      ["PATCH", `/v1/apps/${bob.appId}`, { name: "mine now" }],
      ["GET", `/v1/apps/${bob.appId}/keys`, undefined],
      ["POST", `/v1/apps/${bob.appId}/keys`, { kind: "secret", mode: "test" }],
      ["DELETE", `/v1/apps/${bob.appId}/keys/${bob.appId}`, undefined],
    ] as const) {
      const res = await api.call(method, path, { token: alice.userToken, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});

describe("usage", () => {
  it("reports today's quotas against caps and billing for the key's mode", async () => {
    await runCliCommand("quota set", { app: alice.appId, kind: "generation", daily: 7 });
    const res = await api.get("/v1/usage", alice.keys.sk_test);
    expect(res.status).toBe(200);
    expect(res.body.day).toBe(new Date().toISOString().slice(0, 10));
    expect(res.body.quotas.generation).toEqual({ used: 0, cap: 7 });
    expect(res.body.quotas.say.cap).toBeGreaterThan(0);
    expect(res.body.billing).toEqual({ enabled: false, sessionSeconds: 0, chatSeconds: 0, scenarioClips: 0 });
    expect(res.body.runtime).toEqual({ sessionSeconds: 0, chatSeconds: 0 });
  });
});
