import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatAnswer, imagesIn, startFakeOpenAI, type FakeOpenAIServer } from "@/lib/ai/testing/fake-openai-server";
import { rasterizeSvg } from "@/lib/ai/raster";
import { getDb } from "@/lib/db";
import { api, boot, create, withCharactersServer } from "./support/characters";
import { setEnv } from "./support/env";

// AUTHORED characters with a configured model (the openai-compatible provider, against the fake
// server): structured output, one repair round, an honest error when the model does not deliver.

withCharactersServer();

const MAREN = {
  name: "Maren of the Salt Light",
  persona: "You are Maren, a retired lighthouse keeper who talks to gulls. You are wry and patient.",
  lore: "Maren kept the Salt Light for forty years. She names every gull that lands on the rail.",
  greeting: "Mind the gulls. They bite strangers.",
  examples: "User: Who are you?\nMaren: The keeper, once. Now the gulls keep me.",
  subject: "Maren, an old keeper in an oilskin coat",
  style: "ink and watercolor",
  scene: "on the gallery of a lighthouse at dusk",
  intro: { kicker: "Meet", title: "Maren", hint: "Ask her about the gulls." },
};

let fake: FakeOpenAIServer;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  setEnv({ AI_BASE_URL: fake.baseURL, AI_MODEL: "fake", AI_JSON_MODE: "json_schema", AI_TRANSPORT_RETRIES: "0" });
});
afterAll(async () => {
  for (const name of ["AI_BASE_URL", "AI_MODEL", "AI_JSON_MODE", "AI_TRANSPORT_RETRIES"]) delete process.env[name];
  setEnv({});
  await fake.close();
});

const chats = () => fake.requests.filter((r) => r.path.endsWith("/chat/completions"));
const generationsUsed = async () => (await api.get("/v1/usage", boot.keys.sk_live)).body.quotas.generation.used as number;

describe("POST /v1/characters, authored, with the openai-compatible provider", () => {
  it("authors the profile with the model (structured output, the frame's image sent), explicit fields still win", async () => {
    fake.requests.length = 0;
    fake.chat.push(chatAnswer(JSON.stringify(MAREN)));
    const png = (
      await rasterizeSvg(
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="teal"/></svg>',
        64,
      )
    ).bytes;
    const res = await create(
      {
        authored: true,
        premise: "a retired lighthouse keeper named Maren who talks to gulls",
        frame_b64: png.toString("base64"),
        voiceId: "v3",
      },
      boot.keys.sk_live,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const got = (await api.get(`/v1/characters/${res.body.id}`, boot.keys.sk_live)).body;
    expect(got).toMatchObject({ name: MAREN.name, source: "openai-compatible" });
    expect(got.world.character).toMatchObject({
      persona: MAREN.persona,
      lore: MAREN.lore,
      greeting: MAREN.greeting,
      examples: MAREN.examples,
      subject: MAREN.subject,
      voiceId: "v3",
    });
    expect(got.world.character.stances.length).toBeGreaterThan(1);
    const [request] = chats();
    expect(request!.body.response_format?.type).toBe("json_schema");
    expect(JSON.stringify(request!.body.messages)).toContain("talks to gulls");
    expect(imagesIn(request!).map((i) => i.bytes.equals(png))).toEqual([true]);
  });

  it("sends a malformed answer back once with what was wrong, and uses the corrected one", async () => {
    fake.requests.length = 0;
    fake.chat.push(chatAnswer(JSON.stringify({ ...MAREN, persona: "" })), chatAnswer(JSON.stringify(MAREN)));
    const res = await create({ authored: true, premise: "a keeper of gulls" }, boot.keys.sk_live);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(chats()).toHaveLength(2);
    expect(JSON.stringify(chats()[1]!.body.messages.at(-1))).toContain("persona");
    expect((await api.get(`/v1/characters/${res.body.id}`, boot.keys.sk_live)).body.world.character.persona).toBe(MAREN.persona);
  });

  it("never invents a character when the model does not deliver: 502, nothing created, nothing charged", async () => {
    fake.requests.length = 0;
    const before = await generationsUsed();
    const db = await getDb();
    const characters = () => db.world.count({ where: { appId: boot.appId, kind: "character" } });
    const stored = await characters();
    fake.chat.push(chatAnswer("I would rather not."), chatAnswer(JSON.stringify({ name: "Only a name" })));
    const res = await create({ authored: true, premise: "a keeper of gulls" }, boot.keys.sk_live);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: "upstream_failed", detail: expect.stringMatching(/character author.*2 answers.*persona/is) });
    expect(chats()).toHaveLength(2);
    expect(await generationsUsed()).toBe(before);
    expect(await characters()).toBe(stored);
  });

  it("keeps the test keys' deterministic mock (the model is never asked)", async () => {
    fake.requests.length = 0;
    const res = await create({ authored: true, premise: "a retired lighthouse keeper named Maren who talks to gulls" }, boot.keys.sk_test);
    expect(res.status).toBe(201);
    expect((await api.get(`/v1/characters/${res.body.id}`, boot.keys.sk_test)).body.name).toMatch(/^Maren the /);
    expect(chats()).toHaveLength(0);
  });
});
