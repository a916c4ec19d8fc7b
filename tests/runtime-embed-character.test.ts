import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { applyTurn, describeFailure, initialState, readCharacter, readTurn, turnRequest, type ChatState } from "@/embed/character/model";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { forgetEmbedOrigins } from "@/lib/runtime";
import { signSessionToken } from "@/lib/sessions";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { checkedClient } from "./support/openapi-check";
import { startTestServer, type TestServer } from "./support/test-server";

// The character embed page, /embed/c/{characterId}: its document and headers, and the calls its
// script makes, built with the page's own model (embed/character/model.ts) so that what the
// browser sends is what the API accepts.

let server: TestServer;
let api: ReturnType<typeof checkedClient>;
let boot: Bootstrap;
let testCharacter: string;
let liveCharacter: string;
let world: string;

const PARTNER = "https://partner.example";
const PERSONA = "You are Ilse, keeper of the salt lighthouse; secretly afraid of the dark.";
const LORE = "The lamp burns whale oil since 1887.";
const ILSE = {
  name: "Ilse the Keeper",
  persona: PERSONA,
  lore: LORE,
  greeting: "Mind the stairs. Who sent you?",
  stances: [
    { id: "calm", label: "Calm", mood: "calm", expression: "a still, patient face" },
    { id: "glad", label: "Glad", mood: "happy", expression: "a broad smile" },
    { id: "cross", label: "Cross", mood: "angry", expression: "a hard stare" },
  ],
  intro: { kicker: "Meet", title: "Ilse", hint: "Ask about the lamp" },
};

beforeAll(async () => {
  server = await startTestServer();
  api = checkedClient(server.url);
  boot = await bootstrap();
  expect((await api.patch(`/v1/apps/${boot.appId}`, { embedOrigins: [PARTNER] }, boot.userToken)).status).toBe(200);
  forgetEmbedOrigins();
  testCharacter = (await api.post("/v1/characters", ILSE, boot.keys.sk_test)).body.id;
  liveCharacter = (await api.post("/v1/characters", ILSE, boot.keys.sk_live)).body.id;
  world = (await api.post("/v1/worlds", { world: makeSmallWorld() }, boot.keys.sk_live)).body.worldId;
});

afterAll(async () => {
  await server?.close();
});

const page = (path: string) => fetch(server.url + path);
const mint = async (characterId: string, key: string, userRef?: string) => {
  const res = await api.post("/v1/sessions/token", { characterId, ...(userRef ? { userRef } : {}) }, key);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
};

