import { describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { bootstrap } from "./support/fixtures";
import { api, boot, create, EXPLICIT, say, sessionFor, STANCES, withCharactersServer } from "./support/characters";

withCharactersServer();

/** `key: null` sends no credential at all. */
const patch = (id: string, body: unknown, key: string | null = boot.keys.sk_live, headers: Record<string, string> = {}) =>
  api.call("PATCH", `/v1/characters/${id}`, { token: key ?? undefined, body, headers });

async function newCharacter(body: Record<string, unknown> = EXPLICIT, key = boot.keys.sk_live): Promise<string> {
  const res = await create(body, key);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

describe("PATCH /v1/characters/{id}", () => {
  it("edits the brain: given fields change, the rest stays, null clears voice and model; a new rev", async () => {
    const id = await newCharacter({ ...EXPLICIT, modelId: "small-chat" });
    const before = (await api.get(`/v1/characters/${id}`, boot.keys.sk_live)).body;
    const res = await patch(id, {
      persona: "You are Ilse, now a retired keeper who paints gulls.",
      greeting: "Come in out of the wind.",
      voiceId: null,
      modelId: null,
      free: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get("etag")).toBe(`"${res.body.rev}"`);
    expect(res.body.rev).not.toBe(before.rev);
    expect(res.body).toMatchObject({ id, kind: "character", name: EXPLICIT.name });
    const character = res.body.world.character;
    expect(character).toMatchObject({
      persona: "You are Ilse, now a retired keeper who paints gulls.",
      greeting: "Come in out of the wind.",
      free: true,
      lore: EXPLICIT.lore,
      stances: STANCES,
    });
    expect(character).not.toHaveProperty("voiceId");
    expect(character).not.toHaveProperty("modelId");
    // The stance graph is untouched by a brain-only edit.
    expect(res.body.world.scene).toEqual(before.world.scene);
    const again = (await api.get(`/v1/characters/${id}`, boot.keys.sk_live)).body;
    expect(again.world.character).toEqual(character);
    expect(again.rev).toBe(res.body.rev);
  });

  it("replaces the palette: kept stances keep their state and picture, new ones get a state, dropped ones go, transitions rebuilt", async () => {
    const id = await newCharacter(EXPLICIT, boot.keys.sk_test);
    const { world } = (await api.get(`/v1/characters/${id}`, boot.keys.sk_test)).body;
    // A picture painted on "glad", kept by id through the edit.
    world.scene.states.glad.image = { src: "https://cdn.example/glad.png", label: "Glad" };
    const imported = await create({ world }, boot.keys.sk_test);
    expect(imported.status).toBe(201);
    const cid = imported.body.id as string;
    const stances = [
      { id: "glad", label: "Delighted", mood: "elated", expression: "laughing, head thrown back" },
      { id: "calm", label: "Calm", mood: "calm, serene", expression: "a still, patient face" },
      { id: "sly", label: "Sly", mood: "mischievous", expression: "a sideways smile" },
    ];
    const res = await patch(cid, { stances, entranceState: "sly" }, boot.keys.sk_test);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const next = res.body.world;
    expect(next.character.stances).toEqual(stances);
    expect(next.character.entranceState).toBe("sly");
    expect(next.entrance.state).toBe("sly");
    expect(Object.keys(next.scene.states).sort()).toEqual(["calm", "glad", "sly"]);
    expect(next.scene.states.glad).toMatchObject({
      label: "Delighted",
      ambient: ["elated"],
      image: { src: "https://cdn.example/glad.png", label: "Glad" },
    });
    expect(next.scene.states.glad.base).toContain("laughing, head thrown back");
    expect(next.scene.states.sly).toMatchObject({ label: "Sly", ambient: ["mischievous"], camera: world.scene.states.calm.camera });
    expect(next.scene.events).toHaveLength(6);
    expect(
      next.scene.events.every(
        (e: { from: string; to: string }) => ["calm", "glad", "sly"].includes(e.from) && ["calm", "glad", "sly"].includes(e.to),
      ),
    ).toBe(true);
    expect(next.scene.events.filter((e: { to: string }) => e.to === "glad").map((e: { name: string }) => e.name)).toEqual([
      "Delighted",
      "Delighted",
    ]);
    const lint = await api.get(`/v1/worlds/${cid}/lint`, boot.keys.sk_test);
    expect(lint.body.diagnostics.filter((d: { severity: string }) => d.severity === "error")).toEqual([]);

    // The next talk turn answers from the new palette.
    const token = await sessionFor(cid, boot.keys.sk_test);
    const turn = await say(cid, token, { text: "Hello there" });
    expect(turn.status, JSON.stringify(turn.body)).toBe(200);
    expect(["calm", "glad", "sly"]).toContain(turn.body.stance);
  });

  it("a hand-written base stays when the look changes; a derived one follows", async () => {
    const id = await newCharacter(EXPLICIT, boot.keys.sk_test);
    const { world } = (await api.get(`/v1/characters/${id}`, boot.keys.sk_test)).body;
    world.scene.states.calm.base = "Ilse by the lamp, painted by hand";
    const cid = (await create({ world }, boot.keys.sk_test)).body.id as string;
    const res = await patch(cid, { style: "oil on canvas" }, boot.keys.sk_test);
    expect(res.status).toBe(200);
    expect(res.body.world.scene.states.calm.base).toBe("Ilse by the lamp, painted by hand");
    expect(res.body.world.scene.states.glad.base).toContain("oil on canvas");
    expect(res.body.world.scene.states.glad.base).not.toContain("ink and watercolor");
  });

  it("an edit that changes nothing keeps the rev", async () => {
    const id = await newCharacter();
    const before = (await api.get(`/v1/characters/${id}`, boot.keys.sk_live)).body;
    const res = await patch(id, { persona: EXPLICIT.persona });
    expect(res.status).toBe(200);
    expect(res.body.rev).toBe(before.rev);
  });

  it("If-Match: a stale rev is a 412 with currentRev and nothing is saved", async () => {
    const id = await newCharacter();
    const { rev } = (await api.get(`/v1/characters/${id}`, boot.keys.sk_live)).body;
    const first = await patch(id, { greeting: "One." }, boot.keys.sk_live, { "if-match": `"${rev}"` });
    expect(first.status).toBe(200);
    const stale = await patch(id, { greeting: "Two." }, boot.keys.sk_live, { "if-match": `"${rev}"` });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ code: "rev_mismatch", currentRev: first.body.rev });
    expect((await api.get(`/v1/characters/${id}`, boot.keys.sk_live)).body.world.character.greeting).toBe("One.");
  });

  it.each([
    ["an empty persona", { persona: "  " }, "persona"],
    ["duplicate stance ids", { stances: [STANCES[0], STANCES[0]] }, "stances.1.id"],
    ["no stances", { stances: [] }, "stances"],
    ["13 stances", { stances: Array.from({ length: 13 }, (_, i) => ({ id: `s${i}`, label: `S${i}` })) }, "stances"],
    ["a stance id with spaces", { stances: [{ id: "a b", label: "A" }] }, "stances.0.id"],
    ["an entrance that is not a stance", { entranceState: "nope" }, "entranceState"],
    ["an entrance that is not of the new palette", { stances: [STANCES[1]], entranceState: "calm" }, "entranceState"],
    ["an unknown field", { name: "Renamed" }, "name"],
    ["a wrong type", { free: "yes" }, "free"],
  ])("400 for %s, nothing saved", async (_name, body, field) => {
    const id = await newCharacter();
    const before = (await api.get(`/v1/characters/${id}`, boot.keys.sk_live)).body;
    const res = await patch(id, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_request");
    expect(res.body.detail).toEqual(expect.any(String));
    expect(res.body.errors.join("\n")).toContain(field);
    expect((await api.get(`/v1/characters/${id}`, boot.keys.sk_live)).body.rev).toBe(before.rev);
  });

  it("only the character's own app and mode may edit it: 404 elsewhere, 403 for publishable keys, 401 without a key", async () => {
    const id = await newCharacter();
    const world = (await api.post("/v1/worlds", { world: makeSmallWorld() }, boot.keys.sk_live)).body.worldId;
    const other = await bootstrap();
    const cases: [string, string | null, Record<string, string>, number][] = [
      ["other mode", boot.keys.sk_test, {}, 404],
      ["other app", other.keys.sk_live, {}, 404],
      ["publishable key", boot.keys.pk_live, {}, 403],
      ["no credential", null, {}, 401],
      // Another user's Studio session acting for this app: the app is not theirs.
      ["another user's session", other.userToken, { "x-app-id": boot.appId, "x-app-mode": "live" }, 404],
    ];
    for (const [label, key, headers, status] of cases) {
      const res = await patch(id, { greeting: "Hijacked." }, key, headers);
      expect(res.status, label).toBe(status);
      expect(res.body.code, label).toEqual(expect.any(String));
    }
    expect((await patch(world, { greeting: "x" })).status).toBe(404);
    expect((await patch("00000000-0000-4000-8000-000000000000", { greeting: "x" })).status).toBe(404);
    expect((await api.get(`/v1/characters/${id}`, boot.keys.sk_live)).body.world.character.greeting).toBe(EXPLICIT.greeting);
    // The owner's Studio session acting for the app may.
    const own = await patch(id, { greeting: "Welcome back." }, boot.userToken, { "x-app-id": boot.appId, "x-app-mode": "live" });
    expect(own.status).toBe(200);
    expect(own.body.world.character.greeting).toBe("Welcome back.");
  });
});
