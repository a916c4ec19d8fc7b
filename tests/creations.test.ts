import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { findUserCharacter, mintStudioPreviewToken } from "@/lib/characters";
import { verifySessionToken } from "@/lib/sessions";
import { listCreations, parseCreationKind } from "@/lib/worlds/creations";
import { apiClient } from "./support/api-client";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { startTestServer, type TestServer } from "./support/test-server";

// My Creations over a real database: worlds and characters are made through the API, the
// listing is the domain function the page calls.

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

async function createCharacter(token: string, name: string, hint = "") {
  const res = await api.post(
    "/v1/characters",
    { name, persona: `You are ${name}.`, lore: "Secret lore", intro: { kicker: "Meet", title: name, hint } },
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const ids = (page: { creations: { id: string }[] }) => page.creations.map((c) => c.id);

/** The live worlds, newest first. */
let live: string[] = [];
/** The live character. */
let wren: string;
/** Every live creation, newest first. */
let all: string[] = [];
let sandboxWren: string;
let someoneElsesCharacter: string;

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
  wren = await createCharacter(me.keys.sk_live, "Wren", "Keeper of the harbour light");
  sandboxWren = await createCharacter(me.keys.sk_test, "Sandbox Wren", "test mode: never listed");
  someoneElsesCharacter = await createCharacter(other.keys.sk_live, "Someone else's Wren");
  all = [wren, ...live];
});

afterAll(async () => {
  await server?.close();
});

describe("listCreations", () => {
  it("lists the user's live worlds and characters across apps, newest first, never test-mode ones or other people's", async () => {
    const page = await listCreations(me.userId, { limit: 20 });
    expect(ids(page)).toEqual(all);
    expect(ids(page)).not.toContain(sandboxWren);
    expect(ids(page)).not.toContain(someoneElsesCharacter);
    expect(page.nextCursor).toBeNull();
    expect(page.creations[0]).toMatchObject({
      id: wren,
      kind: "character",
      name: "Wren",
      description: "Keeper of the harbour light",
      appId: me.appId,
      visibility: "private",
    });
    expect(page.creations[0]!.cover).toMatch(/\/assets\/[0-9a-f]{64}\.png$/);
    // Who authored each graph (the cards mark the offline provider's): a character from explicit fields, then imports.
    expect(page.creations.map((c) => c.source)).toEqual(["explicit", "import", "import", "import"]);
    expect(page.creations[2]).toMatchObject({
      kind: "world",
      name: "Copper harbor",
      appId: secondAppId,
      appName: "Second app",
      visibility: "private",
    });
    expect(page.creations[1]).toMatchObject({
      kind: "world",
      slug: expect.stringMatching(/^glass-forest-/),
      description: "Where the LIGHT bends",
    });
    // Metadata only: neither the graph nor a character's brain is read.
    for (const creation of page.creations) {
      expect(Object.keys(creation).sort()).toEqual([
        "appId",
        "appName",
        "cover",
        "createdAt",
        "description",
        "editedAt",
        "id",
        "kind",
        "name",
        "slug",
        "source",
        "updatedAt",
        "visibility",
      ]);
    }
    expect(JSON.stringify(page)).not.toContain("Secret lore");
  });

  it("pages with an opaque cursor", async () => {
    const first = await listCreations(me.userId, { limit: 2 });
    expect(ids(first)).toEqual(all.slice(0, 2));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listCreations(me.userId, { limit: 2, cursor: first.nextCursor! });
    expect(ids(second)).toEqual(all.slice(2));
    expect(second.nextCursor).toBeNull();
  });

  it("filters by kind, alone and with search, app and cursor", async () => {
    expect(ids(await listCreations(me.userId, { kind: "character", limit: 20 }))).toEqual([wren]);
    expect(ids(await listCreations(me.userId, { kind: "world", limit: 20 }))).toEqual(live);
    expect(ids(await listCreations(me.userId, { kind: "character", q: "harbour", limit: 20 }))).toEqual([wren]);
    expect(ids(await listCreations(me.userId, { kind: "world", q: "harbour", limit: 20 }))).toEqual([]);
    expect(ids(await listCreations(me.userId, { kind: "character", appId: secondAppId, limit: 20 }))).toEqual([]);
    const first = await listCreations(me.userId, { kind: "world", limit: 1 });
    expect(ids(first)).toEqual([live[0]]);
    expect(ids(await listCreations(me.userId, { kind: "world", limit: 5, cursor: first.nextCursor! }))).toEqual(live.slice(1));
  });

  it.each([
    ["world", "world"],
    ["character", "character"],
    ["", undefined],
    ["campaign", undefined],
    ["Character", undefined],
    [["character"], undefined],
    [undefined, undefined],
  ])("reads the kind filter %j as %j", (input, kind) => {
    expect(parseCreationKind(input)).toBe(kind);
  });

  it("refuses a cursor it did not make", async () => {
    await expect(listCreations(me.userId, { limit: 2, cursor: "nope" })).rejects.toMatchObject({ code: "invalid_request" });
  });

  it.each([
    ["name, case-insensitively", "LIGHTHOUSE", ["Lighthouse"]],
    ["description", "light", ["Wren", "Glass forest", "Lighthouse"]],
    ["a character by name", "wren", ["Wren"]],
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
    expect(ids(await listCreations(me.userId, { appId: me.appId, limit: 20 }))).toEqual([wren, live[0], live[2]]);
    expect(ids(await listCreations(me.userId, { appId: other.appId, limit: 20 }))).toEqual([]);
    expect(ids(await listCreations(me.userId, { appId: "not-a-uuid", limit: 20 }))).toEqual([]);
  });

  it("shows visibility changes and deletions", async () => {
    const res = await api.patch(`/v1/worlds/${live[0]}`, { visibility: "public" }, me.keys.sk_live);
    expect(res.status).toBe(200);
    const page = await listCreations(me.userId, { limit: 20 });
    expect(page.creations[1]).toMatchObject({ id: live[0], visibility: "public" });

    expect((await api.del(`/v1/worlds/${live[2]}`, me.keys.sk_live)).status).toBe(200);
    expect(ids(await listCreations(me.userId, { limit: 20 }))).toEqual([wren, live[0], live[1]]);
  });

  it("is empty for a user without live worlds or characters", async () => {
    const fresh = await bootstrap();
    await importWorld(fresh.keys.sk_test, "Only a test world");
    await createCharacter(fresh.keys.sk_test, "Only a test character");
    expect(await listCreations(fresh.userId, { limit: 20 })).toEqual({ creations: [], nextCursor: null });
    expect(await listCreations(fresh.userId, { kind: "character", limit: 20 })).toEqual({ creations: [], nextCursor: null });
  });
});