describe("GET /embed/c/{characterId}", () => {
  it("serves the page with the app's frame-ancestors, a nonce, blob: audio and nothing of a private character", async () => {
    const res = await page(`/embed/c/${testCharacter}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`frame-ancestors 'self' ${PARTNER}`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("media-src blob:");
    expect(csp).toContain("connect-src 'self'");
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("cache-control")).toBe("no-store");

    const html = await res.text();
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(html).toContain('<script src="/embed/character.js" defer></script>');
    expect(html).toContain(`data-character="${testCharacter}"`);
    expect(html).toContain('<label class="pc-sr" for="pc-input">');
    // Private (every test character is): no name, greeting, stance or picture before the token proves access.
    for (const secret of ["Ilse", "Mind the stairs", "Calm", "data:image"]) expect(html).not.toContain(secret);
    // The world player's page is not this one.
    expect(html).not.toContain("/embed/player.js");
  });

  it("draws a shareable character's first frame from its public graph, never its brain", async () => {
    const made = await api.patch(`/v1/worlds/${liveCharacter}`, { visibility: "unlisted" }, boot.keys.sk_live);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const html = await (await page(`/embed/c/${liveCharacter}`)).text();
    expect(html).toContain("<title>Ilse the Keeper · Programmable Worlds</title>");
    expect(html).toContain('data-stance="calm"');
    expect(html).toContain("Mind the stairs. Who sent you?");
    expect(html).toContain('<p class="pw-kicker">Calm</p>');
    expect(html).toContain('placeholder="Ask about the lamp"');
    expect(html).toContain('alt="Ilse the Keeper, calm"');
    expect(html).not.toContain("secretly afraid");
    expect(html).not.toContain("whale oil");
    expect(html).toContain('<span class="pw-badge" hidden>');
  });

  it.each([
    ["an unknown id", "00000000-0000-4000-8000-000000000000"],
    ["a malformed id", "not-a-uuid"],
    ["a world's id", "WORLD"],
  ])("is a 404 page for %s, framed by this app only", async (_name, id) => {
    const res = await page(`/embed/c/${id === "WORLD" ? world : id}`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-security-policy")).toMatch(/frame-ancestors 'self'$/);
    const html = await res.text();
    expect(html).toContain("Character not found");
    expect(html).not.toContain("/embed/character.js");
  });

  it("leaves the world player alone: a character's id there is still a 404 world", async () => {
    const res = await page(`/embed/w/${testCharacter}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("World not found");
  });
});

describe("the page's calls, as its script makes them", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ["CHAT_FREE_SECONDS", "CHAT_TURN_MIN_SECONDS", "CHAT_TURN_MAX_SECONDS"]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  const call = (path: string, token: string, body: unknown) =>
    fetch(server.url + path, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("boots a test character, talks two turns with the state it keeps, and speaks a line", async () => {
    const token = await mint(testCharacter, boot.keys.sk_test);
    const boot1 = await api.get("/v1/runtime/world", token);
    expect(boot1.status).toBe(200);
    expect(boot1.body).toMatchObject({ id: testCharacter, kind: "character", mode: "test", name: "Ilse the Keeper" });
    const character = readCharacter(boot1.body.world, boot1.body.name);
    expect(character).toMatchObject({
      name: "Ilse the Keeper",
      greeting: "Mind the stairs. Who sent you?",
      hint: "Ask about the lamp",
      entrance: "calm",
    });
    expect(character!.stances.map((s) => s.id)).toEqual(["calm", "glad", "cross"]);
    expect(JSON.stringify(boot1.body.world)).not.toContain("secretly afraid");

    let state: ChatState = initialState(character!);
    const turns = [];
    for (const text of ["Hello, keeper!", "Bring me the logbook, please."]) {
      const request = turnRequest(state, text);
      const res = await call(`/v1/characters/${testCharacter}/say`, token, request);
      expect(res.status).toBe(200);
      const turn = readTurn(await res.json());
      expect(turn).toMatchObject({ mock: true, reply: expect.any(String) });
      expect(character!.stances.map((s) => s.id)).toContain(turn!.stance);
      state = applyTurn(character!, state, text, turn!);
      turns.push(turn!);
    }
    // The second turn carried the first: greeting, both lines of turn one, the mood it left.
    expect(state.history.map((h) => h.role)).toEqual(["character", "user", "character", "user", "character"]);
    expect(turns[1]!.action).toEqual({ type: "fetch_object", object: "logbook, please" });
    // Canned and deterministic: the same request gives the same turn.
    const again = readTurn(
      await (await call(`/v1/characters/${testCharacter}/say`, token, turnRequest(initialState(character!), "Hello, keeper!"))).json(),
    );
    expect(again).toEqual(turns[0]);

    const spoken = await call("/v1/tts", token, { text: turns[0]!.reply });
    expect(spoken.status).toBe(200);
    const audio = (await spoken.json()) as { audioBase64: string; mimeType: string; mock?: boolean };
    expect(audio).toMatchObject({ mimeType: "audio/wav", mock: true });
    expect(Buffer.from(audio.audioBase64, "base64").subarray(0, 4).toString("latin1")).toBe("RIFF");

    const beat = await call("/v1/runtime/heartbeat", token, { sessionId: boot1.body.sessionId, seconds: 0 });
    expect(beat.status).toBe(200);
  });

  it("gives the page what it shows for an ended session and for chat time spent", async () => {
    const expired = await signSessionToken({
      subjectId: testCharacter,
      kind: "character",
      appId: boot.appId,
      mode: "test",
      ttlSeconds: 60,
      now: new Date(Date.now() - 3_600_000),
    });
    const refused = await call(`/v1/characters/${testCharacter}/say`, expired.token, { text: "Hi" });
    expect(refused.status).toBe(401);
    expect(describeFailure(refused.status, (await refused.json()).detail, "Ilse")).toEqual({
      message: "This session has ended; reload the page.",
      fatal: true,
      retry: false,
    });

    // One live turn spends the whole taste here; the next is a 402 whose detail the page shows as is.
    Object.assign(process.env, { CHAT_FREE_SECONDS: "5", CHAT_TURN_MIN_SECONDS: "5", CHAT_TURN_MAX_SECONDS: "5" });
    const token = await mint(liveCharacter, boot.keys.sk_live, "page-reader");
    expect((await call(`/v1/characters/${liveCharacter}/say`, token, { text: "Hello" })).status).toBe(200);
    const spent = await call(`/v1/characters/${liveCharacter}/say`, token, { text: "And then?" });
    expect(spent.status).toBe(402);
    const body = (await spent.json()) as { detail: string };
    expect(body.detail).toMatch(/free taste/);
    expect(describeFailure(spent.status, body.detail, "Ilse")).toEqual({ message: body.detail, fatal: false, retry: false });
  });
});
