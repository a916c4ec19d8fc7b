import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { wavInfo } from "@/lib/ai";
import { runCliCommand } from "@/lib/cli/commands";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { signSessionToken } from "@/lib/sessions";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { checkedClient } from "./support/openapi-check";
import { startTestServer, type TestServer } from "./support/test-server";

let server: TestServer;
let api: ReturnType<typeof checkedClient>;
let boot: Bootstrap;

beforeAll(async () => {
  server = await startTestServer();
  api = checkedClient(server.url);
  boot = await bootstrap();
});

afterAll(async () => {
  await server?.close();
});

const STANCES = [
  { id: "calm", label: "Calm", mood: "calm, serene", expression: "a still, patient face" },
  { id: "glad", label: "Glad", mood: "happy, warm", expression: "a broad smile" },
  { id: "cross", label: "Cross", mood: "angry, cold", expression: "a hard stare" },
  { id: "shaken", label: "Shaken", mood: "afraid, nervous", expression: "wide eyes, a step back" },
];

const EXPLICIT = {
  name: "Ilse the Keeper",
  persona: "You are Ilse, keeper of the salt lighthouse. You are dry, kind and stubborn.",
  lore: "The lighthouse was built in 1887. The lamp burns whale oil. Ilse's brother sailed north and never came back.",
  greeting: "Mind the stairs. Who sent you?",
  examples: "User: Hello\nIlse: Hello yourself.",
  subject: "Ilse, a weathered keeper in a wool coat",
  style: "ink and watercolor",
  scene: "at the top of a lighthouse at dusk",
  stances: STANCES,
  cameraStatic: "close-up, eye level",
  movementStatic: "stands by the lamp, breathing slowly",
  speakingDetail: "lips move softly, eyebrows lift on questions",
  voiceId: "ember",
  intro: { kicker: "Meet", title: "Ilse", hint: "Ask about the lamp" },
};

const create = (body: Record<string, unknown>, key = boot.keys.sk_live, headers: Record<string, string> = {}) =>
  api.call("POST", "/v1/characters", { token: key, body, headers });

