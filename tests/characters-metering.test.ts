import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { runCliCommand } from "@/lib/cli/commands";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { signSessionToken } from "@/lib/sessions";
import { setEnv } from "./support/env";
import { bootstrap } from "./support/fixtures";
import { api, create, EXPLICIT, say, sessionFor, withCharactersServer } from "./support/characters";

withCharactersServer();

describe("chat-time metering", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ["CHAT_FREE_SECONDS", "CHAT_PLUS_SECONDS_PER_MONTH", "CHAT_TURN_MIN_SECONDS", "CHAT_TURN_MAX_SECONDS"]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it("gives a free taste, then Plus time, then credit; 402 when none is left", async () => {
    // Every turn counts exactly 5 s here (minimum = maximum).
    Object.assign(process.env, {
      CHAT_FREE_SECONDS: "10",
      CHAT_TURN_MIN_SECONDS: "5",
      CHAT_TURN_MAX_SECONDS: "5",
      CHAT_PLUS_SECONDS_PER_MONTH: "5",
    });
    const app = await bootstrap();
    const char = (await create(EXPLICIT, app.keys.sk_live)).body.id;
    const token = await sessionFor(char, app.keys.sk_live, "taster");
    // The free taste: two turns of 5 s.
    expect((await say(char, token, { text: "Hello" })).status).toBe(200);
    expect((await say(char, token, { text: "Tell me more" })).status).toBe(200);
    const spent = await say(char, token, { text: "And then?" });
    expect(spent.status).toBe(402);
    expect(spent.body).toMatchObject({
      code: "quota_exceeded",
      chat: { plan: "free", freeSecondsLeft: 0, planSecondsLeft: 0, creditSeconds: 0 },
    });
    expect(spent.body.detail).toMatch(/free taste/);
    // A new session of the same user has nothing left either; another user has their own taste.
    expect((await say(char, await sessionFor(char, app.keys.sk_live, "taster"), { text: "Hi" })).status).toBe(402);
    expect((await say(char, await sessionFor(char, app.keys.sk_live, "someone-else"), { text: "Hi" })).status).toBe(200);

    // Plus: this month's allowance (5 s here).
    expect(await runCliCommand("chat plan set", { app: app.appId, user: "taster", plan: "plus" })).toMatchObject({
      plan: "plus",
      planSecondsLeft: 5,
      secondsLeft: 5,
    });
    expect((await say(char, token, { text: "I am on Plus now" })).status).toBe(200);
    expect((await say(char, token, { text: "Still there?" })).status).toBe(402);

    // Credit beyond that.
    expect(await runCliCommand("chat credit add", { app: app.appId, user: "taster", seconds: "7" })).toMatchObject({
      creditSeconds: 7,
      secondsLeft: 7,
    });
    expect((await say(char, token, { text: "Bought more time" })).status).toBe(200);
    expect(await runCliCommand("chat status", { app: app.appId, user: "taster" })).toMatchObject({ creditSeconds: 2, monthSeconds: 20 });
    expect((await say(char, token, { text: "One more" })).status).toBe(200);
    expect((await say(char, token, { text: "And another" })).status).toBe(402);
    expect(await runCliCommand("chat credit add", { app: app.appId, user: "taster", seconds: "-100" })).toMatchObject({ creditSeconds: 0 });

    // Failed turns store nothing; the transcript has the five answered turns of this session.
    const transcript = await api.get(`/v1/characters/${char}/transcript?userRef=taster`, app.keys.sk_live);
    expect(transcript.body.turns.filter((t: { role: string }) => t.role === "user")).toHaveLength(5);

    // chat_seconds are billed (live): six answered turns of 5 s (five of taster's, one of someone-else's).
    expect((await api.get("/v1/usage", app.keys.sk_live)).body.billing.chatSeconds).toBe(30);
  });

  it("charges the wall time between turns, capped per turn", async () => {
    Object.assign(process.env, { CHAT_FREE_SECONDS: "1000", CHAT_TURN_MIN_SECONDS: "1", CHAT_TURN_MAX_SECONDS: "2" });
    const app = await bootstrap();
    const char = (await create(EXPLICIT, app.keys.sk_live)).body.id;
    const token = await sessionFor(char, app.keys.sk_live, "timer");
    await say(char, token, { text: "one" });
    await new Promise((resolve) => setTimeout(resolve, 3200));
    await say(char, token, { text: "two" });
    await say(char, token, { text: "three" });
    const status = (await runCliCommand("chat status", { app: app.appId, user: "timer" })) as { freeSecondsLeft: number };
    // 1 (first turn) + 2 (a 3 s pause, capped) + 1 (at once, the minimum).
    expect(1000 - status.freeSecondsLeft).toBe(4);
  });

  it("does not meter test tokens; meters free characters' chat without charging it", async () => {
    Object.assign(process.env, { CHAT_FREE_SECONDS: "5", CHAT_TURN_MIN_SECONDS: "5", CHAT_TURN_MAX_SECONDS: "5" });
    const app = await bootstrap();
    const testChar = (await create(EXPLICIT, app.keys.sk_test)).body.id;
    const testToken = await sessionFor(testChar, app.keys.sk_test, "tester");
    for (const text of ["a", "b", "c"]) expect((await say(testChar, testToken, { text })).status).toBe(200);
    expect((await api.get("/v1/usage", app.keys.sk_test)).body.billing.chatSeconds).toBe(0);

    // A free character: every turn answered past the 5 s taste, nothing drawn from it, nothing billed, all metered.
    const freeChar = (await create({ ...EXPLICIT, free: true }, app.keys.sk_live)).body.id;
    const freeToken = await sessionFor(freeChar, app.keys.sk_live, "free-rider");
    for (const text of ["a", "b", "c"]) expect((await say(freeChar, freeToken, { text })).status).toBe(200);
    const usage = (await api.get("/v1/usage", app.keys.sk_live)).body;
    expect(usage.billing.chatSeconds).toBe(0);
    expect(usage.runtime.chatSeconds).toBe(15);
    expect(await runCliCommand("chat status", { app: app.appId, user: "free-rider" })).toMatchObject({
      freeSecondsLeft: 5,
      monthSeconds: 15,
      creditSeconds: 0,
    });
  });

  it("keys anonymous players by their player id: 50 tokens minted for one player give one taste in all", async () => {
    Object.assign(process.env, { CHAT_FREE_SECONDS: "180", CHAT_TURN_MIN_SECONDS: "60", CHAT_TURN_MAX_SECONDS: "60" });
    const app = await bootstrap();
    const char = (await create(EXPLICIT, app.keys.sk_live)).body.id;
    const mint = (body: Record<string, unknown> = {}, key = app.keys.sk_live) =>
      api.post("/v1/sessions/token", { characterId: char, ...body }, key);
    const first = await mint();
    expect(first.status).toBe(200);
    const playerId = first.body.playerId as string;
    expect(playerId).toMatch(/^ply_[A-Za-z0-9_-]{39}\.[A-Za-z0-9_-]{22}$/);

    // 50 tokens of that player, one turn each: a 3-minute taste is three turns of 60 s, in all.
    const answers: number[] = [];
    for (let i = 0; i < 50; i++) {
      const minted = await mint({ playerId });
      expect(minted.status).toBe(200);
      expect(minted.body.playerId).toBe(playerId);
      const turn = await say(char, minted.body.token as string, { text: `turn ${i}` });
      answers.push(turn.status);
      if (turn.status === 200) expect(turn.body.playerId).toBe(playerId);
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(3);
    expect(answers.slice(3).every((s) => s === 402)).toBe(true);
    expect(await runCliCommand("chat status", { app: app.appId, user: playerId })).toMatchObject({ freeSecondsLeft: 0, monthSeconds: 180 });

    // The embed's way: a token minted with no player (a new one) and the kept id presented with the turn.
    const fresh = await mint();
    expect(fresh.body.playerId).not.toBe(playerId);
    expect((await say(char, fresh.body.token as string, { text: "it is me again", playerId })).status).toBe(402);
    // A player id that is not this app's, or forged, is refused at the mint and ignored on a turn.
    const other = await bootstrap();
    const otherChar = (await create(EXPLICIT, other.keys.sk_live)).body.id;
    const foreign = (await api.post("/v1/sessions/token", { characterId: otherChar }, other.keys.sk_live)).body.playerId as string;
    for (const bad of [foreign, `${playerId.slice(0, -2)}AA`]) {
      const refused = await mint({ playerId: bad });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: "invalid_request", errors: [expect.stringContaining("playerId")] });
    }
    const testChar = (await create(EXPLICIT, app.keys.sk_test)).body.id;
    const testPlayer = (await api.post("/v1/sessions/token", { characterId: testChar }, app.keys.sk_test)).body.playerId as string;
    expect(testPlayer).toMatch(/^ply_/);
    expect((await mint({ playerId: testPlayer })).status).toBe(400); // the other mode's
    expect((await mint({ playerId, userRef: "someone" })).status).toBe(400);
    const stranger = await say(char, fresh.body.token as string, { text: "hello", playerId: foreign });
    expect(stranger.status).toBe(200);
    expect(stranger.body.playerId).toBe(fresh.body.playerId);
  });
});

