import { describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { api, importSmall, me, other, sk, withWorldsServer } from "./support/worlds";

withWorldsServer();

describe("versions", () => {
  it("builds a three-level tree, prunes a middle node and re-roots its children", async () => {
    const id = await importSmall();
    const snap = async (title: string) => (await api.post(`/v1/worlds/${id}/versions`, { title }, sk())).body;
    const restore = async (versionId: string) => api.post(`/v1/worlds/${id}/versions/${versionId}/restore`, {}, sk());

    const root = await snap("root");
    expect(root).toMatchObject({ title: "root", parentId: null, isHead: true });
    const mid = await snap("mid");
    expect(mid.parentId).toBe(root.versionId);
    const leafA = await snap("leaf A");
    expect(leafA.parentId).toBe(mid.versionId);
    expect((await restore(mid.versionId)).status).toBe(200);
    const leafB = await snap("leaf B");
    expect(leafB.parentId).toBe(mid.versionId);

    const list = await api.get(`/v1/worlds/${id}/versions`, sk());
    expect(list.body.versions.map((v: any) => v.title)).toEqual(["leaf B", "leaf A", "mid", "root"]);
    expect(list.body.head).toBe(leafB.versionId);

    const headPrune = await api.del(`/v1/worlds/${id}/versions/${leafB.versionId}`, sk());
    expect(headPrune.status).toBe(409);
    expect(headPrune.body.code).toBe("conflict");

    const pruned = await api.del(`/v1/worlds/${id}/versions/${mid.versionId}`, sk());
    expect(pruned.body).toMatchObject({ ok: true, versionId: mid.versionId });
    const after = (await api.get(`/v1/worlds/${id}/versions`, sk())).body.versions;
    const parentOf = Object.fromEntries(after.map((v: any) => [v.title, v.parentId]));
    expect(parentOf).toEqual({ root: null, "leaf A": root.versionId, "leaf B": root.versionId });

    const renamed = await api.patch(`/v1/worlds/${id}/versions/${leafA.versionId}`, { title: "first leaf" }, sk());
    expect(renamed.body).toEqual({ ok: true, versionId: leafA.versionId, title: "first leaf", schemaVersion: "1.0" });
    expect((await api.del(`/v1/worlds/${id}/versions/${mid.versionId}`, sk())).status).toBe(404);
  });

  it("restores a snapshot as the working graph with a new rev", async () => {
    const id = await importSmall();
    const v1 = (await api.post(`/v1/worlds/${id}/versions`, {}, sk())).body;
    const changed = await api.post(`/v1/worlds/${id}/ops`, { ops: [{ op: "add_state", id: "extra" }] }, sk());
    const restored = await api.post(`/v1/worlds/${id}/versions/${v1.versionId}/restore`, {}, sk());
    expect(restored.status).toBe(200);
    expect(restored.body.rev).not.toBe(changed.body.rev);
    expect(Object.keys(restored.body.world.scene.states)).not.toContain("extra");
    const stale = await api.post(`/v1/worlds/${id}/versions/${v1.versionId}/restore`, { expectedRev: changed.body.rev }, sk());
    expect(stale.status).toBe(412);
  });
});

describe("fork", () => {
  it("forks own worlds and public live worlds, never private ones of others", async () => {
    const mine = await importSmall();
    const fork = await api.post(`/v1/worlds/${mine}/fork`, { name: "My fork" }, sk());
    expect(fork.status).toBe(201);
    expect(fork.body).toMatchObject({ forkedFrom: mine, slug: null });
    const forked = await api.get(`/v1/worlds/${fork.body.worldId}`, sk());
    expect(forked.body.name).toBe("My fork");
    expect(forked.body.world.scene).toEqual((await api.get(`/v1/worlds/${mine}`, sk())).body.world.scene);
    expect((await api.call("POST", `/v1/worlds/${mine}/fork`, { token: sk() })).status).toBe(201);

    const theirs = (await api.post("/v1/worlds", { world: makeSmallWorld() }, other.keys.sk_live)).body.worldId;
    expect((await api.post(`/v1/worlds/${theirs}/fork`, {}, me.keys.sk_live)).status).toBe(404);
    await api.patch(`/v1/worlds/${theirs}`, { visibility: "public" }, other.keys.sk_live);
    const ok = await api.post(`/v1/worlds/${theirs}/fork`, {}, me.keys.sk_live);
    expect(ok.status).toBe(201);
    expect(ok.body.slug).toEqual(expect.any(String));
    expect((await api.get(`/v1/worlds/${ok.body.worldId}`, me.keys.sk_live)).body).toMatchObject({ visibility: "private", forkedFrom: theirs });
  });
});
