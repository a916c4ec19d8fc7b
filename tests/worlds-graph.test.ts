import { describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { api, countWorlds, importSmall, me, sk, withWorldsServer } from "./support/worlds";

withWorldsServer();

describe("graph writes", () => {
  it("applies an ops batch atomically with applyErrors, a new rev and ETag", async () => {
    const id = await importSmall();
    const before = await api.get(`/v1/worlds/${id}`, sk());
    const res = await api.post(
      `/v1/worlds/${id}/ops`,
      {
        ops: [
          { op: "add_state", id: "c", base: "A cellar" },
          { op: "add_event", from: "b", name: "descend", to: "c", hotkey: "d", base: "You go down" },
          { op: "add_event", from: "c", name: "climb", to: "end", hotkey: "u", base: "Up and out" },
          { op: "delete_state", id: "does-not-exist" },
        ],
      },
      sk(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.applyErrors).toHaveLength(1);
    expect(res.body.applyErrors[0]).toMatch(/ops\[3\]/);
    expect(res.body.rev).not.toBe(before.body.rev);
    expect(res.headers.get("etag")).toBe(`"${res.body.rev}"`);
    expect(Object.keys(res.body.world.scene.states)).toContain("c");
    expect(res.body.diagnostics.every((d: any) => d.severity !== "error")).toBe(true);
    const stored = await api.get(`/v1/worlds/${id}`, sk());
    expect(stored.body.rev).toBe(res.body.rev);
    expect(stored.body.world).toEqual(res.body.world);
  });

  it("rejects a batch that fails the gate with 422 and persists nothing", async () => {
    const id = await importSmall();
    const before = await api.get(`/v1/worlds/${id}`, sk());
    const res = await api.post(
      `/v1/worlds/${id}/ops`,
      {
        ops: [
          { op: "add_state", id: "c" },
          { op: "set_entrance", state: "ghost" },
        ],
      },
      sk(),
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.diagnostics.some((d: any) => d.severity === "error")).toBe(true);
    // The detail says the first error in words for people, its code beside it (docs/lints.md).
    expect(res.body.detail).toBe(
      "The ops batch was rejected by the kernel gate; nothing was persisted. The entrance is set to “ghost”, which is not a state. Choose the state players start in: click the empty canvas and pick an Entrance state. (E001)",
    );
    expect((await api.get(`/v1/worlds/${id}`, sk())).body).toEqual(before.body);
  });

  it.each([
    [{ ops: [] }, "ops"],
    [{ ops: [{ op: "teleport" }] }, "ops.0"],
    [{ ops: [{ op: "add_state" }] }, "ops.0.id"],
    [{ ops: [{ op: "add_state", id: "x", extra: 1 }] }, "extra"],
    [{ ops: "add_state" }, "ops"],
  ])("refuses malformed batches %j with 400", async (body, field) => {
    const id = await importSmall();
    const res = await api.post(`/v1/worlds/${id}/ops`, body, sk());
    expect(res.status).toBe(400);
    expect(res.body.errors.join("\n")).toContain(field);
  });

  it("refuses a stale rev with 412 and currentRev, by If-Match or expectedRev", async () => {
    const id = await importSmall();
    const rev0 = (await api.get(`/v1/worlds/${id}`, sk())).body.rev;
    const first = await api.call("POST", `/v1/worlds/${id}/ops`, {
      token: sk(),
      body: { ops: [{ op: "add_state", id: "c" }] },
      headers: { "if-match": `"${rev0}"` },
    });
    expect(first.status).toBe(200);
    const stale = await api.post(`/v1/worlds/${id}/ops`, { ops: [{ op: "add_state", id: "d" }], expectedRev: rev0 }, sk());
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ code: "rev_mismatch", currentRev: first.body.rev });
    const staleHeader = await api.call("PATCH", `/v1/worlds/${id}`, { token: sk(), body: { name: "x" }, headers: { "if-match": rev0 } });
    expect(staleHeader.status).toBe(412);
    expect(Object.keys((await api.get(`/v1/worlds/${id}`, sk())).body.world.scene.states)).not.toContain("d");
  });

  it("lets exactly one of 20 parallel writes on one rev persist", async () => {
    const id = await importSmall();
    const rev0 = (await api.get(`/v1/worlds/${id}`, sk())).body.rev;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.post(`/v1/worlds/${id}/ops`, { ops: [{ op: "add_state", id: `s${i}` }], expectedRev: rev0 }, sk()),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 412)).toHaveLength(19);
    const states = Object.keys((await api.get(`/v1/worlds/${id}`, sk())).body.world.scene.states);
    expect(states.filter((s) => /^s\d+$/.test(s))).toHaveLength(1);
  });

  it("keeps every change of concurrent writes without a rev", async () => {
    const id = await importSmall();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => api.post(`/v1/worlds/${id}/ops`, { ops: [{ op: "add_state", id: `n${i}` }] }, sk())),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const states = Object.keys((await api.get(`/v1/worlds/${id}`, sk())).body.world.scene.states);
    expect(states.filter((s) => /^n\d$/.test(s))).toHaveLength(5);
  });

  it("adds an event through POST /events with eventName", async () => {
    const id = await importSmall();
    const res = await api.post(
      `/v1/worlds/${id}/events`,
      { from: "b", to: "a", name: "back", base: "You turn back", detail: "", hotkey: "b" },
      sk(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.eventName).toBe("back");
    expect(res.body.world.scene.events.some((e: any) => e.name === "back" && e.to === "a")).toBe(true);

    const badTarget = await api.post(
      `/v1/worlds/${id}/events`,
      { from: "b", to: "ghost", name: "lost", base: "", detail: "", hotkey: "g" },
      sk(),
    );
    expect(badTarget.status).toBe(422);
    const duplicate = await api.post(
      `/v1/worlds/${id}/events`,
      { from: "b", to: "a", name: "back", base: "", detail: "", hotkey: "z" },
      sk(),
    );
    expect(duplicate.status).toBe(422);
    const override = await api.post(
      `/v1/worlds/${id}/events`,
      { from: "b", name: "wave", base: "You wave", detail: "", hotkey: "w" },
      sk(),
    );
    expect(override.status).toBe(200);
    expect(
      (await api.get(`/v1/worlds/${id}/events`, sk())).body.events
        .filter((e: any) => e.from === "b")
        .map((e: any) => e.name)
        .sort(),
    ).toEqual(["back", "finish", "wave"]);
  });
});

describe("validate and lint", () => {
  it("checks a world without persisting", async () => {
    const before = await countWorlds();
    const good = await api.post("/v1/validate", { world: makeSmallWorld() }, sk());
    expect(good.body.ok).toBe(true);
    const broken = makeSmallWorld();
    broken.scene.events.push({ from: "ghost", to: "a", name: "x", base: "", detail: "", hotkey: "" });
    const bad = await api.post("/v1/validate", { world: broken }, sk());
    expect(bad.status).toBe(200);
    expect(bad.body.ok).toBe(false);
    expect(bad.body.diagnostics.some((d: any) => d.severity === "error")).toBe(true);
    expect((await api.post("/v1/validate", { world: "nope" }, sk())).body.ok).toBe(false);
    expect((await api.post("/v1/validate", { world: makeSmallWorld() }, me.keys.pk_test)).status).toBe(403);
    expect(await countWorlds()).toBe(before);
  });
});