describe("GET /v1/usage", () => {
  it("shows sessionSeconds and chatSeconds of the key's mode", async () => {
    // Live play time is billable only while billing is on (docs/usage.md); tests/usage.test.ts covers off.
    setEnv({ BILLING_ENABLED: "true" });
    onTestFinished(() => setEnv({ BILLING_ENABLED: "" }));
    const app = await bootstrap();
    const world = (await api.post("/v1/worlds", { world: makeSmallWorld() }, app.keys.sk_live)).body.worldId;
    const { token, claims } = await signSessionToken({
      subjectId: world,
      kind: "world",
      appId: app.appId,
      mode: "live",
      ttlSeconds: 900,
      now: new Date(Date.now() - 60_000),
    });
    await api.post("/v1/runtime/heartbeat", { sessionId: claims.sessionId, seconds: 40 }, token);
    const char = (await create({ name: "Usage", persona: "x" }, app.keys.sk_live)).body.id;
    await say(char, await sessionFor(char, app.keys.sk_live, "u"), { text: "hello" });
    const usage = await api.get("/v1/usage", app.keys.sk_live);
    expect(usage.body.billing).toEqual({ enabled: true, sessionSeconds: 40, chatSeconds: 5, scenarioClips: 0 });
    expect(usage.body.runtime).toEqual({ sessionSeconds: 40, chatSeconds: 5 });
    expect(usage.body.quotas.say.used).toBe(1);
    expect((await api.get("/v1/usage", app.keys.sk_test)).body.billing).toEqual({
      enabled: true,
      sessionSeconds: 0,
      chatSeconds: 0,
      scenarioClips: 0,
    });
  });
});
