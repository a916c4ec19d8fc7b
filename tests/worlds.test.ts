import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeLargeWorld, makeSmallWorld } from "@/lib/kernel/fixtures";
import { runCliCommand } from "@/lib/cli/commands";
import { checkedClient as apiClient } from "./support/openapi-check";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { startTestServer, type TestServer } from "./support/test-server";

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let me: Bootstrap;
let other: Bootstrap;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  me = await bootstrap();
  other = await bootstrap();
});

afterAll(async () => {
  await server?.close();
});

const sk = () => me.keys.sk_test;

async function importSmall(token = sk(), overrides: Record<string, unknown> = {}) {
  const res = await api.post("/v1/worlds", { world: makeSmallWorld(), ...overrides }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.worldId as string;
}

async function countWorlds(token = sk()): Promise<number> {
  let total = 0;
  let cursor: string | null = null;
  do {
    const res: any = await api.get(`/v1/worlds?limit=100${cursor ? `&cursor=${cursor}` : ""}`, token);
    total += res.body.worlds.length;
    cursor = res.body.nextCursor;
  } while (cursor);
  return total;
}

describe("POST /v1/worlds", () => {
  it("generates a deterministic mock world with a test key", async () => {
    const a = await api.post("/v1/worlds", { premise: "A lighthouse keeper finds a door in the sea", async: true }, sk());
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ worldId: expect.any(String), slug: null, ok: true, mock: true, schemaVersion: "1.0" });
    const b = await api.post("/v1/worlds", { premise: "A lighthouse keeper finds a door in the sea" }, sk());
    const [wa, wb] = await Promise.all([api.get(`/v1/worlds/${a.body.worldId}`, sk()), api.get(`/v1/worlds/${b.body.worldId}`, sk())]);
    expect(wa.body.world.scene).toEqual(wb.body.world.scene);
    expect(wa.body.world.id).toBe(a.body.worldId);
    expect(wa.body).toMatchObject({ visibility: "private", mode: "test", slug: null, source: "mock" });
    expect(wa.body.playUrl).toBeUndefined();
    const lint = await api.get(`/v1/worlds/${a.body.worldId}/lint`, sk());
    expect(lint.body.diagnostics.filter((d: any) => d.severity === "error")).toEqual([]);
  });

  it("imports a world verbatim with 201, keeping unknown properties", async () => {
    const world = { ...makeSmallWorld(), futureField: { keep: true } };
    const res = await api.post("/v1/worlds", { world, name: "Renamed" }, sk());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ imported: true, slug: null });
    const got = await api.get(`/v1/worlds/${res.body.worldId}`, sk());
    expect(got.body.world).toEqual({ ...world, id: res.body.worldId, name: "Renamed" });
    expect(got.body.name).toBe("Renamed");
    expect(got.headers.get("etag")).toBe(`"${got.body.rev}"`);
  });

  it("stores an imported world as the JSON that was sent: key order, extra keys, omitted state fields", async () => {
    const small = makeSmallWorld();
    const [firstId, first] = Object.entries(small.scene.states)[0]!;
    // Keys in an order of the sender's own, extra keys at every level, and a state that leaves
    // out everything but its id and base (an absent `ending` is not an ending).
    const sentStates: Record<string, unknown> = {};
    for (const [id, state] of Object.entries(small.scene.states)) {
      const ending = state.ending.isEnding ? { isEnding: true, kind: "lighthouse", text: "The lamp goes dark." } : state.ending;
      sentStates[id] = id === firstId ? { base: first.base, id, mood: "grey" } : { ...state, ending };
    }
    const sent = { scene: { events: small.scene.events, states: sentStates, layout: "free" }, entrance: small.entrance, id: small.id, name: small.name, description: small.description, cover: small.cover, subject: small.subject, extra: [1, { b: 2, a: 1 }] };
    const res = await api.post("/v1/worlds", { world: sent, name: "As sent" }, sk());
    expect(res.status, JSON.stringify(res.body)).toBe(201);

    const expected = JSON.stringify({ ...sent, id: res.body.worldId, name: "As sent" });
    const raw = await fetch(`${server.url}/v1/worlds/${res.body.worldId}`, { headers: { authorization: `Bearer ${sk()}` } });
    expect(await raw.text()).toContain(`"world":${expected}`);
    expect((await api.get(`/v1/worlds/${res.body.worldId}`, sk())).body.world).toEqual(JSON.parse(expected));

    // Validate reads the same world with the add_state defaults, and so does every graph write.
    const checked = await api.post("/v1/validate", { world: sent }, sk());
    expect(checked.body).toMatchObject({ ok: true });
    const edited = await api.post(`/v1/worlds/${res.body.worldId}/ops`, { ops: [{ op: "update_state", id: firstId, patch: { ambient: ["gulls"] } }] }, sk());
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.world.scene.states[firstId]).toMatchObject({ id: firstId, base: first.base, mood: "grey", ambient: ["gulls"], ending: { isEnding: false }, variants: [] });
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ["no premise, frame or world", { pov: "first_person" }, "premise"],
    ["text with premise", { text: "Chapter one.", premise: "x" }, "premise"],
    ["text with frame_url", { text: "Chapter one.", frame_url: "https://example.com/a.png" }, "frame_url"],
    ["text over 40000 chars", { text: "x".repeat(40_001) }, "text"],
    ["subject_ref with text", { text: "Chapter one.", subject_ref: { image_url: "https://example.com/a.png" } }, "subject_ref"],
    ["a data: URI as subject_ref.image_url", { premise: "x", subject_ref: { image_url: "data:image/png;base64,AAAA" } }, "subject_ref.image_url"],
    ["subject_ref with neither image", { premise: "x", subject_ref: { descriptor: "a fox" } }, "subject_ref"],
    ["premise of the wrong type", { premise: 42 }, "premise"],
    ["async of the wrong type", { premise: "x", async: "yes" }, "async"],
    ["an unknown field", { premise: "x", colour: "red" }, "colour"],
    ["world that is not an object", { world: "big" }, "world"],
    ["world with premise", { world: makeSmallWorld(), premise: "x" }, "premise"],
    ["name without world", { premise: "x", name: "n" }, "name"],
  ];
  it.each(bad)("refuses %s with 400 and creates nothing", async (_name, body, field) => {
    const before = await countWorlds();
    const res = await api.post("/v1/worlds", body, sk());
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_request");
    expect(res.body.errors.join("\n")).toContain(field);
    expect(await countWorlds()).toBe(before);
  });

  it("refuses invalid worlds with 422: schema errors as `errors`, gate errors as `diagnostics`", async () => {
    const before = await countWorlds();
    const schemaBad = await api.post("/v1/worlds", { world: { ...makeSmallWorld(), entrance: { state: 7 } } }, sk());
    expect(schemaBad.status).toBe(422);
    expect(schemaBad.body.code).toBe("validation_failed");
    expect(schemaBad.body.errors.join("\n")).toMatch(/entrance/);

    const gateBad = makeSmallWorld();
    gateBad.entrance.state = "nowhere";
    const res = await api.post("/v1/worlds", { world: gateBad }, sk());
    expect(res.status).toBe(422);
    expect(res.body.diagnostics.some((d: any) => d.severity === "error" && d.path.startsWith("entrance"))).toBe(true);
    expect(await countWorlds()).toBe(before);
  });

  it("refuses oversized imports with 413: bytes, states, events", async () => {
    const huge = { ...makeSmallWorld(), description: "x".repeat(2 * 1024 * 1024) };
    expect((await api.post("/v1/worlds", { world: huge }, sk())).status).toBe(413);
    const states = makeLargeWorld({ states: 501, events: 10 });
    const manyStates = await api.post("/v1/worlds", { world: states }, sk());
    expect(manyStates.status).toBe(413);
    expect(manyStates.body.code).toBe("payload_too_large");
    const events = makeLargeWorld({ states: 50, events: 2001 });
    expect((await api.post("/v1/worlds", { world: events }, sk())).status).toBe(413);
  });

  it("accepts a maximal import (500 states, 2000 events)", async () => {
    const res = await api.post("/v1/worlds", { world: makeLargeWorld({ states: 500, events: 2000 }) }, sk());
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(201);
  });

  it("hosts subject_ref.image_b64 and stamps subjectRef", async () => {
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
    const res = await api.post("/v1/worlds", { premise: "a fox", subject_ref: { image_b64: `data:image/png;base64,${png.toString("base64")}`, descriptor: "a red fox" } }, sk());
    expect(res.status).toBe(200);
    const world = (await api.get(`/v1/worlds/${res.body.worldId}`, sk())).body.world;
    expect(world.subjectRef.descriptor).toBe("a red fox");
    const image = await fetch(world.subjectRef.imageUrl);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);

    const notImage = await api.post("/v1/worlds", { premise: "a fox", subject_ref: { image_b64: "aGVsbG8=" } }, sk());
    expect(notImage.status).toBe(400);
  });

  it("generates live worlds with the embedded local provider, painting a frame per state", async () => {
    const res = await api.post("/v1/worlds", { premise: "Mara must steal the crown from the drowned cathedral" }, me.keys.sk_live);
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.mock).toBeUndefined();
    expect(res.body.slug).toEqual(expect.any(String));
    const world = await api.get(`/v1/worlds/${res.body.worldId}`, me.keys.sk_live);
    expect(world.body.source).toBe("local");
    expect(JSON.stringify(world.body.world.scene)).toContain("drowned cathedral");
    const cover = await fetch(world.body.cover);
    expect(cover.headers.get("content-type")).toBe("image/png");
    for (const state of Object.values<any>(world.body.world.scene.states)) expect(state.image.src).toMatch(/\/assets\/[0-9a-f]{64}\.png$/);
  });
});

