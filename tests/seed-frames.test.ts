import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatAnswer, imagesIn, startFakeOpenAI, type FakeOpenAIServer } from "@/lib/ai/testing/fake-openai-server";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { checkedClient as apiClient } from "./support/openapi-check";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { startTestServer, type TestServer } from "./support/test-server";

// Issue 14, images as inputs: a world generated from a seed frame is generated from what the
// frame shows. Vision describes it first (local: the painter's manifest or the offline detector;
// openai-compatible: the model), the description seeds the premise and is stored on the
// entrance's image, and an author that can look gets the image itself.

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let app: Bootstrap;

const PHOTOS = path.resolve(import.meta.dirname, "fixtures/photos");
const photo = (name: string) => fs.readFileSync(path.join(PHOTOS, name));
/** A 1×1 GIF: the generation takes it as a seed frame; vision cannot read it. */
const GIF = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  app = await bootstrap();
});

afterAll(async () => {
  await server?.close();
});

const used = async (key: string) => (await api.get("/v1/usage", key)).body.quotas as Record<string, { used: number }>;
const graphOf = async (worldId: string, key: string) => (await api.get(`/v1/worlds/${worldId}`, key)).body.world;

describe("POST /v1/worlds from a seed frame (live, local provider)", () => {
  it("two photographs give two premises; the description is stored on the entrance image", async () => {
    const before = await used(app.keys.sk_live);
    const person = await api.post("/v1/worlds", { frame_b64: photo("camera.png").toString("base64") }, app.keys.sk_live);
    const cup = await api.post("/v1/worlds", { frame_b64: photo("coffee.png").toString("base64") }, app.keys.sk_live);
    expect(person.status, JSON.stringify(person.body)).toBe(200);
    expect(cup.status, JSON.stringify(cup.body)).toBe(200);
    const [a, b] = [await graphOf(person.body.worldId, app.keys.sk_live), await graphOf(cup.body.worldId, app.keys.sk_live)];
    // What the offline detector saw, stored with the frame it saw it in.
    expect(a.entrance.image.seedDescription).toMatchObject({
      source: "detector",
      provider: "local",
      labels: expect.arrayContaining(["person"]),
    });
    expect(b.entrance.image.seedDescription).toMatchObject({
      source: "detector",
      provider: "local",
      labels: expect.arrayContaining(["cup"]),
    });
    expect(a.entrance.image.label).toBe(a.entrance.image.seedDescription.caption);
    // The premise (the world's description) is what the frame shows, so the worlds differ.
    expect(a.description).toMatch(/person/i);
    expect(b.description).toMatch(/cup/i);
    expect(a.description).not.toBe(b.description);
    expect(a.name).not.toBe(b.name);
    // The seed frame stays the entrance image; describing it is part of the generation's unit.
    expect(a.entrance.image.src).toMatch(/\/assets\/[0-9a-f]{64}\.png$/);
    const after = await used(app.keys.sk_live);
    expect(after.generation!.used - before.generation!.used).toBe(2);
    expect(after.vision_describe!.used).toBe(before.vision_describe!.used);
  });

  it("keeps the caller's premise first and adds what the frame shows", async () => {
    const res = await api.post(
      "/v1/worlds",
      { premise: "Mara guards the last lighthouse.", frame_b64: photo("coffee.png").toString("base64") },
      app.keys.sk_live,
    );
    expect(res.status).toBe(200);
    const graph = await graphOf(res.body.worldId, app.keys.sk_live);
    expect(graph.description).toMatch(/^Mara guards the last lighthouse\. A cup/);
    expect(graph.slots.hero).toBe("Mara");
  });

  it("describes a frame the local painter painted from its manifest", async () => {
    const painted = await api.post("/v1/worlds", { premise: "A lighthouse keeper hears a drowned bell in the storm" }, app.keys.sk_live);
    const src = (await graphOf(painted.body.worldId, app.keys.sk_live)).entrance.image.src as string;
    const res = await api.post("/v1/worlds", { frame_url: src }, app.keys.sk_live);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const seed = (await graphOf(res.body.worldId, app.keys.sk_live)).entrance.image.seedDescription;
    expect(seed).toMatchObject({ source: "manifest", labels: expect.arrayContaining(["lighthouse"]) });
  });

  it("generates from a GIF without a description (vision reads PNG, JPEG and WebP)", async () => {
    const res = await api.post("/v1/worlds", { premise: "A quiet harbour", frame_b64: GIF.toString("base64") }, app.keys.sk_live);
    expect(res.status).toBe(200);
    expect((await graphOf(res.body.worldId, app.keys.sk_live)).entrance.image.seedDescription).toBeUndefined();
  });

  it.each([
    ["an http:// URL", { frame_url: "http://example.com/frame.png" }, 400],
    ["a private address", { frame_url: "https://127.0.0.1/frame.png" }, 400],
  ])("refuses %s before anything is made, and spends nothing", async (_what, body, status) => {
    const before = await used(app.keys.sk_live);
    const worlds = (await api.get("/v1/worlds", app.keys.sk_live)).body.worlds.length;
    const res = await api.post("/v1/worlds", body, app.keys.sk_live);
    expect(res.status).toBe(status);
    expect(res.body.detail).toMatch(/frame_url/);
    expect((await used(app.keys.sk_live)).generation!.used).toBe(before.generation!.used);
    expect((await api.get("/v1/worlds", app.keys.sk_live)).body.worlds.length).toBe(worlds);
  });

  it("test keys keep the kernel's mock world (nothing is looked at)", async () => {
    const res = await api.post("/v1/worlds", { frame_b64: photo("coffee.png").toString("base64") }, app.keys.sk_test);
    expect(res.status).toBe(200);
    expect((await graphOf(res.body.worldId, app.keys.sk_test)).entrance.image.seedDescription).toBeUndefined();
  });
});

