import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliCommand } from "@/lib/cli/commands";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { checkedClient } from "./support/openapi-check";
import { startTestServer, type TestServer } from "./support/test-server";

/**
 * The `/v1` rate limit per mode (docs/api.md "Rate limits"): live credentials draw
 * on RATE_LIMIT_LIVE_*, test credentials on RATE_LIMIT_TEST_*. The refill rates are so slow that
 * nothing refills while a test runs: each bucket allows exactly its burst, and `Retry-After` is
 * the time one token takes at the mode's rate (100 s live, 1000 s test here).
 */
const LIMITS = {
  RATE_LIMIT_LIVE_PER_SECOND: "0.01",
  RATE_LIMIT_LIVE_BURST: "4",
  RATE_LIMIT_TEST_PER_SECOND: "0.001",
  RATE_LIMIT_TEST_BURST: "2",
};

let server: TestServer;
let api: ReturnType<typeof checkedClient>;
let boot: Bootstrap;

beforeAll(async () => {
  server = await startTestServer({ env: LIMITS });
  api = checkedClient(server.url);
  boot = await bootstrap();
});

afterAll(async () => {
  await server?.close();
});

/** A fresh secret key of this mode, so that each case starts with a full bucket. */
async function secretKey(mode: "live" | "test"): Promise<string> {
  return ((await runCliCommand("keys create", { app: boot.appId, kind: "secret", mode })) as { secret: string }).secret;
}

/** A session token of a world of this mode, minted with a key of its own (whose bucket it does not share). */
async function sessionToken(mode: "live" | "test"): Promise<string> {
  const key = await secretKey(mode);
  const worldId = (await api.post("/v1/worlds", { world: makeSmallWorld() }, key)).body.worldId as string;
  const minted = await api.post("/v1/sessions/token", { worldId }, key);
  expect(minted.body.mode).toBe(mode);
  return minted.body.token as string;
}

type Request = { path: string; token: string; headers?: Record<string, string> };

const cases: [string, () => Promise<Request>, number, [number, number]][] = [
  ["a live secret key", async () => ({ path: "/v1/usage", token: await secretKey("live") }), 4, [90, 100]],
  ["a test secret key", async () => ({ path: "/v1/usage", token: await secretKey("test") }), 2, [900, 1000]],
  ["a live session token", async () => ({ path: "/v1/runtime/world", token: await sessionToken("live") }), 4, [90, 100]],
  ["a test session token", async () => ({ path: "/v1/runtime/world", token: await sessionToken("test") }), 2, [900, 1000]],
  ["a user token on a USER route (counts as live)", async () => ({ path: "/v1/apps", token: (await bootstrap()).userToken }), 4, [90, 100]],
  [
    "the Studio acting for an app in live mode",
    async () => {
      const user = await bootstrap();
      return { path: "/v1/usage", token: user.userToken, headers: { "x-app-id": user.appId, "x-app-mode": "live" } };
    },
    4,
    [90, 100],
  ],
  [
    "the Studio acting for an app in test mode",
    async () => {
      const user = await bootstrap();
      return { path: "/v1/usage", token: user.userToken, headers: { "x-app-id": user.appId, "x-app-mode": "test" } };
    },
    2,
    [900, 1000],
  ],
];

describe("rate limits per mode", () => {
  it.each(cases)("%s gets its mode's burst, then 429 with its mode's Retry-After", async (_name, make, burst, [least, most]) => {
    const { path, token, headers } = await make();
    for (let i = 0; i < burst; i++) expect((await api.call("GET", path, { token, headers })).status).toBe(200);
    const refused = await api.call("GET", path, { token, headers });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "rate_limited", schemaVersion: "1.0", detail: expect.stringMatching(/retry in \d+ s/) });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(least);
    expect(retryAfter).toBeLessThanOrEqual(most);
  });

  it("keeps one credential's buckets apart per mode: the Studio's test bucket does not drain its live one", async () => {
    const user = await bootstrap();
    const as = (mode: string) =>
      api.call("GET", "/v1/usage", { token: user.userToken, headers: { "x-app-id": user.appId, "x-app-mode": mode } });
    for (let i = 0; i < 2; i++) expect((await as("test")).status).toBe(200);
    expect((await as("test")).status).toBe(429);
    for (let i = 0; i < 4; i++) expect((await as("live")).status).toBe(200);
    expect((await as("live")).status).toBe(429);
  });
});