describe("idempotency", () => {
  it("replays the first response for a retry and refuses another body", async () => {
    const headers = { "idempotency-key": "create-1" };
    const first = await api.call("POST", "/v1/worlds", { token: sk(), body: { premise: "idempotent" }, headers });
    const usedAfterFirst = (await api.get("/v1/usage", sk())).body.quotas.generation.used;
    const retry = await api.call("POST", "/v1/worlds", { token: sk(), body: { premise: "idempotent" }, headers });
    expect(retry.status).toBe(first.status);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect((await api.get("/v1/usage", sk())).body.quotas.generation.used).toBe(usedAfterFirst);

    const other = await api.call("POST", "/v1/worlds", { token: sk(), body: { premise: "something else" }, headers });
    expect(other.status).toBe(400);
    expect(other.body.detail).toMatch(/other parameters/);

    // Keyed per mode: the live cache is separate from the test one.
    const live = await api.call("POST", "/v1/worlds", { token: me.keys.sk_live, body: { world: makeSmallWorld() }, headers });
    expect(live.status).toBe(201);
  });

  it("does not record requests that failed validation", async () => {
    const headers = { "idempotency-key": "fails-first" };
    expect((await api.call("POST", "/v1/worlds", { token: sk(), body: { premise: 1 }, headers })).status).toBe(400);
    expect((await api.call("POST", "/v1/worlds", { token: sk(), body: { premise: "now valid" }, headers })).status).toBe(200);
  });

  it("creates one world for 20 concurrent requests with one key", async () => {
    const before = await countWorlds();
    const headers = { "idempotency-key": "burst-1" };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api.call("POST", "/v1/worlds", { token: sk(), body: { world: makeSmallWorld() }, headers })),
    );
    const ids = new Set(results.filter((r) => r.status === 201).map((r) => r.body.worldId));
    expect(ids.size).toBe(1);
    for (const r of results) expect([201, 409]).toContain(r.status);
    expect(await countWorlds()).toBe(before + 1);
  });

  it("refuses a key longer than 255 characters", async () => {
    const res = await api.call("POST", "/v1/worlds", { token: sk(), body: { premise: "x" }, headers: { "idempotency-key": "k".repeat(256) } });
    expect(res.status).toBe(400);
  });
});

