/**
 * The app owner's side of chat time (docs/runtime.md "Chat time"): GET /v1/players, GET and PATCH
 * /v1/players/{player}, POST /v1/players/{player}/credit, with a secret key or the Studio acting
 * for the app; the CLI calls the same domain functions and sees the same accounts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { runCliCommand } from "@/lib/cli/commands";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { create, EXPLICIT, api, withCharactersServer } from "./support/characters";

withCharactersServer();

let app: Bootstrap;
let other: Bootstrap;
beforeAll(async () => {
  app = await bootstrap();
  other = await bootstrap();
});

const path = (player: string) => `/v1/players/${encodeURIComponent(player)}`;

describe("a player's chat time", () => {
  it("reads a player who never talked as the whole taste; sets the plan; adds credit once per Idempotency-Key", async () => {
    const sk = app.keys.sk_live;
    const fresh = await api.get(path("reader-1"), sk);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({
      player: "reader-1",
      mode: "live",
      plan: "free",
      month: expect.stringMatching(/^\d{4}-\d{2}-01$/),
      monthSeconds: 0,
      freeSecondsLeft: 180,
      planSecondsLeft: 0,
      creditSeconds: 0,
      secondsLeft: 180,
      schemaVersion: "1.0",
    });
    const plus = await api.patch(path("reader-1"), { plan: "plus" }, sk);
    expect(plus.status).toBe(200);
    expect(plus.body).toMatchObject({ plan: "plus", planSecondsLeft: 7200, secondsLeft: 7380 });

    const credit = (body: unknown, key?: string) =>
      api.call("POST", `${path("reader-1")}/credit`, { token: sk, body, headers: key ? { "idempotency-key": key } : {} });
    const first = await credit({ seconds: 600 }, "top-up-1");
    expect(first.status).toBe(200);
    expect(first.body.creditSeconds).toBe(600);
    const again = await credit({ seconds: 600 }, "top-up-1");
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await credit({ seconds: 300 }, "top-up-1")).status).toBe(400);
    expect((await api.get(path("reader-1"), sk)).body.creditSeconds).toBe(600);
    // Negative removes, never below 0.
    expect((await credit({ seconds: -10_000 })).body.creditSeconds).toBe(0);
  });

  it.each([
    ["an unknown plan", "PATCH", "", { plan: "gold" }],
    ["no plan", "PATCH", "", {}],
    ["zero seconds", "POST", "/credit", { seconds: 0 }],
    ["fractional seconds", "POST", "/credit", { seconds: 1.5 }],
    ["too many seconds", "POST", "/credit", { seconds: 1e12 }],
    ["an unknown field", "POST", "/credit", { seconds: 5, note: "x" }],
  ] as const)("400 for %s, and nothing changes", async (_name, method, suffix, body) => {
    const res = await api.call(method, `${path("reader-2")}${suffix}`, { token: app.keys.sk_live, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_request", detail: expect.any(String), errors: expect.any(Array) });
    expect((await api.get(path("reader-2"), app.keys.sk_live)).body).toMatchObject({ plan: "free", creditSeconds: 0 });
  });

  it("needs a secret key: a publishable key is refused even to read", async () => {
    expect((await api.get(path("reader-3"), app.keys.pk_live)).status).toBe(403);
    expect((await api.get("/v1/players", app.keys.pk_live)).status).toBe(403);
    expect((await api.patch(path("reader-3"), { plan: "plus" }, app.keys.pk_live)).status).toBe(403);
  });

  it("knows anonymous players of its own app and mode only", async () => {
    const char = (await create(EXPLICIT, app.keys.sk_live)).body.id;
    const mine = (await api.post("/v1/sessions/token", { characterId: char }, app.keys.sk_live)).body.playerId as string;
    expect((await api.get(path(mine), app.keys.sk_live)).status).toBe(200);
    expect((await api.get(path(mine), other.keys.sk_live)).status).toBe(404);
    expect((await api.get(path(mine), app.keys.sk_test)).status).toBe(404);
    expect((await api.get(path(`${mine.slice(0, -3)}xyz`), app.keys.sk_live)).status).toBe(404);
  });

  it("keeps each mode's accounts apart, and each app's", async () => {
    await api.patch(path("both-modes"), { plan: "plus" }, app.keys.sk_test);
    expect((await api.get(path("both-modes"), app.keys.sk_test)).body).toMatchObject({ mode: "test", plan: "plus" });
    expect((await api.get(path("both-modes"), app.keys.sk_live)).body).toMatchObject({ mode: "live", plan: "free" });
    expect((await api.get(path("both-modes"), other.keys.sk_test)).body).toMatchObject({ plan: "free" });
  });
});

describe("the list and the other ways in", () => {
  it("lists the app's players of the key's mode in pages; the CLI and the Studio act on the same accounts", async () => {
    const owner = await bootstrap();
    const sk = owner.keys.sk_live;
    for (const player of ["carol", "alice", "bob"]) expect((await api.patch(path(player), { plan: "plus" }, sk)).status).toBe(200);
    // The CLI: the same domain functions.
    expect(await runCliCommand("chat credit add", { app: owner.appId, user: "dave", seconds: "90" })).toMatchObject({
      player: "dave",
      mode: "live",
      creditSeconds: 90,
    });
    expect((await api.get(path("dave"), sk)).body.creditSeconds).toBe(90);
    expect(await runCliCommand("chat status", { app: owner.appId, user: "alice" })).toMatchObject({ plan: "plus" });

    const page1 = await api.get("/v1/players?limit=3", sk);
    expect(page1.status).toBe(200);
    expect(page1.body.players.map((p: { player: string }) => p.player)).toEqual(["alice", "bob", "carol"]);
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await api.get(`/v1/players?limit=3&cursor=${page1.body.nextCursor}`, sk);
    expect(page2.body).toMatchObject({ players: [{ player: "dave", creditSeconds: 90 }], nextCursor: null });
    expect((await api.get("/v1/players?prefix=ca", sk)).body.players.map((p: { player: string }) => p.player)).toEqual(["carol"]);
    expect((await api.get("/v1/players?cursor=not-ours!", sk)).status).toBe(400);
    expect((await api.get("/v1/players", owner.keys.sk_test)).body.players).toEqual([]);
    expect(await runCliCommand("chat players", { app: owner.appId })).toMatchObject({
      players: [{ player: "alice" }, { player: "bob" }, { player: "carol" }, { player: "dave" }],
    });

    // The Studio: the user's session acting for the app.
    const studio = { token: owner.userToken, headers: { "x-app-id": owner.appId, "x-app-mode": "live" } };
    const credited = await api.call("POST", `${path("bob")}/credit`, { ...studio, body: { seconds: 30 } });
    expect(credited.status).toBe(200);
    expect(credited.body).toMatchObject({ player: "bob", creditSeconds: 30 });
    expect(
      (await api.call("GET", "/v1/players", { ...studio, headers: { "x-app-id": owner.appId, "x-app-mode": "live" } })).body.players,
    ).toHaveLength(4);
  });
});
