import { describe, expect, it } from "vitest";
import { getDbEngine, querySql } from "@/lib/db";
import { makeLargeWorld, makeSmallWorld } from "@/lib/kernel/fixtures";
import { api, importSmall, me, other, sk, withWorldsServer } from "./support/worlds";

withWorldsServer();

describe("versions", () => {
  it("builds a three-level tree, prunes a middle node and re-roots its children", async () => {
    const id = await importSmall();
    const snap = async (title: string) => (await api.post(`/v1/worlds/${id}/versions`, { title }, sk())).body;
    const restore = async (versionId: string) => api.post(`/v1/worlds/${id}/versions/${versionId}/restore`, {}, sk());

    // Every imported world starts with its "Original" (docs/versions.md): the tree grows under it.
    const original = (await api.get(`/v1/worlds/${id}/versions`, sk())).body.versions[0];
    const root = await snap("root");
    expect(root).toMatchObject({ title: "root", parentId: original.versionId, isHead: true });
    const mid = await snap("mid");
    expect(mid.parentId).toBe(root.versionId);
    const leafA = await snap("leaf A");
    expect(leafA.parentId).toBe(mid.versionId);
    expect((await restore(mid.versionId)).status).toBe(200);
    const leafB = await snap("leaf B");
    expect(leafB.parentId).toBe(mid.versionId);

    const list = await api.get(`/v1/worlds/${id}/versions`, sk());
    expect(list.body.versions.map((v: any) => v.title)).toEqual(["leaf B", "leaf A", "mid", "root", "Original"]);
    expect(list.body.head).toBe(leafB.versionId);

    const headPrune = await api.del(`/v1/worlds/${id}/versions/${leafB.versionId}`, sk());
    expect(headPrune.status).toBe(409);
    expect(headPrune.body.code).toBe("conflict");

    const pruned = await api.del(`/v1/worlds/${id}/versions/${mid.versionId}`, sk());
    expect(pruned.body).toMatchObject({ ok: true, versionId: mid.versionId });
    const after = (await api.get(`/v1/worlds/${id}/versions`, sk())).body.versions;
    const parentOf = Object.fromEntries(after.map((v: any) => [v.title, v.parentId]));
    expect(parentOf).toEqual({ Original: null, root: original.versionId, "leaf A": root.versionId, "leaf B": root.versionId });

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

describe("the Original version", () => {
  it("an imported world starts with one version, Original: the root, HEAD, at the world's first rev", async () => {
    const id = await importSmall();
    const world = (await api.get(`/v1/worlds/${id}`, sk())).body;
    const list = await api.get(`/v1/worlds/${id}/versions`, sk());
    expect(list.status).toBe(200);
    expect(list.body.versions).toHaveLength(1);
    const [original] = list.body.versions;
    expect(original).toMatchObject({ title: "Original", parentId: null, isHead: true, rev: world.rev });
    expect(list.body.head).toBe(original.versionId);
    const read = await api.get(`/v1/worlds/${id}/versions/${original.versionId}`, sk());
    expect(read.body.world.scene).toEqual(world.world.scene);
  });

  it("a generated world (test key, synchronous) starts with Original holding the generated graph", async () => {
    const res = await api.post("/v1/worlds", { premise: "a lighthouse keeper hears a bell under the sea" }, sk());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const world = (await api.get(`/v1/worlds/${res.body.worldId}`, sk())).body;
    const { versions, head } = (await api.get(`/v1/worlds/${res.body.worldId}/versions`, sk())).body;
    expect(versions.map((v: any) => v.title)).toEqual(["Original"]);
    expect(head).toBe(versions[0].versionId);
    const read = await api.get(`/v1/worlds/${res.body.worldId}/versions/${head}`, sk());
    expect(read.body.world.scene).toEqual(world.world.scene);
  });

  it("restoring Original after edits brings the created graph back; a fork starts with its own Original", async () => {
    const id = await importSmall();
    const [original] = (await api.get(`/v1/worlds/${id}/versions`, sk())).body.versions;
    const before = (await api.get(`/v1/worlds/${id}`, sk())).body.world.scene;
    const edited = await api.post(`/v1/worlds/${id}/ops`, { ops: [{ op: "add_state", id: "extra" }] }, sk());
    expect(edited.status).toBe(200);
    const restored = await api.post(`/v1/worlds/${id}/versions/${original.versionId}/restore`, {}, sk());
    expect(restored.status).toBe(200);
    expect(restored.body.world.scene).toEqual(before);

    const fork = await api.post(`/v1/worlds/${id}/fork`, {}, sk());
    const forked = (await api.get(`/v1/worlds/${fork.body.worldId}/versions`, sk())).body.versions;
    expect(forked).toHaveLength(1);
    expect(forked[0]).toMatchObject({ title: "Original", parentId: null, isHead: true });
    expect(forked[0].versionId).not.toBe(original.versionId);
  });

  it("a created world's graph is written once: Original takes its copy with the first graph write, and keeps it", async () => {
    // Imported as sent, with a state that leaves out all but its id and base (read with defaults).
    const small = makeSmallWorld();
    const [firstId, first] = Object.entries(small.scene.states)[0]!;
    const states = { ...small.scene.states, [firstId]: { id: firstId, base: first.base } };
    const imported = await api.post("/v1/worlds", { world: { ...small, scene: { ...small.scene, states } } }, sk());
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const id: string = imported.body.worldId;
    const stored = async () =>
      (await querySql<{ graph: unknown }>(`SELECT graph FROM world_versions WHERE world_id = $1::uuid`, [id])).map((r) => r.graph);
    expect(await stored()).toEqual([null]);
    const [original] = (await api.get(`/v1/worlds/${id}/versions`, sk())).body.versions;
    const created = (await api.get(`/v1/worlds/${id}/versions/${original.versionId}`, sk())).body.world;
    // A version reads as the app reads a graph: the state sent without its fields has their defaults.
    expect(created.scene.states[firstId]).toMatchObject({
      id: firstId,
      base: first.base,
      ambient: [],
      variants: [],
      ending: { isEnding: false },
    });

    for (const base of ["first edit", "second edit"]) {
      const state = Object.keys(created.scene.states)[1]!;
      const edited = await api.post(`/v1/worlds/${id}/ops`, { ops: [{ op: "update_state", id: state, patch: { base } }] }, sk());
      expect(edited.status).toBe(200);
      expect((await api.get(`/v1/worlds/${id}/versions/${original.versionId}`, sk())).body.world).toEqual(created);
    }
    expect((await stored())[0]).not.toBeNull();
  });

  it("Original is a version like any other: renamed, and pruned once HEAD has moved off it", async () => {
    const id = await importSmall();
    const [original] = (await api.get(`/v1/worlds/${id}/versions`, sk())).body.versions;
    expect((await api.del(`/v1/worlds/${id}/versions/${original.versionId}`, sk())).status).toBe(409);
    const renamed = await api.patch(`/v1/worlds/${id}/versions/${original.versionId}`, { title: "As generated" }, sk());
    expect(renamed.body).toMatchObject({ ok: true, title: "As generated" });
    const next = (await api.post(`/v1/worlds/${id}/versions`, { title: "next" }, sk())).body;
    expect(next.parentId).toBe(original.versionId);
    expect((await api.del(`/v1/worlds/${id}/versions/${original.versionId}`, sk())).status).toBe(200);
    const after = (await api.get(`/v1/worlds/${id}/versions`, sk())).body.versions;
    expect(after).toEqual([expect.objectContaining({ title: "next", parentId: null, isHead: true })]);
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
    expect((await api.get(`/v1/worlds/${ok.body.worldId}`, me.keys.sk_live)).body).toMatchObject({
      visibility: "private",
      forkedFrom: theirs,
    });
  });
});

describe("storage", () => {
  it("keeps a large world's Original with lz4 on PostgreSQL (cheaper to write and read than pglz)", async () => {
    if ((await getDbEngine()) !== "postgres") return; // PGlite is built without lz4: its default stays.
    const world = makeLargeWorld({ states: 60, events: 200 });
    const imported = await api.post("/v1/worlds", { world }, sk());
    expect(imported.status).toBe(201);
    // The Original gets its own copy of the graph with the world's first graph write.
    const state = Object.keys(world.scene.states)[0]!;
    const edited = await api.post(
      `/v1/worlds/${imported.body.worldId}/ops`,
      { ops: [{ op: "update_state", id: state, patch: { base: "x" } }] },
      sk(),
    );
    expect(edited.status).toBe(200);
    const [row] = await querySql<{ method: string | null }>(
      `SELECT pg_column_compression(graph) AS method FROM world_versions WHERE world_id = $1::uuid`,
      [imported.body.worldId],
    );
    expect(row?.method).toBe("lz4");
  });
});
