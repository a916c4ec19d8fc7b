import { describe, expect, it } from "vitest";
import { api, importSmall, me, other, sk, withWorldsServer } from "./support/worlds";

withWorldsServer();

// The small world: a --go--> b --finish--> end, and an override "look" on a.
const PATH = [
  { event: "look", state: "a" },
  { event: "go", state: "b" },
  { event: "finish", state: "end" },
];

async function record(id: string, name = "the whole way", steps = PATH) {
  const res = await api.post(`/v1/worlds/${id}/playtests`, { name, steps }, sk());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.playtestId as string;
}

describe("recorded play-throughs", () => {
  it("records, lists and deletes a play-through", async () => {
    const id = await importSmall();
    const created = await api.post(`/v1/worlds/${id}/playtests`, { name: "  the whole way ", steps: PATH }, sk());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "the whole way",
      steps: PATH,
      playtestId: expect.any(String),
      createdAt: expect.any(String),
    });
    const second = await record(id, "first step", PATH.slice(0, 2));
    const list = await api.get(`/v1/worlds/${id}/playtests`, sk());
    expect(list.body.playtests.map((p: any) => p.playtestId)).toEqual([created.body.playtestId, second]);
    const deleted = await api.call("DELETE", `/v1/worlds/${id}/playtests/${second}`, { token: sk() });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ ok: true });
    expect((await api.get(`/v1/worlds/${id}/playtests`, sk())).body.playtests).toHaveLength(1);
    expect((await api.call("DELETE", `/v1/worlds/${id}/playtests/${second}`, { token: sk() })).status).toBe(404);
  });

  it.each([
    [{ name: "x", steps: [] }, 400, "steps"],
    [{ name: "", steps: PATH }, 400, "name"],
    [{ name: "x", steps: [{ event: "go" }] }, 400, "steps.0.state"],
    [{ name: "x", steps: [{ event: "go", state: "b", extra: 1 }] }, 400, "extra"],
    [{ name: "x", steps: [{ event: "fly", state: "b" }] }, 422, 'steps.0: no event "fly" leaves "a"'],
    [{ name: "x", steps: [{ event: "go", state: "end" }] }, 422, 'steps.0: expected to be in "end"'],
  ])("refuses %j with %i and records nothing", async (body, status, field) => {
    const id = await importSmall();
    const res = await api.post(`/v1/worlds/${id}/playtests`, body, sk());
    expect(res.status).toBe(status);
    expect(res.body.errors.join("\n")).toContain(field);
    expect((await api.get(`/v1/worlds/${id}/playtests`, sk())).body.playtests).toEqual([]);
  });

  it("answers 404 for another app's world and 403 for a publishable key's write", async () => {
    const id = await importSmall();
    expect((await api.get(`/v1/worlds/${id}/playtests`, other.keys.sk_test)).status).toBe(404);
    expect((await api.post(`/v1/worlds/${id}/playtests`, { name: "x", steps: PATH }, other.keys.sk_test)).status).toBe(404);
    expect((await api.post(`/v1/worlds/${id}/playtests`, { name: "x", steps: PATH }, me.keys.pk_test)).status).toBe(403);
    expect((await api.get(`/v1/worlds/${id}/playtests`, me.keys.pk_test)).status).toBe(200);
  });

  it("reports a play-through broken by deleting a state on its path at the right step", async () => {
    const id = await importSmall();
    const playtestId = await record(id);
    await record(id, "looking around", PATH.slice(0, 1));
    const res = await api.post(
      `/v1/worlds/${id}/ops`,
      {
        ops: [
          { op: "add_state", id: "c" },
          { op: "add_event", from: "a", name: "skip", to: "end" },
          { op: "delete_state", id: "b" },
          { op: "delete_state", id: "c" },
        ],
      },
      sk(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.playtests).toEqual({
      passed: 1,
      failed: [{ playtestId, name: "the whole way", step: 2, reason: 'no event "go" leaves "a"' }],
    });
  });

  it("refuses the same write with requirePlaytests (422, nothing persists); restoring a version makes it pass again", async () => {
    const id = await importSmall();
    const playtestId = await record(id);
    const version = await api.post(`/v1/worlds/${id}/versions`, { title: "before" }, sk());
    expect(version.status).toBe(201);
    const before = await api.get(`/v1/worlds/${id}`, sk());
    const breaking = {
      ops: [
        { op: "add_event", from: "a", name: "skip", to: "end" },
        { op: "delete_state", id: "b" },
      ],
    };

    const refused = await api.post(`/v1/worlds/${id}/ops`, { ...breaking, requirePlaytests: true }, sk());
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("validation_failed");
    expect(refused.body.detail).toMatch(/"the whole way" at step 2/);
    expect(refused.body.errors).toEqual([`playtests.${playtestId}: "the whole way" breaks at step 2: no event "go" leaves "a"`]);
    expect((await api.get(`/v1/worlds/${id}`, sk())).body).toEqual(before.body);

    const event = await api.post(`/v1/worlds/${id}/events`, { from: "end", name: "again", to: "a", requirePlaytests: true }, sk());
    expect(event.status, JSON.stringify(event.body)).toBe(200);
    expect(event.body.playtests).toEqual({ passed: 1, failed: [] });

    const broken = await api.post(`/v1/worlds/${id}/ops`, breaking, sk());
    expect(broken.status).toBe(200);
    expect(broken.body.playtests.failed).toHaveLength(1);

    const restored = await api.post(`/v1/worlds/${id}/versions/${version.body.versionId}/restore`, { requirePlaytests: true }, sk());
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.playtests).toEqual({ passed: 1, failed: [] });
    expect(Object.keys(restored.body.world.scene.states)).toContain("b");
  });

  it("refuses a restore that breaks a required play-through", async () => {
    const id = await importSmall();
    const version = await api.post(`/v1/worlds/${id}/versions`, {}, sk());
    await api.post(
      `/v1/worlds/${id}/ops`,
      {
        ops: [
          { op: "add_state", id: "c" },
          { op: "add_event", from: "end", name: "on", to: "c" },
        ],
      },
      sk(),
    );
    await record(id, "to c", [...PATH, { event: "on", state: "c" }]);
    const before = await api.get(`/v1/worlds/${id}`, sk());
    const refused = await api.post(`/v1/worlds/${id}/versions/${version.body.versionId}/restore`, { requirePlaytests: true }, sk());
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/"to c" at step 4/);
    expect((await api.get(`/v1/worlds/${id}`, sk())).body).toEqual(before.body);
  });

  it("forgets a world's play-throughs with the world", async () => {
    const id = await importSmall();
    await record(id);
    expect((await api.call("DELETE", `/v1/worlds/${id}`, { token: sk() })).status).toBe(200);
    expect((await api.get(`/v1/worlds/${id}/playtests`, sk())).status).toBe(404);
  });
});