describe("quota", () => {
  it("lets exactly 5 of 20 parallel generates through a cap of 5, then 402", async () => {
    const app = await bootstrap();
    await runCliCommand("quota set", { app: app.appId, kind: "generation", daily: 5 });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => api.post("/v1/worlds", { premise: `world ${i}` }, app.keys.sk_test)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 402);
    expect(refused).toHaveLength(15);
    expect(refused[0]!.body.code).toBe("quota_exceeded");
    expect(await countWorlds(app.keys.sk_test)).toBe(5);
    expect((await api.get("/v1/usage", app.keys.sk_test)).body.quotas.generation).toEqual({ used: 5, cap: 5 });
    // Imports count too.
    expect((await api.post("/v1/worlds", { world: makeSmallWorld() }, app.keys.sk_test)).status).toBe(402);
  });

  it("gives the unit back when the work fails before it lands", async () => {
    const app = await bootstrap();
    await runCliCommand("quota set", { app: app.appId, kind: "generation", daily: 1 });
    // Hosting the subject reference fails on bad base64 after the reservation.
    expect((await api.post("/v1/worlds", { premise: "x", subject_ref: { image_b64: "bm90IGFuIGltYWdl" } }, app.keys.sk_test)).status).toBe(400);
    expect((await api.get("/v1/usage", app.keys.sk_test)).body.quotas.generation.used).toBe(0);
    expect((await api.post("/v1/worlds", { premise: "x" }, app.keys.sk_test)).status).toBe(200);
  });
});