async function sessionFor(characterId: string, key = boot.keys.sk_live, userRef?: string): Promise<string> {
  const res = await api.post("/v1/sessions/token", { characterId, ...(userRef ? { userRef } : {}) }, key);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

const say = (id: string, token: string | undefined, body: Record<string, unknown>) => api.post(`/v1/characters/${id}/say`, body, token);

describe("POST /v1/characters", () => {
  it("EXPLICIT: stores every field with its defaults; test keys get mock, private, no slug", async () => {
    const res = await create({ name: "Bram", persona: "A ferryman who counts coins." }, boot.keys.sk_test);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), slug: null, kind: "character", cover: expect.stringMatching(/^data:image\/svg\+xml,/), mock: true, schemaVersion: "1.0" });
    const got = await api.get(`/v1/characters/${res.body.id}`, boot.keys.sk_test);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ kind: "character", visibility: "private", mode: "test", slug: null, name: "Bram" });
    const world = got.body.world;
    expect(world.character.stances.map((s: { id: string }) => s.id)).toEqual(["neutral", "warm", "amused", "curious", "guarded", "downcast"]);
    expect(world.entrance.state).toBe("neutral");
    expect(world.character).toMatchObject({ persona: "A ferryman who counts coins.", free: false, entranceState: "neutral" });
    const state = world.scene.states.neutral;
    expect(state.camera.dynamic).toBe(state.camera.static);
    expect(state.movement.dynamic).toBe(state.movement.static);
    // One state per stance, every stance reachable from every other.
    expect(Object.keys(world.scene.states)).toHaveLength(6);
    expect(world.scene.events).toHaveLength(30);
    const lint = await api.get(`/v1/worlds/${res.body.id}/lint`, boot.keys.sk_test);
    expect(lint.body.diagnostics.filter((d: { severity: string; lint: string }) => d.severity !== "info" && d.lint !== "ending-unreachable")).toEqual([]);
  });

  it("EXPLICIT with every field of the spec's table (live: slugged, no mock)", async () => {
    const res = await create({ ...EXPLICIT, entranceState: "glad", cameraDynamic: "slow dolly in", free: true, modelId: "small-chat", cover: "https://cdn.example/ilse.png" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), slug: expect.stringMatching(/^ilse-the-keeper-/), kind: "character", cover: "https://cdn.example/ilse.png", schemaVersion: "1.0" });
    const { world } = (await api.get(`/v1/characters/${res.body.id}`, boot.keys.sk_live)).body;
    expect(world.entrance).toEqual({ image: { src: "https://cdn.example/ilse.png", label: "Ilse the Keeper" }, state: "glad" });
    expect(world.character).toMatchObject({
      persona: EXPLICIT.persona,
      lore: EXPLICIT.lore,
      greeting: EXPLICIT.greeting,
      examples: EXPLICIT.examples,
      subject: EXPLICIT.subject,
      style: EXPLICIT.style,
      scene: EXPLICIT.scene,
      speakingDetail: EXPLICIT.speakingDetail,
      voiceId: "ember",
      modelId: "small-chat",
      free: true,
      intro: EXPLICIT.intro,
      entranceState: "glad",
      stances: STANCES,
    });
    expect(world.scene.states.cross).toMatchObject({
      camera: { static: "close-up, eye level", dynamic: "slow dolly in" },
      movement: { static: EXPLICIT.movementStatic, dynamic: EXPLICIT.movementStatic },
      ambient: ["angry, cold"],
    });
    expect(world.scene.states.cross.base).toContain("a hard stare");
  });

  it.each([
    ["no persona", { name: "X" }, "persona"],
    ["no name", { persona: "x" }, "name"],
    ["premise without authored", { name: "X", persona: "x", premise: "y" }, "premise"],
    ["duplicate stance ids", { ...EXPLICIT, stances: [STANCES[0], STANCES[0]] }, "stances.1.id"],
    ["an entrance that is no stance", { ...EXPLICIT, entranceState: "nope" }, "entranceState"],
    ["a stance id with spaces", { ...EXPLICIT, stances: [{ id: "a b", label: "A" }] }, "stances.0.id"],
    ["13 stances", { ...EXPLICIT, stances: Array.from({ length: 13 }, (_, i) => ({ id: `s${i}`, label: `S${i}` })) }, "stances"],
    ["authored without premise or frame", { authored: true }, "premise"],
    ["an unknown field", { ...EXPLICIT, mood: "x" }, "mood"],
    ["import with persona", { world: {}, persona: "x" }, "persona"],
    ["a frame_url that is not http", { authored: true, frame_url: "javascript:alert(1)" }, "frame_url"],
  ])("400 for %s", async (_name, body, field) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_request");
    expect(res.body.errors.join("\n")).toContain(field);
  });

  it("AUTHORED: invents a profile and stances from a premise, deterministically; explicit fields win", async () => {
    const premise = "a retired lighthouse keeper named Maren who talks to gulls";
    const a = await create({ authored: true, premise }, boot.keys.sk_test);
    const b = await create({ authored: true, premise }, boot.keys.sk_test);
    expect(a.status).toBe(201);
    const ca = (await api.get(`/v1/characters/${a.body.id}`, boot.keys.sk_test)).body;
    const cb = (await api.get(`/v1/characters/${b.body.id}`, boot.keys.sk_test)).body;
    expect(ca.name).toMatch(/^Maren the /);
    expect(ca.world.character.persona).toContain("Maren");
    expect(ca.world.character.greeting).not.toBe("");
    expect(ca.world.character.stances.length).toBeGreaterThan(1);
    expect(ca.world.character).toEqual(cb.world.character);

    const withFrame = await create({ authored: true, frame_url: "https://cdn.example/frame.png", name: "Framed", voiceId: "v2" });
    expect(withFrame.status).toBe(201);
    expect(withFrame.body.cover).toBe("https://cdn.example/frame.png");
    const framed = (await api.get(`/v1/characters/${withFrame.body.id}`, boot.keys.sk_live)).body;
    expect(framed).toMatchObject({ name: "Framed", source: "local" });
    expect(framed.world.character.voiceId).toBe("v2");
  });

  it("IMPORT: a complete character world is stored verbatim; anything else is refused", async () => {
    const source = (await create(EXPLICIT, boot.keys.sk_test)).body.id;
    const world = (await api.get(`/v1/characters/${source}`, boot.keys.sk_test)).body.world;
    const res = await create({ world: { ...world, extra: { kept: true } }, name: "Ilse Again" }, boot.keys.sk_test);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: "character", mock: true });
    const imported = (await api.get(`/v1/characters/${res.body.id}`, boot.keys.sk_test)).body;
    expect(imported).toMatchObject({ name: "Ilse Again", source: "import" });
    expect(imported.world.character).toEqual(world.character);
    expect(imported.world.extra).toEqual({ kept: true });
    expect(imported.world.id).toBe(res.body.id);

    const plain = await create({ world: makeSmallWorld() }, boot.keys.sk_test);
    expect(plain.status).toBe(422);
    expect(plain.body.errors).toEqual(expect.arrayContaining([expect.stringMatching(/^character/)]));
    const orphan = await create({ world: { ...world, character: { ...world.character, stances: [...world.character.stances, { id: "ghost", label: "Ghost" }] } } }, boot.keys.sk_test);
    expect(orphan.status).toBe(422);
    expect(orphan.body.errors.join()).toContain("ghost");
    const broken = await create({ world: { ...world, scene: { states: {}, events: [] } } }, boot.keys.sk_test);
    expect(broken.status).toBe(422);
  });

  it("replays an Idempotency-Key without creating twice or charging quota twice", async () => {
    const app = await bootstrap();
    const headers = { "idempotency-key": "char-once" };
    const used = async () => (await api.get("/v1/usage", app.keys.sk_live)).body.quotas.generation.used as number;
    const first = await create(EXPLICIT, app.keys.sk_live, headers);
    const again = await create(EXPLICIT, app.keys.sk_live, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await used()).toBe(1);
    const other = await create({ ...EXPLICIT, name: "Someone Else" }, app.keys.sk_live, headers);
    expect(other.status).toBe(400);
    expect(other.body.detail).toMatch(/other parameters/);
    // Keys are per mode.
    expect((await create(EXPLICIT, app.keys.sk_test, headers)).body.id).not.toBe(first.body.id);
    const worlds = await api.get("/v1/worlds", app.keys.sk_live);
    expect(worlds.body.worlds.filter((w: { kind: string }) => w.kind === "character")).toHaveLength(1);
  });

  it("refuses publishable keys; GET is a 404 for plain worlds and other modes", async () => {
    expect((await create(EXPLICIT, boot.keys.pk_live)).status).toBe(403);
    expect((await api.post("/v1/characters", EXPLICIT)).status).toBe(401);
    const world = (await api.post("/v1/worlds", { world: makeSmallWorld() }, boot.keys.sk_live)).body.worldId;
    expect((await api.get(`/v1/characters/${world}`, boot.keys.sk_live)).status).toBe(404);
    const id = (await create(EXPLICIT)).body.id;
    expect((await api.get(`/v1/characters/${id}`, boot.keys.sk_test)).status).toBe(404);
    expect((await api.get(`/v1/characters/${id}`, boot.keys.pk_live)).status).toBe(200);
  });
});

