import { describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { bootstrap } from "./support/fixtures";
import { api, importSmall, me, other, server, sk, withWorldsServer } from "./support/worlds";

withWorldsServer();

describe("reading", () => {
  it("serves projections, lists newest first with a cursor, and deletes", async () => {
    const app = await bootstrap();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await importSmall(app.keys.sk_test, { name: `W${i}` }));
    const scene = await api.get(`/v1/worlds/${ids[0]}/scene`, app.keys.pk_test);
    expect(scene.status).toBe(200);
    expect(Object.keys(scene.body.scene.states).sort()).toEqual(["a", "b", "end"]);
    expect((await api.get(`/v1/worlds/${ids[0]}/states`, app.keys.pk_test)).body.states.map((s: any) => s.id).sort()).toEqual([
      "a",
      "b",
      "end",
    ]);
    expect((await api.get(`/v1/worlds/${ids[0]}/events`, app.keys.pk_test)).body.events).toHaveLength(3);

    const page1 = await api.get("/v1/worlds?limit=2", app.keys.pk_test);
    expect(page1.body.worlds.map((w: any) => w.name)).toEqual(["W4", "W3"]);
    expect(page1.body.worlds[0].world).toBeUndefined();
    const page2 = await api.get(`/v1/worlds?limit=2&cursor=${page1.body.nextCursor}`, app.keys.pk_test);
    expect(page2.body.worlds.map((w: any) => w.name)).toEqual(["W2", "W1"]);
    const page3 = await api.get(`/v1/worlds?limit=2&cursor=${page2.body.nextCursor}`, app.keys.pk_test);
    expect(page3.body.worlds.map((w: any) => w.name)).toEqual(["W0"]);
    expect(page3.body.nextCursor).toBeNull();
    expect((await api.get("/v1/worlds?limit=0", app.keys.pk_test)).status).toBe(400);
    expect((await api.get("/v1/worlds?cursor=garbage", app.keys.pk_test)).status).toBe(400);

    expect((await api.del(`/v1/worlds/${ids[0]}`, app.keys.pk_test)).status).toBe(403);
    const deleted = await api.del(`/v1/worlds/${ids[0]}`, app.keys.sk_test);
    expect(deleted.body).toEqual({ ok: true, schemaVersion: "1.0" });
    expect((await api.get(`/v1/worlds/${ids[0]}`, app.keys.sk_test)).status).toBe(404);
  });

  it("hides other apps' and the other mode's worlds behind 404", async () => {
    const mine = await importSmall();
    const live = (await api.post("/v1/worlds", { world: makeSmallWorld() }, me.keys.sk_live)).body.worldId;
    for (const [token, id] of [
      [other.keys.sk_test, mine],
      [other.keys.pk_test, mine],
      [me.keys.sk_live, mine],
      [me.keys.sk_test, live],
      [me.keys.pk_test, live],
    ] as const) {
      const res = await api.get(`/v1/worlds/${id}`, token);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
      expect((await api.post(`/v1/worlds/${id}/ops`, { ops: [{ op: "delete_state", id: "b" }] }, token)).status).toBe(
        token.startsWith("pk_") ? 403 : 404,
      );
    }
  });

  it("supports If-None-Match on GET", async () => {
    const id = await importSmall();
    const first = await api.get(`/v1/worlds/${id}`, sk());
    const again = await api.call("GET", `/v1/worlds/${id}`, { token: sk(), headers: { "if-none-match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });
});

describe("PATCH /v1/worlds/{id}", () => {
  it("makes a live world public with a slug and a play link; test worlds stay private", async () => {
    const live = (await api.post("/v1/worlds", { world: makeSmallWorld() }, me.keys.sk_live)).body;
    expect(live.slug).toMatch(/^small-[a-z0-9]{6}$/);
    const res = await api.patch(
      `/v1/worlds/${live.worldId}`,
      { visibility: "public", name: "Public world", description: "d" },
      me.keys.sk_live,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ visibility: "public", name: "Public world", slug: live.slug });
    expect(res.body.world.name).toBe("Public world");
    // The host the client used (tests/public-links.test.ts covers proxies and PUBLIC_URL).
    expect(res.body.playUrl).toBe(`${server.url}/play/${live.slug}`);
    const back = await api.patch(`/v1/worlds/${live.worldId}`, { visibility: "unlisted" }, me.keys.sk_live);
    expect(back.body.playUrl).toBeUndefined();

    const testWorld = await importSmall();
    const t = await api.patch(`/v1/worlds/${testWorld}`, { visibility: "public" }, sk());
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({ visibility: "private", slug: null });
    expect(t.body.playUrl).toBeUndefined();
    expect((await api.patch(`/v1/worlds/${testWorld}`, { visibility: "famous" }, sk())).status).toBe(400);
  });

  it("sets the subject in the graph with a new rev; a blank one is a warning, not an error", async () => {
    const id = await importSmall();
    const before = (await api.get(`/v1/worlds/${id}`, sk())).body;
    const res = await api.patch(`/v1/worlds/${id}`, { subject: "Mara, a lamplighter with a burned left hand" }, sk());
    expect(res.status).toBe(200);
    expect(res.body.world.subject).toBe("Mara, a lamplighter with a burned left hand");
    expect(res.body.rev).not.toBe(before.rev);
    expect((await api.get(`/v1/worlds/${id}`, sk())).body.world.subject).toBe("Mara, a lamplighter with a burned left hand");
    expect((await api.patch(`/v1/worlds/${id}`, { subject: "" }, sk())).body.world.subject).toBe("");
    const tooLong = await api.patch(`/v1/worlds/${id}`, { subject: "x".repeat(2001) }, sk());
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0]).toMatch(/^subject:/);
  });
});
