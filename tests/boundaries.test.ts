import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkedClient as apiClient } from "./support/openapi-check";
import { startTestServer, type TestServer } from "./support/test-server";
import { runCliCommand } from "@/lib/cli/commands";
import { mintUserToken } from "@/lib/auth/session";

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
let revokedKey: string;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  alice = (await runCliCommand("bootstrap", { email: "alice@example.com" })) as Bootstrap;
  bob = (await runCliCommand("bootstrap", { email: "bob@example.com" })) as Bootstrap;
  const key = (await runCliCommand("keys create", { app: alice.appId, kind: "secret", mode: "test" })) as { id: string; secret: string };
  await runCliCommand("keys revoke", { app: alice.appId, key: key.id });
  revokedKey = key.secret;
});

afterAll(async () => {
  await server?.close();
});

function expectError(res: { status: number; body: Record<string, unknown> }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ code, schemaVersion: "1.0" });
  expect(typeof res.body.detail).toBe("string");
  expect((res.body.detail as string).length).toBeGreaterThan(0);
}

describe("credentials", () => {
  // Every credential case of docs/api.md "Credentials", on a KEY route (GET /v1/usage) and a USER route
  // (GET /v1/apps/{id}/keys).
  const cases: [string, () => { path: string; method?: string; token?: string; body?: unknown }, number, string][] = [
    ["KEY: none", () => ({ path: "/v1/usage" }), 401, "unauthorized"],
    ["KEY: garbage", () => ({ path: "/v1/usage", token: "garbage" }), 401, "unauthorized"],
    ["KEY: not a bearer", () => ({ path: "/v1/usage", token: undefined }), 401, "unauthorized"],
    ["KEY: wrong prefix", () => ({ path: "/v1/usage", token: alice.keys.sk_test.replace("sk_test_", "rk_test_") }), 401, "unauthorized"],
    [
      "KEY: unknown mode prefix",
      () => ({ path: "/v1/usage", token: alice.keys.sk_test.replace("sk_test_", "sk_prod_") }),
      401,
      "unauthorized",
    ],
    ["KEY: well-formed but unknown", () => ({ path: "/v1/usage", token: `sk_test_${"A".repeat(43)}` }), 401, "unauthorized"],
    ["KEY: revoked", () => ({ path: "/v1/usage", token: revokedKey }), 401, "unauthorized"],
    ["KEY: user session token", () => ({ path: "/v1/usage", token: alice.userToken }), 401, "unauthorized"],
    ["USER: none", () => ({ path: `/v1/apps/${alice.appId}/keys` }), 401, "unauthorized"],
    ["USER: garbage", () => ({ path: `/v1/apps/${alice.appId}/keys`, token: "garbage" }), 401, "unauthorized"],
    [
      "USER: tampered token",
      () => ({ path: `/v1/apps/${alice.appId}/keys`, token: alice.userToken.slice(0, -6) + "AAAAAA" }),
      401,
      "unauthorized",
    ],
    ["USER: secret key", () => ({ path: `/v1/apps/${alice.appId}/keys`, token: alice.keys.sk_live }), 401, "unauthorized"],
    ["USER: publishable key", () => ({ path: `/v1/apps/${alice.appId}/keys`, token: alice.keys.pk_test }), 401, "unauthorized"],
    ["USER: another user's app", () => ({ path: `/v1/apps/${bob.appId}/keys`, token: alice.userToken }), 404, "not_found"],
    [
      "USER: another user's key",
      () => ({ path: `/v1/apps/${bob.appId}/keys/${alice.appId}`, method: "DELETE", token: alice.userToken }),
      404,
      "not_found",
    ],
  ];

  it.each(cases)("%s", async (_name, make, status, code) => {
    const { path, method = "GET", token, body } = make();
    const res = await api.call(method, path, {
      token,
      body,
      headers: _name.endsWith("not a bearer") ? { authorization: `Basic ${alice.keys.sk_test}` } : {},
    });
    expectError(res, status, code);
  });

  it("accepts the right credentials", async () => {
    expect((await api.get("/v1/usage", alice.keys.sk_test)).status).toBe(200);
    expect((await api.get("/v1/usage", alice.keys.pk_live)).status).toBe(200);
    expect((await api.get(`/v1/apps/${alice.appId}/keys`, alice.userToken)).status).toBe(200);
  });

  it("refuses an expired user token", async () => {
    const { encode } = await import("next-auth/jwt");
    const { getSecrets } = await import("@/lib/config/secrets");
    const expired = await encode({ token: { sub: alice.userId, email: alice.email }, secret: getSecrets().authSecret, maxAge: -120 });
    expectError(await api.get("/v1/apps", expired), 401, "unauthorized");
    expect((await api.get("/v1/apps", await mintUserToken({ id: alice.userId, email: alice.email }))).status).toBe(200);
  });
});