describe("POST /v1/characters/{id}/say", () => {
  let testChar: string;
  let liveChar: string;
  let otherChar: string;

  beforeAll(async () => {
    testChar = (await create(EXPLICIT, boot.keys.sk_test)).body.id;
    liveChar = (await create({ ...EXPLICIT, free: true })).body.id;
    otherChar = (await create({ ...EXPLICIT, name: "Other" }, boot.keys.sk_test)).body.id;
  });

  it("answers a test token with a canned, deterministic mock turn (bearer)", async () => {
    const body = { text: "Hello there! What is the lamp made of?", currentStance: "calm" };
    const a = await say(testChar, await sessionFor(testChar, boot.keys.sk_test), body);
    const b = await say(testChar, await sessionFor(testChar, boot.keys.sk_test), body);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ reply: expect.any(String), stance: expect.any(String), emotion: expect.any(String), mock: true });
    expect(STANCES.map((s) => s.id)).toContain(a.body.stance);
    expect(Object.keys(a.body.affect).sort()).toEqual(["a", "d", "rapport", "v"]);
    expect({ ...b.body }).toEqual({ ...a.body });
  });

  it("takes the token as the `token` body field too", async () => {
    const token = await sessionFor(testChar, boot.keys.sk_test);
    const res = await say(testChar, undefined, { text: "Hi", token });
    expect(res.status).toBe(200);
    expect(res.body.mock).toBe(true);
    const other = await sessionFor(testChar, boot.keys.sk_test);
    expect((await say(testChar, token, { text: "Hi", token: other })).status).toBe(400);
  });

  it.each([
    ["no token", async () => undefined],
    ["an expired token", async () => (await signSessionToken({ subjectId: testChar, kind: "character", appId: boot.appId, mode: "test", ttlSeconds: 60, now: new Date(Date.now() - 600_000) })).token],
    ["a tampered token", async () => {
      const t = await sessionFor(otherChar, boot.keys.sk_test);
      const [h, p, s] = t.split(".");
      const claims = JSON.parse(Buffer.from(p!, "base64url").toString());
      return [h, Buffer.from(JSON.stringify({ ...claims, sub: testChar })).toString("base64url"), s].join(".");
    }],
    ["another character's token", async () => sessionFor(otherChar, boot.keys.sk_test)],
    ["a world's token", async () => {
      const world = (await api.post("/v1/worlds", { world: makeSmallWorld() }, boot.keys.sk_test)).body.worldId;
      return (await api.post("/v1/sessions/token", { worldId: world }, boot.keys.sk_test)).body.token;
    }],
    ["a token of the wrong mode", async () => (await signSessionToken({ subjectId: testChar, kind: "character", appId: boot.appId, mode: "live", ttlSeconds: 600 })).token],
    ["a secret API key", async () => boot.keys.sk_test],
    ["a publishable API key", async () => boot.keys.pk_test],
    ["a user session token", async () => boot.userToken],
  ])("401 for %s", async (_name, make) => {
    const token = await make();
    const res = await say(testChar, token, { text: "Hello" });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("unauthorized");
    const inBody = await say(testChar, undefined, { text: "Hello", ...(token ? { token } : {}) });
    expect(inBody.status).toBe(401);
  });

  it("moves stance and affect sensibly with the local brain (live)", async () => {
    const token = await sessionFor(liveChar, boot.keys.sk_live, "brain-test");
    const warm = await say(liveChar, token, { text: "You are wonderful, thank you so much! I love this place.", currentStance: "calm" });
    expect(warm.status).toBe(200);
    expect(warm.body.mock).toBeUndefined();
    expect(warm.body.affect.v).toBeGreaterThan(0.2);
    expect(warm.body.stance).toBe("glad");
    const cross = await say(liveChar, token, { text: "I hate you. You are stupid and useless.", currentStance: warm.body.stance, affect: warm.body.affect });
    expect(cross.body.affect.v).toBeLessThan(warm.body.affect.v);
    expect(cross.body.affect.rapport).toBeLessThan(warm.body.affect.rapport);
    const afraid = await say(liveChar, token, { text: "I will burn this lighthouse down and kill you!", currentStance: cross.body.stance, affect: cross.body.affect });
    expect(afraid.body.stance).toBe("shaken");
    expect(afraid.body.affect.d).toBeLessThan(0);
    const asked = await say(liveChar, token, { text: "When was the lighthouse built?", currentStance: "calm" });
    expect(asked.body.reply).toContain("1887");
    const shown = await say(liveChar, token, { text: "Show me a picture of your brother's ship." });
    expect(shown.body.action).toEqual({ type: "show_image", description: "brother's ship" });
    const fetched = await say(liveChar, token, { text: "Could you bring me the old brass key?" });
    expect(fetched.body.action).toMatchObject({ type: "fetch_object", object: expect.stringContaining("brass key") });
    const moved = await say(liveChar, token, { text: "Let's go to the harbor." });
    expect(moved.body.action).toMatchObject({ type: "change_location", location: "harbor" });
  });

  it("stores every turn: the transcript holds a player's history in order", async () => {
    const char = (await create({ ...EXPLICIT, name: "Scribe", free: true })).body.id;
    const first = await sessionFor(char, boot.keys.sk_live, "reader-1");
    const second = await sessionFor(char, boot.keys.sk_live, "reader-1");
    const stranger = await sessionFor(char, boot.keys.sk_live, "reader-2");
    const lines = ["Hello, keeper.", "What burns in the lamp?", "Thank you!"];
    for (const text of lines) expect((await say(char, first, { text })).status).toBe(200);
    expect((await say(char, stranger, { text: "I am someone else." })).status).toBe(200);
    expect((await say(char, second, { text: "I came back." })).status).toBe(200);

    const res = await api.get(`/v1/characters/${char}/transcript?userRef=reader-1`, boot.keys.sk_live);
    expect(res.status).toBe(200);
    const turns = res.body.turns as { role: string; text: string; userRef: string; sessionId: string; stance: string | null }[];
    expect(turns.map((t) => t.role)).toEqual(["user", "character", "user", "character", "user", "character", "user", "character"]);
    expect(turns.filter((t) => t.role === "user").map((t) => t.text)).toEqual([...lines, "I came back."]);
    expect(turns.every((t) => t.userRef === "reader-1")).toBe(true);
    expect(new Set(turns.map((t) => t.sessionId)).size).toBe(2);
    expect(turns.filter((t) => t.role === "character").every((t) => STANCES.some((s) => s.id === t.stance))).toBe(true);
    expect(res.body.nextCursor).toBeNull();

    const bySession = await api.get(`/v1/characters/${char}/transcript?sessionId=${turns[0]!.sessionId}`, boot.keys.sk_live);
    expect(bySession.body.turns).toHaveLength(6);
    const page1 = await api.get(`/v1/characters/${char}/transcript?userRef=reader-1&limit=3`, boot.keys.sk_live);
    expect(page1.body.turns).toHaveLength(3);
    const page2 = await api.get(`/v1/characters/${char}/transcript?userRef=reader-1&limit=5&cursor=${page1.body.nextCursor}`, boot.keys.sk_live);
    expect([...page1.body.turns, ...page2.body.turns]).toEqual(turns);

    expect((await api.get(`/v1/characters/${char}/transcript?userRef=reader-1`, boot.keys.pk_live)).status).toBe(403);
    expect((await api.get(`/v1/characters/${char}/transcript`, boot.keys.sk_live)).status).toBe(400);
    expect((await api.get(`/v1/characters/${char}/transcript?userRef=reader-1`, boot.keys.sk_test)).status).toBe(404);
  });

  it("meters turns as `say` quota: 402 when the daily cap is reached", async () => {
    const app = await bootstrap();
    const char = (await create({ name: "Quota", persona: "x" }, app.keys.sk_test)).body.id;
    await runCliCommand("quota set", { app: app.appId, kind: "say", daily: 2 });
    const token = await sessionFor(char, app.keys.sk_test);
    expect((await say(char, token, { text: "one" })).status).toBe(200);
    expect((await say(char, token, { text: "two" })).status).toBe(200);
    const third = await say(char, token, { text: "three" });
    expect(third.status).toBe(402);
    expect(third.body).toMatchObject({ code: "quota_exceeded", kind: "say", cap: 2 });
  });
});

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
    Object.assign(process.env, { CHAT_FREE_SECONDS: "10", CHAT_TURN_MIN_SECONDS: "5", CHAT_TURN_MAX_SECONDS: "5", CHAT_PLUS_SECONDS_PER_MONTH: "5" });
    const app = await bootstrap();
    const char = (await create(EXPLICIT, app.keys.sk_live)).body.id;
    const token = await sessionFor(char, app.keys.sk_live, "taster");
    // The free taste: two turns of 5 s.
    expect((await say(char, token, { text: "Hello" })).status).toBe(200);
    expect((await say(char, token, { text: "Tell me more" })).status).toBe(200);
    const spent = await say(char, token, { text: "And then?" });
    expect(spent.status).toBe(402);
    expect(spent.body).toMatchObject({ code: "quota_exceeded", chat: { plan: "free", freeSecondsLeft: 0, planSecondsLeft: 0, creditSeconds: 0 } });
    expect(spent.body.detail).toMatch(/free taste/);
    // A new session of the same user has nothing left either; another user has their own taste.
    expect((await say(char, await sessionFor(char, app.keys.sk_live, "taster"), { text: "Hi" })).status).toBe(402);
    expect((await say(char, await sessionFor(char, app.keys.sk_live, "someone-else"), { text: "Hi" })).status).toBe(200);

    // Plus: this month's allowance (5 s here).
    expect(await runCliCommand("chat plan set", { app: app.appId, user: "taster", plan: "plus" })).toMatchObject({ plan: "plus", planSecondsLeft: 5, secondsLeft: 5 });
    expect((await say(char, token, { text: "I am on Plus now" })).status).toBe(200);
    expect((await say(char, token, { text: "Still there?" })).status).toBe(402);

    // Credit beyond that.
    expect(await runCliCommand("chat credit add", { app: app.appId, user: "taster", seconds: "7" })).toMatchObject({ creditSeconds: 7, secondsLeft: 7 });
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

  it("does not meter test tokens or free characters, and keys anonymous players by session", async () => {
    Object.assign(process.env, { CHAT_FREE_SECONDS: "5" });
    const app = await bootstrap();
    const testChar = (await create(EXPLICIT, app.keys.sk_test)).body.id;
    const testToken = await sessionFor(testChar, app.keys.sk_test, "tester");
    for (const text of ["a", "b", "c"]) expect((await say(testChar, testToken, { text })).status).toBe(200);
    expect((await api.get("/v1/usage", app.keys.sk_test)).body.billing.chatSeconds).toBe(0);

    const freeChar = (await create({ ...EXPLICIT, free: true }, app.keys.sk_live)).body.id;
    const freeToken = await sessionFor(freeChar, app.keys.sk_live, "free-rider");
    for (const text of ["a", "b", "c"]) expect((await say(freeChar, freeToken, { text })).status).toBe(200);

    const liveChar = (await create(EXPLICIT, app.keys.sk_live)).body.id;
    const anonymous = await sessionFor(liveChar, app.keys.sk_live);
    expect((await say(liveChar, anonymous, { text: "a" })).status).toBe(200);
    expect((await say(liveChar, anonymous, { text: "b" })).status).toBe(402);
    expect((await say(liveChar, await sessionFor(liveChar, app.keys.sk_live), { text: "a" })).status).toBe(200);
  });
});

