import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@/lib/jobs/executor/testing";
import { checkedClient as apiClient } from "./support/openapi-check";
import { bootstrap } from "./support/fixtures";
import { startTestServer, type TestServer } from "./support/test-server";

// Issue 12.3 over HTTP: every frame the local painter paints is stored with its scene manifest
// beside it (/assets/<sha>.json), referenced from the state's image.

let server: TestServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
});

afterAll(async () => {
  await server?.close();
});

describe("scene manifests", () => {
  it("are served beside each painted frame and referenced from its state", async () => {
    const app = await bootstrap();
    const created = await api.post(
      "/v1/worlds",
      { premise: "A lighthouse keeper hears a drowned bell ringing under a stormy sea", async: true },
      app.keys.sk_live,
    );
    expect(created.status).toBe(202);
    const job = await waitFor(
      async () => {
        const res = await api.get(`/v1/jobs/${created.body.jobId}`, app.keys.sk_live);
        if (res.body.status === "failed") throw new Error(JSON.stringify(res.body.error));
        return res.body.status === "succeeded" ? res.body : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 20, what: "the generation job" },
    );
    const world = (await api.get(`/v1/worlds/${job.worldId}`, app.keys.sk_live)).body.world;
    const images = Object.values(world.scene.states as Record<string, { image?: { src: string; manifest?: string } }>).flatMap((s) =>
      s.image ? [s.image] : [],
    );
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      // Beside the frame: the same content address, .json instead of .png.
      expect(image.manifest).toBe(image.src.replace(/\.png$/, ".json"));
      const res = await fetch(`${server.url}${new URL(image.manifest!).pathname}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json");
      const manifest = await res.json();
      expect(manifest).toMatchObject({ version: 1, width: 1280, height: 720, timeOfDay: expect.any(String), weather: expect.any(String) });
      expect(manifest.objects.length).toBeGreaterThan(0);
      for (const o of manifest.objects) {
        expect(o).toMatchObject({ label: expect.any(String), motif: expect.any(String), depth: expect.any(Number) });
        for (const v of [o.box.x, o.box.y, o.box.w, o.box.h]) expect(v).toBeGreaterThanOrEqual(0);
      }
      // The subject lock: the world's protagonist is in every frame.
      expect(manifest.objects.filter((o: { subject?: boolean }) => o.subject)).toHaveLength(1);
    }
    expect(world.entrance.image.manifest).toBe(world.entrance.image.src.replace(/\.png$/, ".json"));
    const entrance = await (await fetch(`${server.url}${new URL(world.entrance.image.manifest).pathname}`)).json();
    expect(entrance.objects.some((o: { subject?: boolean }) => o.subject)).toBe(true);
    // A name that is not a content address is still refused.
    expect((await fetch(`${server.url}/assets/manifest.json`)).status).toBe(404);
  });
});
