/**
 * Usage and billing over HTTP (docs/usage.md): BILLING_ENABLED decides whether live play time is
 * billable; the runtime meter counts it either way; GET /v1/usage/history returns the days, the
 * worlds and the ledger's rows the Studio's charts and CSV read.
 */
import { describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { signSessionToken } from "@/lib/sessions";
import { api, boot, create, say, sessionFor, withCharactersServer } from "./support/characters";
import { setEnv } from "./support/env";
import { bootstrap } from "./support/fixtures";

withCharactersServer();

const today = () => new Date().toISOString().slice(0, 10);

/** A live or test session of `worldId` whose token was minted `secondsAgo` (so that much play can be credited). */
async function session(appId: string, worldId: string, mode: "live" | "test", secondsAgo = 300) {
  const { token, claims } = await signSessionToken({
    subjectId: worldId,
    kind: "world",
    appId,
    mode,
    ttlSeconds: 900,
    now: new Date(Date.now() - secondsAgo * 1000),
  });
  return (seconds: number) => api.post("/v1/runtime/heartbeat", { sessionId: claims.sessionId, seconds }, token);
}

const usage = async (key: string) => (await api.get("/v1/usage", key)).body;
const history = async (key: string, query = "") => api.get(`/v1/usage/history${query}`, key);

describe("BILLING_ENABLED", () => {
  it("off (the default): live play time is metered per world but never billed or put on the ledger", async () => {
    setEnv({ BILLING_ENABLED: "" });
    const app = await bootstrap();
    const world = (await api.post("/v1/worlds", { world: makeSmallWorld(), name: "Unbilled" }, app.keys.sk_live)).body.worldId as string;
    const beat = await session(app.appId, world, "live");
    expect((await beat(45)).body).toMatchObject({ seconds: 45, billed: false });

    const today_ = await usage(app.keys.sk_live);
    expect(today_.billing).toEqual({ enabled: false, sessionSeconds: 0, chatSeconds: 0, scenarioClips: 0 });
    expect(today_.runtime).toEqual({ sessionSeconds: 45, chatSeconds: 0 });

    const res = await history(app.keys.sk_live, "?days=7");
    expect(res.status).toBe(200);
    expect(res.body.billingEnabled).toBe(false);
    expect(res.body.ledger).toEqual([]);
    expect(res.body.days.at(-1)).toMatchObject({
      day: today(),
      billing: { sessionSeconds: 0 },
      runtime: { sessionSeconds: 45, chatSeconds: 0 },
    });
    expect(res.body.worlds).toEqual([
      {
        id: world,
        name: "Unbilled",
        kind: "world",
        sessionSeconds: 45,
        chatSeconds: 0,
        days: [{ day: today(), sessionSeconds: 45, chatSeconds: 0 }],
      },
    ]);
  });

  it("on: live play time from then on is billed and on the ledger; what was played while off stays unbilled", async () => {
    setEnv({ BILLING_ENABLED: "" });
    const app = await bootstrap();
    const world = (await api.post("/v1/worlds", { world: makeSmallWorld(), name: "Billed" }, app.keys.sk_live)).body.worldId as string;
    const beat = await session(app.appId, world, "live");
    expect((await beat(20)).body).toMatchObject({ seconds: 20, billed: false });

    setEnv({ BILLING_ENABLED: "true" });
    try {
      expect((await beat(30)).body).toMatchObject({ seconds: 30, totalSeconds: 50, billed: true });
      const today_ = await usage(app.keys.sk_live);
      expect(today_.billing).toEqual({ enabled: true, sessionSeconds: 30, chatSeconds: 0, scenarioClips: 0 });
      expect(today_.runtime).toEqual({ sessionSeconds: 50, chatSeconds: 0 });
      const res = await history(app.keys.sk_live);
      expect(res.body.billingEnabled).toBe(true);
      expect(res.body.ledger).toEqual([{ day: today(), mode: "live", metric: "session_seconds", amount: 30 }]);
      expect(res.body.days.at(-1).billing.sessionSeconds).toBe(30);

      // Test usage is never billed, billing on or not; its own meter still counts it.
      const testWorld = (await api.post("/v1/worlds", { world: makeSmallWorld(), name: "Sandbox" }, app.keys.sk_test)).body
        .worldId as string;
      const testBeat = await session(app.appId, testWorld, "test");
      expect((await testBeat(40)).body).toMatchObject({ seconds: 40, billed: false });
      const testUsage = await usage(app.keys.sk_test);
      expect(testUsage.billing).toEqual({ enabled: true, sessionSeconds: 0, chatSeconds: 0, scenarioClips: 0 });
      expect(testUsage.runtime.sessionSeconds).toBe(40);
      const testHistory = (await history(app.keys.sk_test)).body;
      expect(testHistory.mode).toBe("test");
      expect(testHistory.ledger).toEqual([]);
      expect(testHistory.worlds.map((w: { id: string }) => w.id)).toEqual([testWorld]);
      // The live side did not move.
      expect((await usage(app.keys.sk_live)).billing.sessionSeconds).toBe(30);
    } finally {
      setEnv({ BILLING_ENABLED: "" });
    }
  });
});

describe("GET /v1/usage/history", () => {
  it("returns every day of the window, oldest first, with quota use per kind", async () => {
    const app = await bootstrap();
    await api.post("/v1/worlds", { world: makeSmallWorld() }, app.keys.sk_live);
    const res = await history(app.keys.sk_live);
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.to).toBe(today());
    expect(res.body.from).toBe(new Date(Date.parse(`${today()}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10));
    expect(res.body.days[0].day).toBe(res.body.from);
    expect(res.body.days.map((d: { day: string }) => d.day)).toEqual([...res.body.days.map((d: { day: string }) => d.day)].sort());
    const used = (await usage(app.keys.sk_live)).quotas.generation.used as number;
    expect(used).toBeGreaterThan(0);
    expect(res.body.days.at(-1).quotas.generation).toBe(used);
    expect(res.body.days.slice(0, -1).every((d: { quotas: Record<string, number> }) => Object.values(d.quotas).every((n) => n === 0))).toBe(
      true,
    );
    expect((await history(app.keys.sk_live, "?days=1")).body.days.map((d: { day: string }) => d.day)).toEqual([today()]);
  });

  it("puts chat time on the character and play time on each world, most time first; a deleted world keeps its seconds", async () => {
    setEnv({ BILLING_ENABLED: "" });
    const app = await bootstrap();
    const worlds = await Promise.all(
      ["Short", "Long"].map(
        async (name) => (await api.post("/v1/worlds", { world: makeSmallWorld(), name }, app.keys.sk_live)).body.worldId as string,
      ),
    );
    await (
      await session(app.appId, worlds[0]!, "live")
    )(10);
    await (
      await session(app.appId, worlds[1]!, "live")
    )(50);
    const character = (await create({ name: "Chatty", persona: "x" }, app.keys.sk_live)).body.id as string;
    expect((await say(character, await sessionFor(character, app.keys.sk_live, "u1"), { text: "hello" })).status).toBe(200);
    expect((await api.del(`/v1/worlds/${worlds[0]}`, app.keys.sk_live)).status).toBeLessThan(300);

    const body = (await history(app.keys.sk_live, "?days=3")).body;
    expect(
      body.worlds.map((w: { id: string; name: string | null; kind: string | null; sessionSeconds: number; chatSeconds: number }) => [
        w.id,
        w.name,
        w.kind,
        w.sessionSeconds,
        w.chatSeconds,
      ]),
    ).toEqual([
      [worlds[1], "Long", "world", 50, 0],
      [worlds[0], null, null, 10, 0],
      [character, "Chatty", "character", 0, 5],
    ]);
    expect(body.days.at(-1).runtime).toEqual({ sessionSeconds: 60, chatSeconds: 5 });
    // Live chat time is on the ledger (docs/usage.md, billing.chatSeconds); play time is not, billing off.
    expect(body.ledger).toEqual([{ day: today(), mode: "live", metric: "chat_seconds", amount: 5 }]);
  });

  it.each([
    ["days=0", "?days=0"],
    ["days=91", "?days=91"],
    ["days=abc", "?days=abc"],
    ["days=1.5", "?days=1.5"],
    ["an unknown parameter", "?day=3"],
  ])("refuses %s with 400", async (_name, query) => {
    const res = await history(boot.keys.sk_live, query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_request", detail: expect.any(String) });
  });

  it("needs a key, and a scoped key needs usage:read", async () => {
    expect((await api.get("/v1/usage/history")).status).toBe(401);
    const scoped = async (scopes: string[]) =>
      (await api.post(`/v1/apps/${boot.appId}/keys`, { kind: "secret", mode: "live", scopes }, boot.userToken)).body.secret as string;
    expect((await history(await scoped(["worlds:read"]))).body).toMatchObject({ code: "forbidden" });
    expect((await history(await scoped(["usage:read"]))).status).toBe(200);
  });
});