describe("the Studio's character page", () => {
  it("finds the owner's character, either mode, with its profile", async () => {
    const found = await findUserCharacter(me.userId, wren);
    expect(found).toMatchObject({ row: { id: wren, kind: "character", mode: "live" }, app: { id: me.appId } });
    expect(found!.profile).toMatchObject({ persona: "You are Wren.", lore: "Secret lore", intro: { hint: "Keeper of the harbour light" } });
    expect(await findUserCharacter(me.userId, sandboxWren)).toMatchObject({ row: { id: sandboxWren, mode: "test" } });
  });

  it.each([
    ["another account's character", () => someoneElsesCharacter],
    ["a plain world", () => live[0]!],
    ["an unknown id", () => "00000000-0000-4000-8000-000000000000"],
    ["a malformed id", () => "not-a-uuid"],
  ])("finds nothing for %s", async (_name, id) => {
    expect(await findUserCharacter(me.userId, id())).toBeNull();
  });

  it("mints the owner's preview token for the character, in its mode, as the player studio:<userId>", async () => {
    const found = await findUserCharacter(me.userId, wren);
    const minted = await mintStudioPreviewToken(me.userId, found!.row);
    const claims = (await verifySessionToken(minted.token))!;
    expect(claims).toMatchObject({ subjectId: wren, kind: "character", appId: me.appId, mode: "live", userRef: `studio:${me.userId}` });
    expect(minted).toMatchObject({ mode: "live", sessionId: claims.sessionId });

    const test = await mintStudioPreviewToken(me.userId, (await findUserCharacter(me.userId, sandboxWren))!.row);
    expect((await verifySessionToken(test.token))?.mode).toBe("test");

    // The token talks to the character like any player's (and only to it).
    const said = await api.post(`/v1/characters/${sandboxWren}/say`, { text: "Hello!" }, test.token);
    expect(said.status, JSON.stringify(said.body)).toBe(200);
    expect(said.body).toMatchObject({ mock: true, reply: expect.any(String) });
    const elsewhere = await api.post(`/v1/characters/${wren}/say`, { text: "Hello!" }, test.token);
    expect(elsewhere.status).toBe(401);
  });
});

describe("My Creations' 'Edited' time", () => {
  it("moves when the creator edits a world, never when someone plays it", async () => {
    const id = await importWorld(me.keys.sk_live, "Tidal archive");
    const card = async () => (await listCreations(me.userId, { q: "Tidal archive", limit: 5 })).creations.find((c) => c.id === id)!;
    const made = await card();
    expect(made.editedAt).toBe(made.updatedAt);

    // A play: the session is counted on the world (its updatedAt moves), nothing is edited.
    const minted = await api.post("/v1/sessions/token", { worldId: id }, me.keys.sk_live);
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    const beat = await api.post("/v1/runtime/heartbeat", { sessionId: minted.body.sessionId, seconds: 0 }, minted.body.token);
    expect(beat.status, JSON.stringify(beat.body)).toBe(200);
    const played = await card();
    expect((await api.get(`/v1/worlds/${id}`, me.keys.sk_live)).body.sessionCount).toBe(1);
    expect(Date.parse(played.updatedAt)).toBeGreaterThan(Date.parse(made.updatedAt));
    expect(played.editedAt).toBe(made.editedAt);

    // An edit (a new name) moves it.
    const rev = (await api.get(`/v1/worlds/${id}`, me.keys.sk_live)).body.rev as string;
    const renamed = await api.call("PATCH", `/v1/worlds/${id}`, {
      token: me.keys.sk_live,
      body: { name: "Tidal archive, renamed" },
      headers: { "If-Match": `"${rev}"` },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(Date.parse((await card()).editedAt)).toBeGreaterThan(Date.parse(played.editedAt));
  });
});