describe("POST /v1/worlds from a seed frame with openai-compatible", () => {
  let fake: FakeOpenAIServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    Object.assign(process.env, { AI_BASE_URL: fake.baseURL, AI_MODEL: "fake", AI_MAX_ATTEMPTS: "1", AI_TRANSPORT_RETRIES: "0" });
    (await import("@/lib/config/env")).resetEnvCache();
  });
  afterAll(async () => {
    for (const key of ["AI_BASE_URL", "AI_MODEL", "AI_MAX_ATTEMPTS", "AI_TRANSPORT_RETRIES"]) delete process.env[key];
    (await import("@/lib/config/env")).resetEnvCache();
    await fake.close();
  });

  it("the model describes the frame, then authors with the image attached and the description in the premise", async () => {
    const bytes = photo("coffee.png");
    fake.chat.push(
      chatAnswer(JSON.stringify({ caption: "A cup of coffee on a saucer, seen from above.", labels: ["cup", "saucer", "spoon"] })),
    );
    fake.chat.push(
      chatAnswer(JSON.stringify({ ...makeSmallWorld(), entrance: { ...makeSmallWorld().entrance, image: { src: "", label: "Start" } } })),
    );
    const res = await api.post("/v1/worlds", { frame_b64: bytes.toString("base64") }, app.keys.sk_live);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [describe, author] = fake.requests.filter((r) => r.path.endsWith("/chat/completions"));
    expect(imagesIn(describe!)[0]!.bytes.equals(bytes)).toBe(true);
    // The author's request carries the same image, and the description as the premise.
    const sent = imagesIn(author!);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ mediaType: "image/png" });
    expect(sent[0]!.bytes.equals(bytes)).toBe(true);
    expect(JSON.stringify(author!.body.messages)).toContain("A cup beside a saucer and a spoon.");
    expect(JSON.stringify(author!.body.messages)).toContain("The attached image is the seed frame");
    const graph = await graphOf(res.body.worldId, app.keys.sk_live);
    expect(graph.entrance.image.seedDescription).toEqual({
      caption: "A cup of coffee on a saucer, seen from above.",
      labels: ["cup", "saucer", "spoon"],
      source: "model",
      provider: "openai-compatible",
    });
  });
});