describe("POST /v1/tts", () => {
  let character: string;
  beforeAll(async () => {
    character = (await create(EXPLICIT, boot.keys.sk_test)).body.id;
  });

  it("speaks a deterministic short WAV in test mode, hosted, metered as tts", async () => {
    const used = async () => (await api.get("/v1/usage", boot.keys.sk_test)).body.quotas.tts.used as number;
    const before = await used();
    const a = await api.post("/v1/tts", { text: "Mind the stairs.", voiceId: "ember" }, boot.keys.sk_test);
    const b = await api.post("/v1/tts", { text: "Mind the stairs.", voiceId: "ember" }, boot.keys.sk_test);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ mimeType: "audio/wav", voiceId: "ember", mock: true, url: expect.stringMatching(/\/assets\/[0-9a-f]{64}\.wav$/) });
    expect(b.body.audioBase64).toBe(a.body.audioBase64);
    const info = wavInfo(Buffer.from(a.body.audioBase64, "base64"));
    expect(info?.seconds).toBeCloseTo(0.4, 2);
    const hosted = await fetch(a.body.url);
    expect(hosted.status).toBe(200);
    expect(Buffer.from(await hosted.arrayBuffer()).toString("base64")).toBe(a.body.audioBase64);
    expect(await used()).toBe(before + 2);
  });

  it("speaks with the local placeholder voice in live mode", async () => {
    const res = await api.post("/v1/tts", { text: "Hello there. How are you today?" }, boot.keys.sk_live);
    expect(res.status).toBe(200);
    expect(res.body.mock).toBeUndefined();
    expect(res.body.voiceId).toBe("narrator");
    const info = wavInfo(Buffer.from(res.body.audioBase64, "base64"));
    expect(info!.seconds).toBeGreaterThan(0.8);
  });

  it("speaks with a character's voice for its session token, and refuses other credentials", async () => {
    const token = await sessionFor(character, boot.keys.sk_test);
    const res = await api.post("/v1/tts", { text: "Who sent you?" }, token);
    expect(res.status).toBe(200);
    expect(res.body.voiceId).toBe("ember");
    expect((await api.post("/v1/tts", { text: "Who sent you?", token })).status).toBe(200);
    expect((await api.post("/v1/tts", { text: "x", voiceId: "other" }, token)).status).toBe(400);
    const world = (await api.post("/v1/worlds", { world: makeSmallWorld() }, boot.keys.sk_test)).body.worldId;
    const worldToken = (await api.post("/v1/sessions/token", { worldId: world }, boot.keys.sk_test)).body.token;
    expect((await api.post("/v1/tts", { text: "x" }, worldToken)).status).toBe(401);
    expect((await api.post("/v1/tts", { text: "x" }, boot.keys.pk_test)).status).toBe(403);
    expect((await api.post("/v1/tts", { text: "x" })).status).toBe(401);
    expect((await api.post("/v1/tts", { text: "" }, boot.keys.sk_test)).status).toBe(400);
  });
});

describe("GET /v1/usage", () => {
  it("shows sessionSeconds and chatSeconds of the key's mode", async () => {
    const app = await bootstrap();
    const world = (await api.post("/v1/worlds", { world: makeSmallWorld() }, app.keys.sk_live)).body.worldId;
    const { token, claims } = await signSessionToken({ subjectId: world, kind: "world", appId: app.appId, mode: "live", ttlSeconds: 900, now: new Date(Date.now() - 60_000) });
    await api.post("/v1/runtime/heartbeat", { sessionId: claims.sessionId, seconds: 40 }, token);
    const char = (await create({ name: "Usage", persona: "x" }, app.keys.sk_live)).body.id;
    await say(char, await sessionFor(char, app.keys.sk_live, "u"), { text: "hello" });
    const usage = await api.get("/v1/usage", app.keys.sk_live);
    expect(usage.body.billing).toEqual({ sessionSeconds: 40, chatSeconds: 5 });
    expect(usage.body.quotas.say.used).toBe(1);
    expect((await api.get("/v1/usage", app.keys.sk_test)).body.billing).toEqual({ sessionSeconds: 0, chatSeconds: 0 });
  });
});
