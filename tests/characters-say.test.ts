import { beforeAll, describe, expect, it } from "vitest";
import { wavInfo } from "@/lib/ai";
import { runCliCommand } from "@/lib/cli/commands";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { signSessionToken } from "@/lib/sessions";
import { bootstrap } from "./support/fixtures";
import { CAST } from "@/lib/ai/brain/sample-cast";
import { api, boot, create, EXPLICIT, say, sessionFor, STANCES, withCharactersServer } from "./support/characters";

withCharactersServer();

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
    // The same turn; each token minted without a player is its own anonymous player.
    expect(a.body.playerId).not.toBe(b.body.playerId);
    expect({ ...b.body, playerId: undefined }).toEqual({ ...a.body, playerId: undefined });
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
    [
      "an expired token",
      async () =>
        (
          await signSessionToken({
            subjectId: testChar,
            kind: "character",
            appId: boot.appId,
            mode: "test",
            ttlSeconds: 60,
            now: new Date(Date.now() - 600_000),
          })
        ).token,
    ],
    [
      "a tampered token",
      async () => {
        const t = await sessionFor(otherChar, boot.keys.sk_test);
        const [h, p, s] = t.split(".");
        const claims = JSON.parse(Buffer.from(p!, "base64url").toString());
        return [h, Buffer.from(JSON.stringify({ ...claims, sub: testChar })).toString("base64url"), s].join(".");
      },
    ],
    ["another character's token", async () => sessionFor(otherChar, boot.keys.sk_test)],
    [
      "a world's token",
      async () => {
        const world = (await api.post("/v1/worlds", { world: makeSmallWorld() }, boot.keys.sk_test)).body.worldId;
        return (await api.post("/v1/sessions/token", { worldId: world }, boot.keys.sk_test)).body.token;
      },
    ],
    [
      "a token of the wrong mode",
      async () =>
        (await signSessionToken({ subjectId: testChar, kind: "character", appId: boot.appId, mode: "live", ttlSeconds: 600 })).token,
    ],
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
    const cross = await say(liveChar, token, {
      text: "I hate you. You are stupid and useless.",
      currentStance: warm.body.stance,
      affect: warm.body.affect,
    });
    expect(cross.body.affect.v).toBeLessThan(warm.body.affect.v);
    expect(cross.body.affect.rapport).toBeLessThan(warm.body.affect.rapport);
    const afraid = await say(liveChar, token, {
      text: "I will burn this lighthouse down and kill you!",
      currentStance: cross.body.stance,
      affect: cross.body.affect,
    });
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

  it("listens over HTTP: a first meeting, what it was told remembered from the stored turns, the stance moved by an insult and a danger (local brain, live)", async () => {
    const { character } = CAST[0]!;
    const { name, persona, lore, greeting, examples, stances, speakingDetail } = character;
    const id = (await create({ name, persona, lore, greeting, examples, stances, speakingDetail, free: true })).body.id as string;
    const token = await sessionFor(id, boot.keys.sk_live, "listener");
    // No history sent: the server reads the session's stored turns, as it does for any client that keeps none.
    const first = await say(id, token, { text: "Good evening. My name is Sam. Are you the keeper?" });
    expect(first.status).toBe(200);
    expect(first.body.reply).not.toMatch(/\bagain\b/i);
    expect(first.body.reply).toMatch(/\bI(?:'m| am)\b/);
    const lamp = await say(id, token, { text: "What does the lamp burn?", currentStance: first.body.stance, affect: first.body.affect });
    expect(lamp.body.reply).toMatch(/paraffin|whale oil/);
    expect(lamp.body.reply).not.toContain("She keeps");
    const insult = await say(id, token, { text: "You're a useless old crone.", currentStance: lamp.body.stance, affect: lamp.body.affect });
    expect(insult.body.stance).not.toBe(lamp.body.stance);
    expect(insult.body.affect.rapport).toBeLessThan(lamp.body.affect.rapport);
    expect(insult.body.affect.v).toBeLessThan(0);
    const danger = await say(id, token, {
      text: "I'll row out tonight to find the bell.",
      currentStance: insult.body.stance,
      affect: insult.body.affect,
    });
    expect(danger.body.stance).toBe("worried");
    expect(danger.body.affect.a).toBeGreaterThan(insult.body.affect.a);
    expect(danger.body.reply).toMatch(/Tobias/);
    const name2 = await say(id, token, { text: "Do you remember my name?", currentStance: danger.body.stance, affect: danger.body.affect });
    expect(name2.body.reply).toContain("Sam");
    const again = await say(id, token, { text: "Hello!", currentStance: name2.body.stance, affect: name2.body.affect });
    expect(again.body.reply).toMatch(/\bagain\b|\bback\b/i);
    const bye = await say(id, token, { text: "Goodbye.", currentStance: again.body.stance, affect: again.body.affect });
    expect(bye.body.reply).toMatch(/don't row out tonight/i);
    const replies = [first, lamp, insult, danger, name2, again, bye].map((r) => r.body.reply);
    expect(new Set(replies).size).toBe(replies.length);
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
    const page2 = await api.get(
      `/v1/characters/${char}/transcript?userRef=reader-1&limit=5&cursor=${page1.body.nextCursor}`,
      boot.keys.sk_live,
    );
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
    expect(a.body).toMatchObject({
      mimeType: "audio/wav",
      voiceId: "ember",
      mock: true,
      url: expect.stringMatching(/\/assets\/[0-9a-f]{64}\.wav$/),
    });
    expect(b.body.audioBase64).toBe(a.body.audioBase64);
    const info = wavInfo(Buffer.from(a.body.audioBase64, "base64"));
    expect(info?.seconds).toBeCloseTo(0.4, 2);
    const hosted = await fetch(a.body.url);
    expect(hosted.status).toBe(200);
    expect(Buffer.from(await hosted.arrayBuffer()).toString("base64")).toBe(a.body.audioBase64);
    expect(await used()).toBe(before + 2);
  });

  it("speaks with the local voice (eSpeak NG) in live mode: longer text, longer speech", async () => {
    const res = await api.post("/v1/tts", { text: "Hello there. How are you today?" }, boot.keys.sk_live);
    expect(res.status).toBe(200);
    expect(res.body.mock).toBeUndefined();
    expect(res.body.voiceId).toBe("narrator");
    const info = wavInfo(Buffer.from(res.body.audioBase64, "base64"));
    expect(info!.sampleRate).toBe(22050);
    expect(info!.seconds).toBeGreaterThan(0.8);
    const longer = await api.post(
      "/v1/tts",
      {
        text: "Hello there. How are you today? The tide is turning, and the keeper has not come down from the lamp room since the bell rang.",
      },
      boot.keys.sk_live,
    );
    expect(wavInfo(Buffer.from(longer.body.audioBase64, "base64"))!.seconds).toBeGreaterThan(2.5 * info!.seconds);
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
