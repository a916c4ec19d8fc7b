import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliCommand } from "@/lib/cli/commands";
import { getDb } from "@/lib/db";
import { waitFor } from "@/lib/jobs/executor/testing";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { checkedClient as apiClient } from "./support/openapi-check";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { startTestServer, type TestServer } from "./support/test-server";

// Vision grounding over HTTP (docs/vision.md, docs/api.md "Vision"): frames as a live
// world's, a URL or base64; every bad frame a 4xx that spends no quota; metering, 402 and 503.

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let app: Bootstrap;

const PHOTOS = path.resolve(import.meta.dirname, "fixtures/photos");
const coffee = fs.readFileSync(path.join(PHOTOS, "coffee.png")).toString("base64");
/** Hand-labelled truth of tests/fixtures/photos/coffee.png (600×400): the cup. */
const CUP = { x: 172 / 600, y: 18 / 400, w: (410 - 172) / 600, h: (305 - 18) / 400 };

type Box = { x: number; y: number; w: number; h: number };
function iou(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  return (ix * iy) / (a.w * a.h + b.w * b.h - ix * iy);
}

const VISION_KINDS = ["vision_ground", "vision_describe", "vision_check"] as const;
async function visionUsed(key: string): Promise<number[]> {
  const quotas = (await api.get("/v1/usage", key)).body.quotas;
  return VISION_KINDS.map((k) => quotas[k].used);
}

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  app = await bootstrap();
});

afterAll(async () => {
  await server?.close();
});

describe("the Studio's credential (a signed-in user acting for an app)", () => {
  it("calls the vision routes with the session and X-App-Id, metered to that app; another user's app is refused", async () => {
    const as = (token: string, appId: string) => ({ token, headers: { "x-app-id": appId, "x-app-mode": "test" } });
    const before = await visionUsed(app.keys.sk_test);
    const res = await api.call("POST", "/v1/vision/ground", {
      ...as(app.userToken, app.appId),
      body: { frame: { b64: coffee }, phrases: ["cup"] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ mock: true, provider: "mock" });
    expect(await visionUsed(app.keys.sk_test)).toEqual([before[0]! + 1, before[1], before[2]]);
    const other = await bootstrap();
    const refused = await api.call("POST", "/v1/vision/ground", {
      ...as(other.userToken, app.appId),
      body: { frame: { b64: coffee }, phrases: ["cup"] },
    });
    expect(refused.status).toBe(404);
    expect(await visionUsed(app.keys.sk_test)).toEqual([before[0]! + 1, before[1], before[2]]);
  });
});

describe("POST /v1/vision/* with a test key", () => {
  it("answers deterministic mocks for ground, describe and check", async () => {
    const body = { frame: { b64: coffee }, phrases: ["cup", "saucer"] };
    const a = await api.post("/v1/vision/ground", body, app.keys.sk_test);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({ mock: true, provider: "mock", source: "mock", frame: { width: 600, height: 400 } });
    expect(a.body.objects.map((o: { phrase: string }) => o.phrase)).toEqual(["cup", "saucer"]);
    expect((await api.post("/v1/vision/ground", body, app.keys.sk_test)).body.objects).toEqual(a.body.objects);
    // The base64 frame is hosted: its URL serves the same bytes.
    expect(Buffer.from(await (await fetch(a.body.frame.url)).arrayBuffer()).toString("base64")).toBe(coffee);

    const d = await api.post("/v1/vision/describe", { frame: { b64: coffee } }, app.keys.sk_test);
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ mock: true, caption: expect.stringContaining("600×400"), labels: ["mock"] });

    const c = await api.post("/v1/vision/check", { frame: { b64: coffee }, expect: [{ label: "cup" }] }, app.keys.sk_test);
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ mock: true, pass: true, results: [{ label: "cup", present: true, pass: true }] });
  });

  it("answers the mock for a test world's own frames too (the mock painter's SVG), as for any frame", async () => {
    // A test key's generated world: the mock painter's entrance is an SVG data URL, not a stored PNG.
    const generated = await api.post("/v1/worlds", { premise: "a lighthouse keeper's last night" }, app.keys.sk_test);
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const worldId = generated.body.worldId as string;
    const before = await visionUsed(app.keys.sk_test);
    for (const [route, extra] of [
      ["ground", { phrases: ["lamp"] }],
      ["describe", {}],
      ["check", { expect: [{ label: "lamp" }] }],
    ] as const) {
      const first = await api.post(`/v1/vision/${route}`, { frame: { worldId }, ...extra }, app.keys.sk_test);
      expect(first.status, `${route}: ${JSON.stringify(first.body).slice(0, 300)}`).toBe(200);
      expect(first.body).toMatchObject({
        mock: true,
        frame: { width: 1280, height: 720, url: expect.stringMatching(/\/assets\/[0-9a-f]{64}\.png$/) },
      });
      // Deterministic: the same request, the same answer.
      expect((await api.post(`/v1/vision/${route}`, { frame: { worldId }, ...extra }, app.keys.sk_test)).body).toEqual(first.body);
    }
    expect(await visionUsed(app.keys.sk_test)).toEqual([before[0]! + 2, before[1]! + 2, before[2]! + 2]);
  });
});