describe("reading", () => {
  it("serves projections, lists newest first with a cursor, and deletes", async () => {
    const app = await bootstrap();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await importSmall(app.keys.sk_test, { name: `W${i}` }));
    const scene = await api.get(`/v1/worlds/${ids[0]}/scene`, app.keys.pk_test);
    expect(scene.status).toBe(200);
    expect(Object.keys(scene.body.scene.states).sort()).toEqual(["a", "b", "end"]);
    expect((await api.get(`/v1/worlds/${ids[0]}/states`, app.keys.pk_test)).body.states.map((s: any) => s.id).sort()).toEqual(["a", "b", "end"]);
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
      expect((await api.post(`/v1/worlds/${id}/ops`, { ops: [{ op: "delete_state", id: "b" }] }, token)).status).toBe(token.startsWith("pk_") ? 403 : 404);
    }
  });

  it("supports If-None-Match on GET", async () => {
    const id = await importSmall();
    const first = await api.get(`/v1/worlds/${id}`, sk());
    const again = await api.call("GET", `/v1/worlds/${id}`, { token: sk(), headers: { "if-none-match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });
});

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
    const res = await api.post(`/v1/worlds/${id}/ops`, { ops: [{ op: "add_state", id: "c" }, { op: "set_entrance", state: "ghost" }] }, sk());
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.diagnostics.some((d: any) => d.severity === "error")).toBe(true);
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
    const first = await api.call("POST", `/v1/worlds/${id}/ops`, { token: sk(), body: { ops: [{ op: "add_state", id: "c" }] }, headers: { "if-match": `"${rev0}"` } });
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
      Array.from({ length: 20 }, (_, i) => api.post(`/v1/worlds/${id}/ops`, { ops: [{ op: "add_state", id: `s${i}` }], expectedRev: rev0 }, sk())),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 412)).toHaveLength(19);
    const states = Object.keys((await api.get(`/v1/worlds/${id}`, sk())).body.world.scene.states);
    expect(states.filter((s) => /^s\d+$/.test(s))).toHaveLength(1);
  });

  it("keeps every change of concurrent writes without a rev", async () => {
    const id = await importSmall();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => api.post(`/v1/worlds/${id}/ops`, { ops: [{ op: "add_state", id: `n${i}` }] }, sk())));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const states = Object.keys((await api.get(`/v1/worlds/${id}`, sk())).body.world.scene.states);
    expect(states.filter((s) => /^n\d$/.test(s))).toHaveLength(5);
  });

  it("adds an event through POST /events with eventName", async () => {
    const id = await importSmall();
    const res = await api.post(`/v1/worlds/${id}/events`, { from: "b", to: "a", name: "back", base: "You turn back", detail: "", hotkey: "b" }, sk());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.eventName).toBe("back");
    expect(res.body.world.scene.events.some((e: any) => e.name === "back" && e.to === "a")).toBe(true);

    const badTarget = await api.post(`/v1/worlds/${id}/events`, { from: "b", to: "ghost", name: "lost", base: "", detail: "", hotkey: "g" }, sk());
    expect(badTarget.status).toBe(422);
    const duplicate = await api.post(`/v1/worlds/${id}/events`, { from: "b", to: "a", name: "back", base: "", detail: "", hotkey: "z" }, sk());
    expect(duplicate.status).toBe(422);
    const override = await api.post(`/v1/worlds/${id}/events`, { from: "b", name: "wave", base: "You wave", detail: "", hotkey: "w" }, sk());
    expect(override.status).toBe(200);
    expect((await api.get(`/v1/worlds/${id}/events`, sk())).body.events.filter((e: any) => e.from === "b").map((e: any) => e.name).sort()).toEqual(["back", "finish", "wave"]);
  });
});

describe("PATCH /v1/worlds/{id}", () => {
  it("makes a live world public with a slug and a play link; test worlds stay private", async () => {
    const live = (await api.post("/v1/worlds", { world: makeSmallWorld() }, me.keys.sk_live)).body;
    expect(live.slug).toMatch(/^small-[a-z0-9]{6}$/);
    const res = await api.patch(`/v1/worlds/${live.worldId}`, { visibility: "public", name: "Public world", description: "d" }, me.keys.sk_live);
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
