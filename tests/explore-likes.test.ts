import { describe, expect, it } from "vitest";
import { querySql } from "@/lib/db";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { setEnv } from "./support/env";
import { withTestServer, type ApiClient } from "./support/suite";

// Explore and likes (docs/explore.md) over HTTP on a real database: what is listed (live public
// only), search, orders and cursors, and likes: once per player, atomic under a race, 404 for
// test and private worlds, limited per player.

let api: ApiClient;
let me: Bootstrap;
const worlds: Record<string, string> = {};
/** A word no other test file's worlds carry, so searches see only this file's worlds. */
const TAG = `zq${Date.now().toString(36)}`;

async function make(
  name: string,
  description: string,
  visibility: "public" | "private" | "unlisted",
  key = me.keys.sk_live,
): Promise<string> {
  const created = await api.post("/v1/worlds", { world: makeSmallWorld(), name, description: `${description} ${TAG}` }, key);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.worldId as string;
  if (visibility !== "private") {
    const res = await api.patch(`/v1/worlds/${id}`, { visibility }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return id;
}

const player = async (): Promise<string> => {
  const res = await api.post("/v1/players", undefined);
  expect(res.status).toBe(201);
  return res.body.playerId as string;
};
const like = (id: string, body: Record<string, unknown>) => api.call("PUT", `/v1/likes/${id}`, { body });
const unlike = (id: string, body: Record<string, unknown>) => api.call("DELETE", `/v1/likes/${id}`, { body });

withTestServer(async (_server, client) => {
  api = client;
  // The race below is 50 players from one address at once; the limits are the defaults otherwise.
  setEnv({ LIKES_BURST_PER_ADDRESS: "1000", LIKES_PER_MINUTE_PER_ADDRESS: "60000", PLAYER_IDS_PER_HOUR_PER_ADDRESS: "100000" });
  me = await bootstrap();
  worlds.lighthouse = await make("The Drowned Bell", "A lighthouse keeper hears a bell under the sea", "public");
  worlds.market = await make("Night Market", "Two rival chefs in a floating market", "public");
  worlds.comet = await make("Comet Garden", "A child astronaut repairs a greenhouse", "public");
  worlds.secret = await make("Secret Lighthouse", "A private lighthouse", "private");
  worlds.hidden = await make("Hidden Lighthouse", "An unlisted lighthouse", "unlisted");
  worlds.test = await make("Test Lighthouse", "A test-mode lighthouse", "private", me.keys.sk_test);
});

describe("GET /v1/explore", () => {
  it("lists live public worlds only, the same with any key or none, with cache headers", async () => {
    const anonymous = await api.get(`/v1/explore?q=${TAG}&limit=50`);
    expect(anonymous.status).toBe(200);
    const ids = anonymous.body.entries.map((e: { id: string }) => e.id);
    expect(new Set(ids)).toEqual(new Set([worlds.lighthouse, worlds.market, worlds.comet]));
    expect(anonymous.headers.get("cache-control")).toBe("public, max-age=10, stale-while-revalidate=50");
    const entry = anonymous.body.entries.find((e: { id: string }) => e.id === worlds.lighthouse);
    expect(entry).toMatchObject({
      kind: "world",
      name: "The Drowned Bell",
      sessionCount: 0,
      likeCount: 0,
      playUrl: expect.stringMatching(/\/play\/[a-z0-9-]+$/),
    });
    for (const key of [me.keys.sk_test, me.keys.pk_live]) {
      const keyed = await api.get(`/v1/explore?q=${TAG}&limit=50`, key);
      expect(keyed.status).toBe(200);
      expect(keyed.body.entries.map((e: { id: string }) => e.id)).toEqual(ids);
    }
  });

  it("finds words by their start, in the name or the description", async () => {
    const found = async (q: string) =>
      (await api.get(`/v1/explore?q=${encodeURIComponent(`${q} ${TAG}`)}`)).body.entries.map((e: { id: string }) => e.id);
    expect(await found("lightho")).toEqual([worlds.lighthouse]);
    expect(await found("CHEFS floating")).toEqual([worlds.market]);
    expect(await found("bell & | ! :*")).toEqual([worlds.lighthouse]);
    expect(await found("nothinglikethis")).toEqual([]);
  });

  it("pages newest first with a cursor, each world once", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: any } = await api.get(`/v1/explore?q=${TAG}&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.entries.map((e: { id: string }) => e.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([worlds.comet, worlds.market, worlds.lighthouse]);
  });

  it.each([
    ["limit=0", "query.limit"],
    ["limit=51", "query.limit"],
    ["sort=best", "query.sort"],
    ["kind=place", "query.kind"],
    ["cursor=bm90LWEtY3Vyc29y", "query.cursor"],
    ["bogus=1", "query"],
  ])("refuses %s with a 400 naming the field", async (qs, field) => {
    const res = await api.get(`/v1/explore?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_request");
    expect(res.body.errors.join(" ")).toContain(field);
  });

  it("refuses a cursor of another order", async () => {
    const first = await api.get(`/v1/explore?q=${TAG}&limit=1&sort=new`);
    const res = await api.get(`/v1/explore?limit=1&sort=likes&cursor=${first.body.nextCursor}`);
    expect(res.status).toBe(400);
  });
});

describe("public characters", () => {
  it("are listed with kind=character, liked like worlds, and their play link shows the character page", async () => {
    const created = await api.post(
      "/v1/characters",
      { name: "Ilse the Keeper", persona: `Keeper of the salt lighthouse, ${TAG}.`, greeting: "Mind the stairs." },
      me.keys.sk_live,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const patched = await api.patch(`/v1/worlds/${id}`, { visibility: "public", description: `A keeper, ${TAG}` }, me.keys.sk_live);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const listed = await api.get(`/v1/explore?q=${TAG}&kind=character`);
    expect(listed.body.entries.map((e: { id: string }) => e.id)).toEqual([id]);
    const entry = listed.body.entries[0];
    expect(entry.kind).toBe("character");
    expect((await api.get(`/v1/explore?q=${TAG}&kind=world`)).body.entries.map((e: { id: string }) => e.id)).not.toContain(id);
    // Its play link is the character page, drawn without a token, with no brain in it.
    const page = await fetch(entry.playUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`data-character="${id}"`);
    expect(html).toContain("data-slug=");
    expect(html).not.toContain("salt lighthouse");
    expect((await like(id, { playerId: await player() })).body).toMatchObject({ likeCount: 1, changed: true });
  });
});

describe("likes", () => {
  it("count once per player, show in Explore and the World resource, and unlike takes them back", async () => {
    const [a, b] = [await player(), await player()];
    const first = await like(worlds.lighthouse!, { playerId: a });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: worlds.lighthouse, liked: true, likeCount: 1, changed: true });
    const again = await like(worlds.lighthouse!, { playerId: a });
    expect(again.body).toMatchObject({ liked: true, likeCount: 1, changed: false });
    expect((await like(worlds.lighthouse!, { playerId: b })).body.likeCount).toBe(2);

    const resource = await api.get(`/v1/worlds/${worlds.lighthouse}`, me.keys.sk_live);
    expect(resource.body.likeCount).toBe(2);
    const top = await api.get(`/v1/explore?q=${TAG}&sort=likes`);
    expect(top.body.entries[0]).toMatchObject({ id: worlds.lighthouse, likeCount: 2 });
    const lookup = await api.post("/v1/likes/lookup", { playerId: a, ids: [worlds.lighthouse, worlds.market] });
    expect(lookup.body.liked, JSON.stringify(lookup.body)).toEqual([worlds.lighthouse]);

    expect((await unlike(worlds.lighthouse!, { playerId: a })).body).toMatchObject({ liked: false, likeCount: 1, changed: true });
    expect((await unlike(worlds.lighthouse!, { playerId: a })).body).toMatchObject({ liked: false, likeCount: 1, changed: false });
    expect((await unlike(worlds.lighthouse!, { playerId: b })).body.likeCount).toBe(0);
    expect((await api.get(`/v1/worlds/${worlds.lighthouse}`, me.keys.sk_live)).body.likeCount).toBe(0);
  });

  it("may like an unlisted world, never a private, test-mode or unknown one (404, nothing counted)", async () => {
    const p = await player();
    expect((await like(worlds.hidden!, { playerId: p })).body.likeCount).toBe(1);
    for (const id of [worlds.secret!, worlds.test!, "00000000-0000-4000-8000-000000000000"]) {
      const res = await like(id, { playerId: p });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
      expect((await unlike(id, { playerId: p })).status).toBe(404);
    }
    expect((await api.get(`/v1/worlds/${worlds.secret}`, me.keys.sk_live)).body.likeCount).toBe(0);
    expect((await api.get(`/v1/worlds/${worlds.test}`, me.keys.sk_test)).body.likeCount).toBe(0);
  });

  it("counts a session token's end user as one player, on its own world only", async () => {
    const mint = async (worldId: string, userRef?: string) =>
      (await api.post("/v1/sessions/token", { worldId, ...(userRef ? { userRef } : {}) }, me.keys.sk_live)).body.token as string;
    const token = await mint(worlds.market!, "end-user-7");
    expect((await like(worlds.market!, { token })).body).toMatchObject({ likeCount: 1, changed: true });
    // Another token of the same end user is the same player.
    expect((await like(worlds.market!, { token: await mint(worlds.market!, "end-user-7") })).body).toMatchObject({
      likeCount: 1,
      changed: false,
    });
    const elsewhere = await like(worlds.comet!, { token });
    expect(elsewhere.status).toBe(401);
    // A token without an end user needs a player id beside it.
    const anonymous = await mint(worlds.market!);
    expect((await like(worlds.market!, { token: anonymous })).status).toBe(400);
    expect((await like(worlds.market!, { token: anonymous, playerId: await player() })).body.likeCount).toBe(2);
  });

  it.each([
    [{}, 400, "invalid_request"],
    [{ playerId: "ply_AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA" }, 401, "unauthorized"],
    [{ playerId: 7 }, 400, "invalid_request"],
    [{ token: "not.a.token" }, 401, "unauthorized"],
    [{ playerId: "x", extra: true }, 400, "invalid_request"],
  ])("refuses %j (%i) and counts nothing", async (body, status, code) => {
    const res = await like(worlds.comet!, body);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect((await api.get(`/v1/worlds/${worlds.comet}`, me.keys.sk_live)).body.likeCount).toBe(0);
  });

  it("50 players liking at once give exactly 50; 10 likes of one player at once give 1", async () => {
    const crowd = await make("Crowded", "raced", "public");
    const players = await Promise.all(Array.from({ length: 50 }, player));
    const results = await Promise.all(players.map((p) => like(crowd, { playerId: p })));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect((await api.get(`/v1/worlds/${crowd}`, me.keys.sk_live)).body.likeCount).toBe(50);

    const lone = await make("Lone", "raced by one", "public");
    const one = await player();
    const repeats = await Promise.all(Array.from({ length: 10 }, () => like(lone, { playerId: one })));
    expect(repeats.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(repeats.filter((r) => r.body.changed)).toHaveLength(1);
    expect((await api.get(`/v1/worlds/${lone}`, me.keys.sk_live)).body.likeCount).toBe(1);

    // And 50 unlikes at once take them all back.
    await Promise.all(players.map((p) => unlike(crowd, { playerId: p })));
    expect((await api.get(`/v1/worlds/${crowd}`, me.keys.sk_live)).body.likeCount).toBe(0);

    // A like commits without waiting for the log's flush, in its own transaction only: every
    // connection of the pool those 110 statements ran on still commits synchronously.
    const settings = await Promise.all(
      Array.from({ length: 30 }, () => querySql<{ s: string }>(`SELECT current_setting('synchronous_commit') AS s`, [])),
    );
    expect(new Set(settings.map(([row]) => row!.s))).toEqual(new Set(["on"]));
  });

  it("limits one player's likes (429 with Retry-After)", async () => {
    const p = await player();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await (i % 2 ? unlike : like)(worlds.comet!, { playerId: p })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    const refused = await like(worlds.comet!, { playerId: p });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