describe("the Studio's session cookie", () => {
  it("authenticates same-origin writes and refuses cross-origin ones", async () => {
    const cookie = `next-auth.session-token=${alice.userToken}`;
    const host = new URL(server.url).host;
    const sameOrigin = await api.call("POST", "/v1/apps", {
      body: { name: "From the Studio" },
      headers: { cookie, origin: `http://${host}` },
    });
    expect(sameOrigin.status).toBe(201);
    const crossSite = await api.call("POST", "/v1/apps", {
      body: { name: "From elsewhere" },
      headers: { cookie, origin: "https://evil.example" },
    });
    expectError(crossSite, 403, "forbidden");
    expect((await api.call("GET", "/v1/apps", { headers: { cookie, origin: "https://evil.example" } })).status).toBe(200);
  });
});

describe("the Studio acting for an app on KEY routes", () => {
  const as = (token: string, appId: string, mode?: string) => ({
    token,
    headers: { "x-app-id": appId, ...(mode ? { "x-app-mode": mode } : {}) },
  });

  it("uses the user's session plus X-App-Id as that app's secret key, in the mode named, else the app's default mode", async () => {
    const world = (await import("@/lib/kernel/fixtures")).makeSmallWorld();
    const created = await api.call("POST", "/v1/worlds", { ...as(alice.userToken, alice.appId, "live"), body: { world } });
    expect(created.status).toBe(201);
    expect(created.body.slug).toEqual(expect.any(String)); // live worlds get a slug
    expect((await api.get(`/v1/worlds/${created.body.worldId}`, alice.keys.sk_live)).status).toBe(200);
    expect((await api.call("GET", `/v1/worlds/${created.body.worldId}`, as(alice.userToken, alice.appId, "test"))).status).toBe(404);
    // No X-App-Mode: the app's defaultMode (a new app's is test).
    const unnamed = await api.call("POST", "/v1/worlds", { ...as(alice.userToken, alice.appId), body: { world } });
    expect(unnamed.status).toBe(201);
    expect(unnamed.body.slug).toBeNull();
    expect((await api.get(`/v1/worlds/${unnamed.body.worldId}`, alice.keys.sk_test)).status).toBe(200);
  });

  it.each([
    ["another user's app", () => as(alice.userToken, bob.appId), 404],
    ["a malformed app id", () => as(alice.userToken, "nope"), 404],
    ["an unknown mode", () => as(alice.userToken, alice.appId, "staging"), 400],
    ["an API key instead of a session", () => as(alice.keys.sk_live, alice.appId), 401],
    ["no session", () => ({ headers: { "x-app-id": alice.appId } }), 401],
  ] as const)("refuses %s", async (_name, make, status) => {
    const res = await api.call("GET", "/v1/usage", make());
    expect(res.status).toBe(status);
  });
});

