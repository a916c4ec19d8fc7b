import http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { setEnv } from "./support/env";
import { startTestServer, type TestServer } from "./support/test-server";

// Every absolute URL the API writes (play links, hosted frames, audio, covers, subject
// references) comes from one function: PUBLIC_URL when set, else the origin the client used
// (its Host header; X-Forwarded-Host/-Proto only with TRUST_PROXY), never the server's own
// `localhost:<port>` that `next start` puts in a route handler's request URL.

let server: TestServer;
let boot: Bootstrap;
let liveWorld: string;
let slug: string;

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** One request with headers `fetch` will not send (Host). */
function call(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: any }> {
  const { port } = new URL(server.url);
  const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: { ...(data ? { "content-type": "application/json", "content-length": String(data.length) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
        });
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

const as = (key: string, headers: Record<string, string>) => ({ authorization: `Bearer ${key}`, ...headers });

beforeAll(async () => {
  server = await startTestServer();
  boot = await bootstrap();
  const created = await call("POST", "/v1/worlds", as(boot.keys.sk_live, {}), { world: makeSmallWorld() });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  liveWorld = created.body.worldId;
  const made = await call("PATCH", `/v1/worlds/${liveWorld}`, as(boot.keys.sk_live, {}), { visibility: "public" });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  slug = made.body.slug;
});

afterEach(() => {
  delete process.env.TRUST_PROXY;
  delete process.env.PUBLIC_URL;
  setEnv({});
});

afterAll(async () => {
  await server?.close();
});

/** The play link as GET, PATCH and the list show it, with these request headers. */
async function playUrls(headers: Record<string, string>): Promise<string[]> {
  const h = as(boot.keys.sk_live, headers);
  const got = await call("GET", `/v1/worlds/${liveWorld}`, h);
  const patched = await call("PATCH", `/v1/worlds/${liveWorld}`, h, { description: "a public world" });
  const listed = await call("GET", "/v1/worlds?limit=100", h);
  return [got.body.playUrl, patched.body.playUrl, listed.body.worlds.find((w: any) => w.id === liveWorld)?.playUrl];
}

describe("absolute URLs follow the Host the client used", () => {
  const HOST = { host: "worlds.example.test" };

  it("in the World resource's playUrl (GET, PATCH, list)", async () => {
    expect(await playUrls(HOST)).toEqual(Array(3).fill(`http://worlds.example.test/play/${slug}`));
    // A port in the Host stays; the default one goes.
    expect((await playUrls({ host: "worlds.example.test:8443" }))[0]).toBe(`http://worlds.example.test:8443/play/${slug}`);
    expect((await playUrls({ host: "worlds.example.test:80" }))[0]).toBe(`http://worlds.example.test/play/${slug}`);
  });

  it("in hosted assets: seed frames, scenes, speech, subject references, character covers", async () => {
    const key = boot.keys.sk_test;
    const frame = await call("POST", "/v1/seed-frame", as(key, HOST), { prompt: "a harbour at dusk" });
    expect(frame.status).toBe(200);
    expect(frame.body.url).toMatch(/^http:\/\/worlds\.example\.test\/assets\/[0-9a-f]{64}\.png$/);

    const world = await call("POST", "/v1/worlds", as(key, HOST), {
      premise: "a fox",
      subject_ref: { image_b64: PNG, descriptor: "a red fox" },
    });
    expect(world.status, JSON.stringify(world.body)).toBe(200);
    const stored = await call("GET", `/v1/worlds/${world.body.worldId}`, as(key, HOST));
    expect(stored.body.world.subjectRef.imageUrl).toMatch(/^http:\/\/worlds\.example\.test\/assets\//);

    const scene = await call("POST", `/v1/worlds/${world.body.worldId}/scenes`, as(key, HOST), { prompt: "the fox looks back" });
    expect(scene.status, JSON.stringify(scene.body)).toBe(200);
    expect(scene.body.url).toMatch(/^http:\/\/worlds\.example\.test\/assets\//);

    const speech = await call("POST", "/v1/tts", as(key, HOST), { text: "Mind the stairs." });
    expect(speech.status).toBe(200);
    expect(speech.body.url).toMatch(/^http:\/\/worlds\.example\.test\/assets\//);

    const character = await call("POST", "/v1/characters", as(key, HOST), { authored: true, frame_b64: PNG });
    expect(character.status, JSON.stringify(character.body)).toBe(201);
    expect(character.body.cover).toMatch(/^http:\/\/worlds\.example\.test\/assets\//);
    const read = await call("GET", `/v1/characters/${character.body.id}`, as(key, HOST));
    expect(read.body.cover).toBe(character.body.cover);
  });
});

describe("X-Forwarded-Host and X-Forwarded-Proto", () => {
  const FORWARDED = { host: "app.internal:3000", "x-forwarded-host": "worlds.example.test", "x-forwarded-proto": "https" };

  it.each([
    ["ignored without TRUST_PROXY", {}, FORWARDED, "http://app.internal:3000"],
    ["ignored with TRUST_PROXY=0", { TRUST_PROXY: "0" }, FORWARDED, "http://app.internal:3000"],
    ["honoured with TRUST_PROXY=1", { TRUST_PROXY: "1" }, FORWARDED, "https://worlds.example.test"],
    ["honoured with TRUST_PROXY=true", { TRUST_PROXY: "true" }, FORWARDED, "https://worlds.example.test"],
    [
      "the Host itself when the trusted proxy set none",
      { TRUST_PROXY: "1" },
      { host: "worlds.example.test" },
      "http://worlds.example.test",
    ],
    [
      "the entry the trusted proxy appended, not what the client wrote before it",
      { TRUST_PROXY: "1" },
      { host: "app.internal:3000", "x-forwarded-host": "evil.example, worlds.example.test", "x-forwarded-proto": "http, https" },
      "https://worlds.example.test",
    ],
    [
      "the outermost of two trusted proxies (a CDN in front of nginx)",
      { TRUST_PROXY: "2" },
      {
        host: "app.internal:3000",
        "x-forwarded-host": "evil.example, worlds.example.test, edge.internal",
        "x-forwarded-proto": "http, https, http",
      },
      "https://worlds.example.test",
    ],
    [
      "PUBLIC_URL wins over the Host",
      { PUBLIC_URL: "https://play.example.com/" },
      { host: "worlds.example.test" },
      "https://play.example.com",
    ],
    [
      "PUBLIC_URL wins over a trusted proxy",
      { PUBLIC_URL: "https://play.example.com", TRUST_PROXY: "1" },
      FORWARDED,
      "https://play.example.com",
    ],
  ])("are %s", async (_name, settings: Record<string, string>, headers: Record<string, string>, base: string) => {
    setEnv(settings);
    expect(await playUrls(headers)).toEqual(Array(3).fill(`${base}/play/${slug}`));
    const frame = await call("POST", "/v1/seed-frame", as(boot.keys.sk_test, headers), { prompt: "a harbour at dusk" });
    expect(frame.body.url.startsWith(`${base}/assets/`), frame.body.url).toBe(true);
  });
});
