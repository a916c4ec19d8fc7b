import { decode, encode } from "fast-png";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formParts, imageAnswer, startFakeOpenAI, type FakeOpenAIServer } from "@/lib/ai/testing/fake-openai-server";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { checkedClient as apiClient } from "./support/openapi-check";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { startTestServer, type TestServer } from "./support/test-server";

// Issue 14, images as inputs: a subject reference image reaches the painters. The local painter
// dresses the protagonist in the reference's colours (so a world's frames share a visible
// subject); an OpenAI-compatible images server gets the image itself (images edits).

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let app: Bootstrap;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  app = await bootstrap();
});

afterAll(async () => {
  await server?.close();
});

type Rgb = [number, number, number];

/** A reference picture as PNG: a pale background, a figure in the middle in `coat`, dark hair above. */
function figurePng(coat: Rgb, width = 160, height = 240): Buffer {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [u, v] = [x / width, y / height];
      const c: Rgb =
        u > 0.35 && u < 0.65 && v > 0.2 && v < 0.3 ? [25, 20, 15] : u > 0.3 && u < 0.7 && v >= 0.3 && v < 0.85 ? coat : [235, 232, 225];
      data.set(c, (y * width + x) * 3);
    }
  }
  return Buffer.from(encode({ width, height, data, channels: 3, depth: 8 }));
}

interface Manifest {
  objects: { label: string; box: { x: number; y: number; w: number; h: number }; subject?: boolean }[];
}

/** The mean colour of the protagonist's box in a painted frame (its manifest says where it is). */
async function subjectColour(src: string, manifestUrl: string): Promise<Rgb> {
  const png = decode(new Uint8Array(await (await fetch(src)).arrayBuffer()));
  const manifest = (await (await fetch(manifestUrl)).json()) as Manifest;
  const subject = manifest.objects.find((o) => o.subject);
  expect(subject, "the frame shows the protagonist").toBeDefined();
  const { box } = subject!;
  const sum: Rgb = [0, 0, 0];
  let n = 0;
  for (let y = Math.floor(box.y * png.height); y < (box.y + box.h) * png.height; y++) {
    for (let x = Math.floor(box.x * png.width); x < (box.x + box.w) * png.width; x++) {
      const at = (y * png.width + x) * png.channels;
      for (let c = 0; c < 3; c++) sum[c] = sum[c]! + png.data[at + c]!;
      n++;
    }
  }
  return sum.map((s) => s / n) as Rgb;
}

async function liveWorldWith(coat: Rgb) {
  const premise = "A lighthouse keeper walks along the harbor at dusk, searching for the drowned bell.";
  const res = await api.post(
    "/v1/worlds",
    { premise, subject_ref: { image_b64: figurePng(coat).toString("base64"), descriptor: "the lighthouse keeper" } },
    app.keys.sk_live,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (await api.get(`/v1/worlds/${res.body.worldId}`, app.keys.sk_live)).body.world;
}

describe("the local painter and a subject reference", () => {
  it("dresses the protagonist of every frame in the reference's colours", async () => {
    const red = await liveWorldWith([210, 30, 35]);
    const green = await liveWorldWith([30, 170, 60]);
    const framesOf = (world: { scene: { states: Record<string, { image?: { src: string; manifest?: string } }> } }) =>
      Object.values(world.scene.states).flatMap((s) => (s.image?.manifest ? [s.image as { src: string; manifest: string }] : []));
    const redFrames = framesOf(red);
    expect(redFrames.length).toBeGreaterThan(1);
    // Red minus green in the protagonist's box: positive-leaning in every frame of the red world, more than in the green one.
    const lean = async (f: { src: string; manifest: string }) => {
      const [r, g] = await subjectColour(f.src, f.manifest);
      return r - g;
    };
    const redLeans = await Promise.all(redFrames.map(lean));
    const greenLeans = await Promise.all(framesOf(green).map(lean));
    expect(Math.min(...redLeans)).toBeGreaterThan(Math.max(...greenLeans));
  });

  it("refuses a reference that cannot be read with a 4xx and spends nothing", async () => {
    const graph = makeSmallWorld(); // its subjectRef is https://example.test/fox.png: no such host
    const world = (await api.post("/v1/worlds", { world: graph }, app.keys.sk_live)).body.worldId;
    const before = (await api.get("/v1/usage", app.keys.sk_live)).body.quotas.seed_frame.used;
    const res = await api.post(`/v1/worlds/${world}/scenes`, { stateId: "b" }, app.keys.sk_live);
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/subjectRef\.imageUrl/);
    expect((await api.get("/v1/usage", app.keys.sk_live)).body.quotas.seed_frame.used).toBe(before);
  });
});

describe("an OpenAI-compatible images server and a subject reference", () => {
  let fake: FakeOpenAIServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    Object.assign(process.env, {
      AI_BASE_URL: fake.baseURL,
      AI_MODEL: "fake",
      AI_IMAGE_MODEL: "fake-image",
      AI_MAX_ATTEMPTS: "1",
      AI_TRANSPORT_RETRIES: "0",
    });
    (await import("@/lib/config/env")).resetEnvCache();
  });
  afterAll(async () => {
    for (const key of ["AI_BASE_URL", "AI_MODEL", "AI_IMAGE_MODEL", "AI_MAX_ATTEMPTS", "AI_TRANSPORT_RETRIES"]) delete process.env[key];
    (await import("@/lib/config/env")).resetEnvCache();
    await fake.close();
  });

  it("sends the reference image to the images edits endpoint when a scene is painted", async () => {
    const reference = figurePng([40, 60, 200]);
    // Host the reference (a test-mode world hosts subject_ref.image_b64), then a live world that uses it.
    const hostedBy = (
      await api.post("/v1/worlds", { premise: "x", subject_ref: { image_b64: reference.toString("base64") } }, app.keys.sk_test)
    ).body.worldId;
    const imageUrl = (await api.get(`/v1/worlds/${hostedBy}`, app.keys.sk_test)).body.world.subjectRef.imageUrl as string;
    const graph = { ...makeSmallWorld(), subjectRef: { imageUrl, descriptor: "a courier in blue" } };
    const world = (await api.post("/v1/worlds", { world: graph }, app.keys.sk_live)).body.worldId;
    fake.images.push(imageAnswer(figurePng([200, 200, 40], 320, 180)));
    const res = await api.post(`/v1/worlds/${world}/scenes`, { stateId: "b" }, app.keys.sk_live);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const edits = fake.requests.filter((r) => r.path === "/v1/images/edits");
    expect(edits).toHaveLength(1);
    const parts = formParts(edits[0]!);
    const image = parts.find((p) => p.name === "image" || p.name === "image[]");
    expect(image, JSON.stringify(parts.map((p) => p.name))).toBeDefined();
    expect(image!.data.equals(reference)).toBe(true);
    expect(parts.find((p) => p.name === "model")!.data.toString()).toBe("fake-image");
    expect(parts.find((p) => p.name === "prompt")!.data.toString()).toContain("a courier in blue");
    expect(res.body.url).toMatch(/\/assets\/[0-9a-f]{64}\.png$/);
  });
});
