import { describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { bootstrap } from "./support/fixtures";
import { api, boot, create, EXPLICIT, STANCES, withCharactersServer } from "./support/characters";

withCharactersServer();

describe("POST /v1/characters", () => {
  it("EXPLICIT: stores every field with its defaults; test keys get mock, private, no slug", async () => {
    const res = await create({ name: "Bram", persona: "A ferryman who counts coins." }, boot.keys.sk_test);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      slug: null,
      kind: "character",
      cover: expect.stringMatching(/\/assets\/[0-9a-f]{64}\.png$/),
      mock: true,
      schemaVersion: "1.0",
    });
    const got = await api.get(`/v1/characters/${res.body.id}`, boot.keys.sk_test);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ kind: "character", visibility: "private", mode: "test", slug: null, name: "Bram" });
    const world = got.body.world;
    expect(world.character.stances.map((s: { id: string }) => s.id)).toEqual([
      "neutral",
      "warm",
      "amused",
      "curious",
      "guarded",
      "downcast",
    ]);
    expect(world.entrance.state).toBe("neutral");
    // Without a cover or a frame, the cover is the entrance stance's painted picture.
    expect(world.entrance.image.src).toBe(res.body.cover);
    expect(world.scene.states.neutral.image.src).toBe(res.body.cover);
    expect(world.character).toMatchObject({ persona: "A ferryman who counts coins.", free: false, entranceState: "neutral" });
    const state = world.scene.states.neutral;
    expect(state.camera.dynamic).toBe(state.camera.static);
    expect(state.movement.dynamic).toBe(state.movement.static);
    // One state per stance, every stance reachable from every other.
    expect(Object.keys(world.scene.states)).toHaveLength(6);
    expect(world.scene.events).toHaveLength(30);
    const lint = await api.get(`/v1/worlds/${res.body.id}/lint`, boot.keys.sk_test);
    expect(
      lint.body.diagnostics.filter((d: { severity: string; lint: string }) => d.severity !== "info" && d.lint !== "ending-unreachable"),
    ).toEqual([]);
  });

  it("EXPLICIT with every profile field (live: slugged, no mock)", async () => {
    const res = await create({
      ...EXPLICIT,
      entranceState: "glad",
      cameraDynamic: "slow dolly in",
      free: true,
      modelId: "small-chat",
      cover: "https://cdn.example/ilse.png",
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      slug: expect.stringMatching(/^ilse-the-keeper-/),
      kind: "character",
      cover: "https://cdn.example/ilse.png",
      schemaVersion: "1.0",
    });
    const { world } = (await api.get(`/v1/characters/${res.body.id}`, boot.keys.sk_live)).body;
    expect(world.entrance).toEqual({ image: { src: "https://cdn.example/ilse.png", label: "Ilse the Keeper" }, state: "glad" });
    expect(world.character).toMatchObject({
      persona: EXPLICIT.persona,
      lore: EXPLICIT.lore,
      greeting: EXPLICIT.greeting,
      examples: EXPLICIT.examples,
      subject: EXPLICIT.subject,
      style: EXPLICIT.style,
      scene: EXPLICIT.scene,
      speakingDetail: EXPLICIT.speakingDetail,
      voiceId: "ember",
      modelId: "small-chat",
      free: true,
      intro: EXPLICIT.intro,
      entranceState: "glad",
      stances: STANCES,
    });
    expect(world.scene.states.cross).toMatchObject({
      camera: { static: "close-up, eye level", dynamic: "slow dolly in" },
      movement: { static: EXPLICIT.movementStatic, dynamic: EXPLICIT.movementStatic },
      ambient: ["angry, cold"],
    });
    expect(world.scene.states.cross.base).toContain("a hard stare");
  });

  it.each([
    ["no persona", { name: "X" }, "persona"],
    ["no name", { persona: "x" }, "name"],
    ["premise without authored", { name: "X", persona: "x", premise: "y" }, "premise"],
    ["duplicate stance ids", { ...EXPLICIT, stances: [STANCES[0], STANCES[0]] }, "stances.1.id"],
    ["an entrance that is no stance", { ...EXPLICIT, entranceState: "nope" }, "entranceState"],
    ["a stance id with spaces", { ...EXPLICIT, stances: [{ id: "a b", label: "A" }] }, "stances.0.id"],
    ["13 stances", { ...EXPLICIT, stances: Array.from({ length: 13 }, (_, i) => ({ id: `s${i}`, label: `S${i}` })) }, "stances"],
    ["authored without premise or frame", { authored: true }, "premise"],
    ["an unknown field", { ...EXPLICIT, mood: "x" }, "mood"],
    ["import with persona", { world: {}, persona: "x" }, "persona"],
    ["a frame_url that is not http", { authored: true, frame_url: "javascript:alert(1)" }, "frame_url"],
  ])("400 for %s", async (_name, body, field) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_request");
    expect(res.body.errors.join("\n")).toContain(field);
  });

  it("AUTHORED: invents a profile and stances from a premise, deterministically; explicit fields win", async () => {
    const premise = "a retired lighthouse keeper named Maren who talks to gulls";
    const a = await create({ authored: true, premise }, boot.keys.sk_test);
    const b = await create({ authored: true, premise }, boot.keys.sk_test);
    expect(a.status).toBe(201);
    const ca = (await api.get(`/v1/characters/${a.body.id}`, boot.keys.sk_test)).body;
    const cb = (await api.get(`/v1/characters/${b.body.id}`, boot.keys.sk_test)).body;
    expect(ca.name).toMatch(/^Maren the /);
    expect(ca.world.character.persona).toContain("Maren");
    expect(ca.world.character.greeting).not.toBe("");
    expect(ca.world.character.stances.length).toBeGreaterThan(1);
    expect(ca.world.character).toEqual(cb.world.character);

    const withFrame = await create({ authored: true, frame_url: "https://cdn.example/frame.png", name: "Framed", voiceId: "v2" });
    expect(withFrame.status).toBe(201);
    expect(withFrame.body.cover).toBe("https://cdn.example/frame.png");
    const framed = (await api.get(`/v1/characters/${withFrame.body.id}`, boot.keys.sk_live)).body;
    expect(framed).toMatchObject({ name: "Framed", source: "local" });
    expect(framed.world.character.voiceId).toBe("v2");
  });

  it("IMPORT: a complete character world is stored verbatim; anything else is refused", async () => {
    const source = (await create(EXPLICIT, boot.keys.sk_test)).body.id;
    const world = (await api.get(`/v1/characters/${source}`, boot.keys.sk_test)).body.world;
    const res = await create({ world: { ...world, extra: { kept: true } }, name: "Ilse Again" }, boot.keys.sk_test);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: "character", mock: true });
    const imported = (await api.get(`/v1/characters/${res.body.id}`, boot.keys.sk_test)).body;
    expect(imported).toMatchObject({ name: "Ilse Again", source: "import" });
    expect(imported.world.character).toEqual(world.character);
    expect(imported.world.extra).toEqual({ kept: true });
    expect(imported.world.id).toBe(res.body.id);

    const plain = await create({ world: makeSmallWorld() }, boot.keys.sk_test);
    expect(plain.status).toBe(422);
    expect(plain.body.errors).toEqual(expect.arrayContaining([expect.stringMatching(/^character/)]));
    const orphan = await create(
      { world: { ...world, character: { ...world.character, stances: [...world.character.stances, { id: "ghost", label: "Ghost" }] } } },
      boot.keys.sk_test,
    );
    expect(orphan.status).toBe(422);
    expect(orphan.body.errors.join()).toContain("ghost");
    const broken = await create({ world: { ...world, scene: { states: {}, events: [] } } }, boot.keys.sk_test);
    expect(broken.status).toBe(422);
  });

  it("replays an Idempotency-Key without creating twice or charging quota twice", async () => {
    const app = await bootstrap();
    const headers = { "idempotency-key": "char-once" };
    const used = async () => (await api.get("/v1/usage", app.keys.sk_live)).body.quotas.generation.used as number;
    const first = await create(EXPLICIT, app.keys.sk_live, headers);
    const again = await create(EXPLICIT, app.keys.sk_live, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await used()).toBe(1);
    const other = await create({ ...EXPLICIT, name: "Someone Else" }, app.keys.sk_live, headers);
    expect(other.status).toBe(400);
    expect(other.body.detail).toMatch(/other parameters/);
    // Keys are per mode.
    expect((await create(EXPLICIT, app.keys.sk_test, headers)).body.id).not.toBe(first.body.id);
    const worlds = await api.get("/v1/worlds", app.keys.sk_live);
    expect(worlds.body.worlds.filter((w: { kind: string }) => w.kind === "character")).toHaveLength(1);
  });

  it("refuses publishable keys; GET is a 404 for plain worlds and other modes", async () => {
    expect((await create(EXPLICIT, boot.keys.pk_live)).status).toBe(403);
    expect((await api.post("/v1/characters", EXPLICIT)).status).toBe(401);
    const world = (await api.post("/v1/worlds", { world: makeSmallWorld() }, boot.keys.sk_live)).body.worldId;
    expect((await api.get(`/v1/characters/${world}`, boot.keys.sk_live)).status).toBe(404);
    const id = (await create(EXPLICIT)).body.id;
    expect((await api.get(`/v1/characters/${id}`, boot.keys.sk_test)).status).toBe(404);
    expect((await api.get(`/v1/characters/${id}`, boot.keys.pk_live)).status).toBe(200);
  });
});
