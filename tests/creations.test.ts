import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { listCreations } from "@/lib/worlds/creations";
import { apiClient } from "./support/api-client";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { startTestServer, type TestServer } from "./support/test-server";

// My Creations over a real database: worlds are made through the API, the listing is the
// domain function the page calls.

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let me: Bootstrap;
let other: Bootstrap;
let secondAppId: string;
let secondAppKey: string;

async function importWorld(token: string, name: string, description = "") {
  const res = await api.post("/v1/worlds", { world: { ...makeSmallWorld(), name, description } }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.worldId as string;
}

const ids = (page: { creations: { id: string }[] }) => page.creations.map((c) => c.id);

let live: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  me = await bootstrap();
  other = await bootstrap();
  const app = await api.post("/v1/apps", { name: "Second app" }, me.userToken);
  secondAppId = app.body.id;
  const key = await api.post(`/v1/apps/${secondAppId}/keys`, { kind: "secret", mode: "live" }, me.userToken);
  secondAppKey = key.body.secret;

  // Oldest first, so `live` ends newest first.
  live.push(await importWorld(me.keys.sk_live, "Lighthouse", "A keeper and the tide"));
  await importWorld(me.keys.sk_test, "Sandbox lighthouse"); // test mode: never listed
  live.push(await importWorld(secondAppKey, "Copper harbor", "Rain on 100% of the days"));
  live.push(await importWorld(me.keys.sk_live, "Glass forest", "Where the LIGHT bends"));
  await importWorld(other.keys.sk_live, "Someone else's lighthouse");
  live = live.reverse();
});

afterAll(async () => {
  await server?.close();
});

describe("listCreations", () => {
  it("lists the user's live worlds across apps, newest first, never test-mode ones or other people's", async () => {
    const page = await listCreations(me.userId, { limit: 20 });
    expect(ids(page)).toEqual(live);
    expect(page.nextCursor).toBeNull();
    expect(page.creations[1]).toMatchObject({ name: "Copper harbor", appId: secondAppId, appName: "Second app", visibility: "private" });
    expect(page.creations[0]).toMatchObject({ slug: expect.stringMatching(/^glass-forest-/), description: "Where the LIGHT bends" });
    expect(Object.keys(page.creations[0]!)).not.toContain("world");
  });

  it("pages with an opaque cursor", async () => {
    const first = await listCreations(me.userId, { limit: 2 });
    expect(ids(first)).toEqual(live.slice(0, 2));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listCreations(me.userId, { limit: 2, cursor: first.nextCursor! });
    expect(ids(second)).toEqual(live.slice(2));
    expect(second.nextCursor).toBeNull();
  });

  it("refuses a cursor it did not make", async () => {
    await expect(listCreations(me.userId, { limit: 2, cursor: "nope" })).rejects.toMatchObject({ code: "invalid_request" });
  });

  it.each([
    ["name, case-insensitively", "LIGHTHOUSE", ["Lighthouse"]],
    ["description", "light", ["Glass forest", "Lighthouse"]],
    ["a LIKE wildcard literally", "100%", ["Copper harbor"]],
    ["an underscore literally", "_", []],
    ["a backslash literally", "\\", []],
    ["nothing", "volcano", []],
  ])("searches %s", async (_name, q, names) => {
    const page = await listCreations(me.userId, { q, limit: 20 });
    expect(page.creations.map((c) => c.name)).toEqual(names);
  });

  it("filters by app, and an app of someone else (or no app) yields nothing", async () => {
    expect(ids(await listCreations(me.userId, { appId: secondAppId, limit: 20 }))).toEqual([live[1]]);
    expect(ids(await listCreations(me.userId, { appId: me.appId, limit: 20 }))).toEqual([live[0], live[2]]);
    expect(ids(await listCreations(me.userId, { appId: other.appId, limit: 20 }))).toEqual([]);
    expect(ids(await listCreations(me.userId, { appId: "not-a-uuid", limit: 20 }))).toEqual([]);
  });

  it("shows visibility changes and deletions", async () => {
    const res = await api.patch(`/v1/worlds/${live[0]}`, { visibility: "public" }, me.keys.sk_live);
    expect(res.status).toBe(200);
    const page = await listCreations(me.userId, { limit: 20 });
    expect(page.creations[0]).toMatchObject({ id: live[0], visibility: "public" });

    expect((await api.del(`/v1/worlds/${live[2]}`, me.keys.sk_live)).status).toBe(200);
    expect(ids(await listCreations(me.userId, { limit: 20 }))).toEqual([live[0], live[1]]);
  });

  it("is empty for a user without live worlds", async () => {
    const fresh = await bootstrap();
    await importWorld(fresh.keys.sk_test, "Only a test world");
    expect(await listCreations(fresh.userId, { limit: 20 })).toEqual({ creations: [], nextCursor: null });
  });
});