describe("POST /v1/vision/* with a live key (local provider, offline detector)", () => {
  it("grounds the cup of a real photograph, describes it and checks it", async () => {
    const g = await api.post(
      "/v1/vision/ground",
      { frame: { b64: `data:image/png;base64,${coffee}` }, phrases: ["a coffee mug", "giraffe"] },
      app.keys.sk_live,
    );
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    expect(g.body).toMatchObject({ provider: "local", source: "detector" });
    expect(g.body.mock).toBeUndefined();
    const cup = g.body.objects.find((o: { label: string }) => o.label === "cup");
    expect(cup, JSON.stringify(g.body.objects)).toMatchObject({ phrase: "a coffee mug" });
    expect(iou(cup.box, CUP)).toBeGreaterThanOrEqual(0.5);
    expect(g.body.objects.some((o: { phrase: string }) => o.phrase === "giraffe")).toBe(false);

    const d = await api.post("/v1/vision/describe", { frame: { b64: coffee }, detail: "long" }, app.keys.sk_live);
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ provider: "local", source: "detector", labels: expect.arrayContaining(["cup"]) });
    expect(d.body.caption).toMatch(/\bcup\b/);

    const c = await api.post(
      "/v1/vision/check",
      { frame: { b64: coffee }, expect: [{ label: "cup" }, { label: "giraffe", present: false }, { label: "person" }] },
      app.keys.sk_live,
    );
    expect(c.status).toBe(200);
    expect(c.body.pass).toBe(false);
    expect(c.body.results.map((r: { label: string; present: boolean; pass: boolean }) => [r.label, r.present, r.pass])).toEqual([
      ["cup", true, true],
      ["giraffe", false, true],
      ["person", false, false],
    ]);
    expect(iou(c.body.results[0].box, CUP)).toBeGreaterThanOrEqual(0.5);
  });

  it("grounds a world the local provider generated exactly from its scene manifests (IoU ≥ 0.9), and checks them", async () => {
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
    const stateId = Object.keys(world.scene.states).find((id) => world.scene.states[id].image?.manifest)!;
    for (const frame of [{ worldId: job.worldId }, { worldId: job.worldId, stateId }]) {
      const image = frame.stateId ? world.scene.states[stateId].image : world.entrance.image;
      const manifest = await (await fetch(`${server.url}${new URL(image.manifest).pathname}`)).json();
      const objects: { label: string; box: Box; visible?: number }[] = manifest.objects;
      const labels = [...new Set(objects.map((o) => o.label))].slice(0, 16);
      const g = await api.post("/v1/vision/ground", { frame, phrases: labels }, app.keys.sk_live);
      expect(g.status, JSON.stringify(g.body)).toBe(200);
      expect(g.body).toMatchObject({ provider: "local", source: "manifest", frame: { url: image.src, width: 1280, height: 720 } });
      for (const o of objects.filter((o) => labels.includes(o.label))) {
        const found = g.body.objects.filter((f: { phrase: string }) => f.phrase === o.label);
        expect(
          Math.max(...found.map((f: { box: Box }) => iou(f.box, o.box))),
          `${o.label} in ${JSON.stringify(found)}`,
        ).toBeGreaterThanOrEqual(0.9);
      }
      const shown = labels.filter((l) => objects.some((o) => o.label === l && (o.visible ?? 1) >= 0.3));
      expect(shown.length).toBeGreaterThan(0);
      const expectations = [
        ...shown.slice(0, 13).map((label) => ({ label })),
        { label: "giraffe" },
        { label: "submarine", present: false },
        { label: "zebra" },
      ];
      const c = await api.post("/v1/vision/check", { frame, expect: expectations }, app.keys.sk_live);
      expect(c.status, JSON.stringify(c.body)).toBe(200);
      const byLabel = Object.fromEntries(
        c.body.results.map((r: { label: string; present: boolean; pass: boolean }) => [r.label, [r.present, r.pass]]),
      );
      for (const label of shown.slice(0, 13)) expect(byLabel[label], label).toEqual([true, true]);
      expect([byLabel.giraffe, byLabel.submarine, byLabel.zebra]).toEqual([
        [false, false],
        [false, true],
        [false, false],
      ]);
      expect(c.body.pass).toBe(false);
      const d = await api.post("/v1/vision/describe", { frame }, app.keys.sk_live);
      expect(d.body).toMatchObject({ source: "manifest", provider: "local" });
      expect(d.body.labels.length).toBeGreaterThan(0);
      expect(d.body.caption).toContain(d.body.labels[0]);
    }
  });
});