describe("bad input never yields a 500", () => {
  const json = { "content-type": "application/json" };
  const cases: [string, { rawBody?: string; body?: unknown; headers?: Record<string, string> }, number, string][] = [
    ["malformed JSON", { rawBody: '{"name": ', headers: json }, 400, "invalid_request"],
    ["a JSON array", { rawBody: '[{"name":"x"}]', headers: json }, 400, "invalid_request"],
    ["a JSON string", { rawBody: '"x"', headers: json }, 400, "invalid_request"],
    ["JSON null", { rawBody: "null", headers: json }, 400, "invalid_request"],
    ["an empty body", { rawBody: "", headers: json }, 400, "invalid_request"],
    ["a 10 MB body", { rawBody: JSON.stringify({ name: "x".repeat(10 * 1024 * 1024) }), headers: json }, 413, "payload_too_large"],
    ["a form body", { rawBody: "name=x", headers: { "content-type": "application/x-www-form-urlencoded" } }, 415, "unsupported_media_type"],
    ["a wrong type", { body: { name: 42 } }, 400, "invalid_request"],
    ["a missing field", { body: {} }, 400, "invalid_request"],
    ["an extra field", { body: { name: "x", admin: true } }, 400, "invalid_request"],
    ["a NUL character", { rawBody: '{"name":"a\\u0000b"}', headers: json }, 400, "invalid_request"],
    ["a lone surrogate", { rawBody: '{"name":"a\\ud800b"}', headers: json }, 400, "invalid_request"],
  ];

  it.each(cases)("POST /v1/apps with %s", async (_name, request, status, code) => {
    const before = (await api.get("/v1/apps", alice.userToken)).body.apps.length;
    const res = await api.call("POST", "/v1/apps", { token: alice.userToken, ...request });
    expectError(res, status, code);
    if (status === 400 && request.body) expect(res.body.errors).toEqual(expect.arrayContaining([expect.any(String)]));
    expect((await api.get("/v1/apps", alice.userToken)).body.apps.length).toBe(before);
  });

  it("accepts escaped surrogate pairs (emoji)", async () => {
    const res = await api.call("POST", "/v1/apps", {
      token: alice.userToken,
      rawBody: '{"name":"Moon \\ud83c\\udf19"}',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe("Moon 🌙");
  });

  it("names the fields at fault", async () => {
    const res = await api.post(`/v1/apps/${alice.appId}/keys`, { kind: "secret", mode: "staging", colour: 1 }, alice.userToken);
    expectError(res, 400, "invalid_request");
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.stringMatching(/^mode: /), "colour: unknown field"]));
  });

  it("answers unknown routes and malformed ids with 404 JSON", async () => {
    expectError(await api.get("/v1/nope", alice.keys.sk_test), 404, "not_found");
    expectError(await api.get("/v1/apps/not-a-uuid", alice.userToken), 404, "not_found");
  });

  it("limits each credential's request rate with 429 and Retry-After", async () => {
    const limited = await startTestServerRateLimited();
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 6; i++) {
        const res = await apiClient(limited.url).get("/v1/usage", limited.key);
        statuses.push(res.status);
        if (res.status === 429) {
          retryAfter = res.headers.get("retry-after");
          expect(res.body.code).toBe("rate_limited");
        }
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.slice(3)).toContain(429);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    } finally {
      Object.assign(process.env, { RATE_LIMIT_TEST_PER_SECOND: "1000", RATE_LIMIT_TEST_BURST: "1000" });
      (await import("@/lib/config/env")).resetEnvCache();
    }
  });
});

async function startTestServerRateLimited() {
  Object.assign(process.env, { RATE_LIMIT_TEST_PER_SECOND: "0.001", RATE_LIMIT_TEST_BURST: "3" });
  (await import("@/lib/config/env")).resetEnvCache();
  const key = (await runCliCommand("keys create", { app: alice.appId, kind: "secret", mode: "test" })) as { secret: string };
  return { url: server.url, key: key.secret };
}

describe("secrets stay secret", () => {
  it("never returns a secret or its hash outside creation", async () => {
    const created = await api.post(`/v1/apps/${alice.appId}/keys`, { kind: "secret", mode: "test" }, alice.userToken);
    const everything = JSON.stringify([
      (await api.get(`/v1/apps/${alice.appId}/keys`, alice.userToken)).body,
      (await api.get("/v1/apps", alice.userToken)).body,
      (await api.del(`/v1/apps/${alice.appId}/keys/${created.body.id}`, alice.userToken)).body,
      (await api.get("/v1/usage", created.body.secret)).body,
    ]);
    expect(everything).not.toContain(created.body.secret);
    const { hashKey } = await import("@/lib/keys/key-string");
    expect(everything).not.toContain(hashKey(created.body.secret));
  });
});
