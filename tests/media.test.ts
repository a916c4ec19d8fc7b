import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliCommand } from "@/lib/cli/commands";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { checkedClient as apiClient } from "./support/openapi-check";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { startTestServer, type TestServer } from "./support/test-server";

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

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("POST /v1/seed-frame", () => {
  it("paints a deterministic 16:9 mock frame with a test key, hosted and inline", async () => {
    const a = await api.post("/v1/seed-frame", { prompt: "a harbour at dusk", mood: "melancholy" }, app.keys.sk_test);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      mimeType: "image/png",
      mock: true,
      prompt: expect.stringContaining("harbour"),
      art_style: expect.any(String),
    });
    const bytes = Buffer.from(a.body.imageBase64, "base64");
    const { width, height } = pngSize(bytes);
    expect(width * 9).toBe(height * 16);
    const hosted = await fetch(a.body.url);
    expect(Buffer.from(await hosted.arrayBuffer())).toEqual(bytes);
    const b = await api.post("/v1/seed-frame", { prompt: "a harbour at dusk", mood: "melancholy" }, app.keys.sk_test);
    expect(b.body.imageBase64).toBe(a.body.imageBase64);
    const c = await api.post("/v1/seed-frame", { prompt: "a desert at noon" }, app.keys.sk_test);
    expect(c.body.imageBase64).not.toBe(a.body.imageBase64);
  });

  it("paints with the local painter for live keys", async () => {
    const res = await api.post("/v1/seed-frame", { prompt: "a glass forest" }, app.keys.sk_live);
    expect(res.status).toBe(200);
    expect(res.body.mock).toBeUndefined();
    pngSize(Buffer.from(res.body.imageBase64, "base64"));
  });

  it("meters seed_frame and refuses past the cap with 402", async () => {
    const capped = await bootstrap();
    await runCliCommand("quota set", { app: capped.appId, kind: "seed_frame", daily: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await api.post("/v1/seed-frame", { prompt: `frame ${i}` }, capped.keys.sk_test)).status);
    expect(statuses).toEqual([200, 200, 402]);
    expect((await api.get("/v1/usage", capped.keys.sk_test)).body.quotas.seed_frame).toEqual({ used: 2, cap: 2 });
  });

  it.each([
    [{}, "prompt"],
    [{ prompt: "" }, "prompt"],
    [{ prompt: "x", size: "4k" }, "size"],
  ])("refuses %j with 400", async (body, field) => {
    const res = await api.post("/v1/seed-frame", body, app.keys.sk_test);
    expect(res.status).toBe(400);
    expect(res.body.errors.join("\n")).toContain(field);
  });

  it("refuses publishable keys", async () => {
    expect((await api.post("/v1/seed-frame", { prompt: "x" }, app.keys.pk_test)).status).toBe(403);
  });
});

describe("POST /v1/worlds/{id}/scenes", () => {
  it("paints the next scene from the stored subjectRef", async () => {
    const world = (await api.post("/v1/worlds", { world: makeSmallWorld() }, app.keys.sk_test)).body.worldId;
    const res = await api.post(`/v1/worlds/${world}/scenes`, { stateId: "b", prompt: "the fox looks back" }, app.keys.sk_test);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ stateId: "b", subjectRef: { descriptor: "a red fox" }, mock: true });
    expect(res.body.prompt).toContain("a red fox");
    expect((await api.post(`/v1/worlds/${world}/scenes`, { stateId: "nowhere" }, app.keys.sk_test)).status).toBe(400);
    expect((await api.call("POST", `/v1/worlds/${world}/scenes`, { token: app.keys.sk_test })).status).toBe(200);
  });

  it("paints a state as generation does with a live key: its prose with slots filled, the subject, a manifest beside the frame", async () => {
    const graph = makeSmallWorld();
    graph.slots = { hero: "the lighthouse keeper" };
    graph.scene.states.b!.base = "{hero} rings the bell beside the lighthouse";
    // Live scenes read the subject reference: a frame this app painted and hosts.
    graph.subjectRef = {
      imageUrl: (await api.post("/v1/seed-frame", { prompt: "a lighthouse keeper" }, app.keys.sk_live)).body.url,
      descriptor: "the lighthouse keeper",
    };
    const world = (await api.post("/v1/worlds", { world: graph }, app.keys.sk_live)).body.worldId;
    const res = await api.post(`/v1/worlds/${world}/scenes`, { stateId: "b" }, app.keys.sk_live);
    expect(res.status).toBe(200);
    expect(res.body.prompt).toContain("the lighthouse keeper rings the bell beside the lighthouse");
    expect(res.body.prompt).not.toContain("{hero}");
    expect(res.body.manifest).toBe(res.body.url.replace(/\.png$/, ".json"));
    const manifest = (await (await fetch(res.body.manifest)).json()) as { objects: { motif: string; subject?: boolean }[] };
    expect(manifest.objects.map((o) => o.motif)).toEqual(expect.arrayContaining(["lighthouse", "bell"]));
    expect(manifest.objects.some((o) => o.subject)).toBe(true);
  });

  it("refuses a world without a subjectRef with 422", async () => {
    const bare: Record<string, unknown> = makeSmallWorld();
    delete bare.subjectRef;
    const world = (await api.post("/v1/worlds", { world: bare }, app.keys.sk_test)).body.worldId;
    const res = await api.post(`/v1/worlds/${world}/scenes`, {}, app.keys.sk_test);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("validation_failed");
  });
});