describe("bad frames: a clear 4xx, and no quota spent", () => {
  let worldId: string;
  beforeAll(async () => {
    worldId = (await api.post("/v1/worlds", { world: makeSmallWorld() }, app.keys.sk_test)).body.worldId;
    // A state added after import has no image.
    const added = await api.post(
      `/v1/worlds/${worldId}/ops`,
      { ops: [{ op: "add_state", id: "bare", base: "an empty room" }] },
      app.keys.sk_test,
    );
    expect(added.status).toBe(200);
  });

  const eleven = () => ({
    frame: { b64: Buffer.concat([fs.readFileSync(path.join(PHOTOS, "coffee.png")), Buffer.alloc(11 * 1024 * 1024)]).toString("base64") },
  });
  const cases: [string, () => Record<string, unknown>, number, string, RegExp][] = [
    ["a missing frame", () => ({}), 400, "invalid_request", /frame/],
    ["an empty frame", () => ({ frame: {} }), 400, "invalid_request", /one of worldId, url or b64/],
    [
      "both forms",
      () => ({ frame: { b64: coffee, url: "https://example.com/a.png" } }),
      400,
      "invalid_request",
      /only one of worldId, url or b64/,
    ],
    ["stateId without worldId", () => ({ frame: { b64: coffee, stateId: "a" } }), 400, "invalid_request", /stateId goes with worldId/],
    [
      "bytes that are not an image",
      () => ({ frame: { b64: Buffer.from("just some text, not a picture").toString("base64") } }),
      400,
      "invalid_request",
      /not a PNG, JPEG or WebP/,
    ],
    ["text that is not base64", () => ({ frame: { b64: "%%% not base64 %%%" } }), 400, "invalid_request", /not base64/],
    ["an 11 MB image", eleven, 413, "payload_too_large", /limit|10 MB/],
    ["an http:// URL", () => ({ frame: { url: "http://example.com/a.png" } }), 400, "invalid_request", /https/],
    ["a private-address URL", () => ({ frame: { url: "https://10.1.2.3/a.png" } }), 400, "invalid_request", /private/],
    ["a loopback URL", () => ({ frame: { url: "https://127.0.0.1:1/a.png" } }), 400, "invalid_request", /loopback/],
    ["an unknown world", () => ({ frame: { worldId: "00000000-0000-4000-8000-000000000000" } }), 404, "not_found", /not found|World/i],
    ["an unknown state", () => ({ frame: { worldId, stateId: "nowhere" } }), 400, "invalid_request", /no state "nowhere"/],
    ["a state without a frame", () => ({ frame: { worldId, stateId: "bare" } }), 422, "validation_failed", /has no frame/],
  ];

  it.each(cases)("%s", async (_name, frame, status, code, detail) => {
    const before = await visionUsed(app.keys.sk_test);
    for (const [route, extra] of [
      ["ground", { phrases: ["cup"] }],
      ["describe", {}],
      ["check", { expect: [{ label: "cup" }] }],
    ] as const) {
      const res = await api.post(`/v1/vision/${route}`, { ...frame(), ...extra }, app.keys.sk_test);
      expect(res.status, `${route}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(status);
      expect(res.body.code).toBe(code);
      expect(`${res.body.detail} ${(res.body.errors ?? []).join(" ")}`).toMatch(detail);
    }
    expect(await visionUsed(app.keys.sk_test)).toEqual(before);
  });

  it("refuses publishable keys and keys without the vision:write scope", async () => {
    expect((await api.post("/v1/vision/ground", { frame: { b64: coffee }, phrases: ["cup"] }, app.keys.pk_test)).status).toBe(403);
    const scoped = await api.post(`/v1/apps/${app.appId}/keys`, { kind: "secret", mode: "test", scopes: ["media:write"] }, app.userToken);
    expect(scoped.status, JSON.stringify(scoped.body)).toBe(201);
    expect((await api.post("/v1/vision/ground", { frame: { b64: coffee }, phrases: ["cup"] }, scoped.body.secret)).status).toBe(403);
  });
});

describe("metering", () => {
  it("refuses the third call of an app capped at 2 with 402", async () => {
    const capped = await bootstrap();
    await runCliCommand("quota set", { app: capped.appId, kind: "vision_check", daily: 2 });
    const body = { frame: { b64: coffee }, expect: [{ label: "cup" }] };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await api.post("/v1/vision/check", body, capped.keys.sk_test)).status);
    expect(statuses).toEqual([200, 200, 402]);
    const refused = await api.post("/v1/vision/check", body, capped.keys.sk_test);
    expect(refused.body).toMatchObject({ code: "quota_exceeded", kind: "vision_check", cap: 2 });
    expect(await visionUsed(capped.keys.sk_test)).toEqual([0, 0, 2]);
  });

  it("answers 503 and does nothing when the quota store is unavailable", async () => {
    const db = await getDb();
    await db.$executeRawUnsafe("ALTER TABLE quota_counters RENAME TO quota_counters_offline");
    let res;
    try {
      res = await api.post("/v1/vision/ground", { frame: { b64: coffee }, phrases: ["cup"] }, app.keys.sk_test);
    } finally {
      await db.$executeRawUnsafe("ALTER TABLE quota_counters_offline RENAME TO quota_counters");
    }
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: "unavailable", detail: expect.stringContaining("quota service is unavailable") });
    expect((await api.post("/v1/vision/ground", { frame: { b64: coffee }, phrases: ["cup"] }, app.keys.sk_test)).status).toBe(200);
  });
});
