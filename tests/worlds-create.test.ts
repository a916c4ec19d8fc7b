import { describe, expect, it } from "vitest";
import { makeLargeWorld, makeSmallWorld } from "@/lib/kernel/fixtures";
import { runCliCommand } from "@/lib/cli/commands";
import { querySql } from "@/lib/db";
import { bootstrap } from "./support/fixtures";
import { api, countWorlds, me, server, sk, withWorldsServer } from "./support/worlds";

withWorldsServer();

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
    const sent = {
      scene: { events: small.scene.events, states: sentStates, layout: "free" },
      entrance: small.entrance,
      id: small.id,
      name: small.name,
      description: small.description,
      cover: small.cover,
      subject: small.subject,
      extra: [1, { b: 2, a: 1 }],
    };
    const res = await api.post("/v1/worlds", { world: sent, name: "As sent" }, sk());
    expect(res.status, JSON.stringify(res.body)).toBe(201);

    const expected = JSON.stringify({ ...sent, id: res.body.worldId, name: "As sent" });
    const raw = await fetch(`${server.url}/v1/worlds/${res.body.worldId}`, { headers: { authorization: `Bearer ${sk()}` } });
    expect(await raw.text()).toContain(`"world":${expected}`);
    expect((await api.get(`/v1/worlds/${res.body.worldId}`, sk())).body.world).toEqual(JSON.parse(expected));

    // Validate reads the same world with the add_state defaults, and so does every graph write.
    const checked = await api.post("/v1/validate", { world: sent }, sk());
    expect(checked.body).toMatchObject({ ok: true });
    const edited = await api.post(
      `/v1/worlds/${res.body.worldId}/ops`,
      { ops: [{ op: "update_state", id: firstId, patch: { ambient: ["gulls"] } }] },
      sk(),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.world.scene.states[firstId]).toMatchObject({
      id: firstId,
      base: first.base,
      mood: "grey",
      ambient: ["gulls"],
      ending: { isEnding: false },
      variants: [],
    });
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ["no premise, frame or world", { pov: "first_person" }, "premise"],
    ["text with premise", { text: "Chapter one.", premise: "x" }, "premise"],
    ["text with frame_url", { text: "Chapter one.", frame_url: "https://example.com/a.png" }, "frame_url"],
    ["text over 40000 chars", { text: "x".repeat(40_001) }, "text"],
    ["subject_ref with text", { text: "Chapter one.", subject_ref: { image_url: "https://example.com/a.png" } }, "subject_ref"],
    [
      "a data: URI as subject_ref.image_url",
      { premise: "x", subject_ref: { image_url: "data:image/png;base64,AAAA" } },
      "subject_ref.image_url",
    ],
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
    const res = await api.post(
      "/v1/worlds",
      { premise: "a fox", subject_ref: { image_b64: `data:image/png;base64,${png.toString("base64")}`, descriptor: "a red fox" } },
      sk(),
    );
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

  it("an import records its key in its own write: a retry replays it even once that import spent the quota", async () => {
    const app = await bootstrap();
    await runCliCommand("quota set", { app: app.appId, kind: "generation", daily: 1 });
    const token = app.keys.sk_test;
    const headers = { "idempotency-key": "import-at-cap" };
    const body = { world: makeSmallWorld() };
    const first = await api.call("POST", "/v1/worlds", { token, body, headers });
    expect(first.status).toBe(201);
    const retry = await api.call("POST", "/v1/worlds", { token, body, headers });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    // Another request with the key is refused for the key, not for the quota.
    const other = await api.call("POST", "/v1/worlds", { token, body: { ...body, name: "Another" }, headers });
    expect(other.status).toBe(400);
    expect(other.body.detail).toMatch(/other parameters/);
    expect((await api.get("/v1/usage", token)).body.quotas.generation.used).toBe(1);
    expect(await countWorlds(token)).toBe(1);
  });

  it("an import the gate refuses records nothing: the key stays free for the corrected world", async () => {
    const headers = { "idempotency-key": "gate-first" };
    const before = await countWorlds();
    const broken = { ...makeSmallWorld(), entrance: { ...makeSmallWorld().entrance, state: "nowhere" } };
    const refused = await api.call("POST", "/v1/worlds", { token: sk(), body: { world: broken }, headers });
    expect(refused.status).toBe(422);
    const fixed = await api.call("POST", "/v1/worlds", { token: sk(), body: { world: makeSmallWorld() }, headers });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
    expect(await countWorlds()).toBe(before + 1);
  });

  it("a record older than 24 h does not hold its key: the import runs and its answer replaces it", async () => {
    await querySql(
      `INSERT INTO idempotency_records (app_id, mode, key, request_hash, state, status, body, created_at)
       VALUES ($1::uuid, 'test', 'world:stale-1', 'another request', 'done', 201, '{"worldId":"old"}', now() - interval '25 hours')`,
      [me.appId],
    );
    const headers = { "idempotency-key": "stale-1" };
    const first = await api.call("POST", "/v1/worlds", { token: sk(), body: { world: makeSmallWorld() }, headers });
    expect(first.status).toBe(201);
    expect(first.body.worldId).not.toBe("old");
    const retry = await api.call("POST", "/v1/worlds", { token: sk(), body: { world: makeSmallWorld() }, headers });
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
  });

  it("refuses a key longer than 255 characters", async () => {
    const res = await api.call("POST", "/v1/worlds", {
      token: sk(),
      body: { premise: "x" },
      headers: { "idempotency-key": "k".repeat(256) },
    });
    expect(res.status).toBe(400);
  });
});

describe("quota", () => {
  it("lets exactly 5 of 20 parallel generates through a cap of 5, then 402", async () => {
    const app = await bootstrap();
    await runCliCommand("quota set", { app: app.appId, kind: "generation", daily: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.post("/v1/worlds", { premise: `world ${i}` }, app.keys.sk_test)),
    );
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
    expect((await api.post("/v1/worlds", { premise: "x", subject_ref: { image_b64: "bm90IGFuIGltYWdl" } }, app.keys.sk_test)).status).toBe(
      400,
    );
    expect((await api.get("/v1/usage", app.keys.sk_test)).body.quotas.generation.used).toBe(0);
    expect((await api.post("/v1/worlds", { premise: "x" }, app.keys.sk_test)).status).toBe(200);
  });
});
