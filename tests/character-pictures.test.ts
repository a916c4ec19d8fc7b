import { describe, expect, it } from "vitest";
import { setQuotaCap } from "@/lib/quota/quota";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { api, create, EXPLICIT, withCharactersServer } from "./support/characters";

// Issue 27 item 3: every stance of a created character has its own picture, in every mode of
// creation, stored content-addressed and counted as one `seed_frame` each; a replayed create
// paints and counts nothing twice; a character authored from a frame is read from what it shows.

withCharactersServer();

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const seedFrames = async (app: Bootstrap) => (await api.get("/v1/usage", app.keys.sk_live)).body.quotas.seed_frame.used as number;

interface Stance {
  id: string;
}
interface StateImage {
  src: string;
  label: string;
  manifest?: string;
}

/** Each stance's picture URL, read from the character resource (`world.scene.states[stance].image`). */
async function picturesOf(id: string, key: string): Promise<Record<string, StateImage>> {
  const got = await api.get(`/v1/characters/${id}`, key);
  expect(got.status).toBe(200);
  const { world } = got.body as { world: { character: { stances: Stance[] }; scene: { states: Record<string, { image?: StateImage }> } } };
  return Object.fromEntries(world.character.stances.map((s) => [s.id, world.scene.states[s.id]!.image!]));
}

/** Fetches a picture: a PNG served from /assets under its own sha256. */
async function fetchPng(src: string): Promise<Buffer> {
  const path = new URL(src).pathname;
  expect(path).toMatch(/^\/assets\/[0-9a-f]{64}\.png$/);
  const res = await fetch(src);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/png");
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(0, 8).equals(PNG)).toBe(true);
  return bytes;
}

async function expectDistinctPictures(id: string, key: string, stanceIds: string[]): Promise<Record<string, StateImage>> {
  const pictures = await picturesOf(id, key);
  expect(Object.keys(pictures)).toEqual(stanceIds);
  const srcs = stanceIds.map((s) => pictures[s]!.src);
  expect(new Set(srcs).size).toBe(stanceIds.length);
  const hashes = new Set<string>();
  for (const src of srcs) {
    const bytes = await fetchPng(src);
    hashes.add((await import("node:crypto")).createHash("sha256").update(bytes).digest("hex"));
  }
  expect(hashes.size).toBe(stanceIds.length);
  return pictures;
}

describe("stance pictures", () => {
  it("EXPLICIT (live, local painter): one distinct PNG per stance, each one seed_frame, with the painter's manifest naming the character", async () => {
    const app = await bootstrap();
    const res = await create(EXPLICIT, app.keys.sk_live);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const pictures = await expectDistinctPictures(
      res.body.id,
      app.keys.sk_live,
      EXPLICIT.stances.map((s) => s.id),
    );
    expect(await seedFrames(app)).toBe(EXPLICIT.stances.length);
    expect(pictures.glad!.label).toBe("Glad");
    const manifest = await (await fetch(pictures.glad!.manifest!)).json();
    expect(manifest.objects).toEqual([expect.objectContaining({ subject: true, label: "keeper", kind: "person" })]);
  });

  it("AUTHORED from a premise and from the default palette: six stances, six pictures, six seed_frames; test keys get deterministic mocks", async () => {
    const app = await bootstrap();
    const body = { authored: true, premise: "A grumpy street-food chef named Mina who secretly feeds the city's stray cats" };
    const live = await create(body, app.keys.sk_live);
    expect(live.status).toBe(201);
    const ids = ["neutral", "warm", "amused", "curious", "guarded", "downcast"];
    const livePictures = await expectDistinctPictures(live.body.id, app.keys.sk_live, ids);
    expect(await seedFrames(app)).toBe(6);
    // The cover is the entrance stance's picture.
    expect(live.body.cover).toBe(livePictures.neutral!.src);

    const first = await create(body, app.keys.sk_test);
    const second = await create(body, app.keys.sk_test);
    expect(first.body.mock).toBe(true);
    const a = await expectDistinctPictures(first.body.id, app.keys.sk_test, ids);
    const b = await picturesOf(second.body.id, app.keys.sk_test);
    // Deterministic: the same request paints the same bytes, stored once under their hash.
    expect(ids.map((s) => b[s]!.src)).toEqual(ids.map((s) => a[s]!.src));
    expect(ids.every((s) => a[s]!.src !== livePictures[s]!.src)).toBe(true);
    expect(await seedFrames(app)).toBe(18);
  });

  it("a replayed create (Idempotency-Key) neither paints nor counts again", async () => {
    const app = await bootstrap();
    const headers = { "idempotency-key": "pictures-once" };
    const first = await create(EXPLICIT, app.keys.sk_live, headers);
    expect(first.status).toBe(201);
    const before = await picturesOf(first.body.id, app.keys.sk_live);
    const again = await create(EXPLICIT, app.keys.sk_live, headers);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await seedFrames(app)).toBe(EXPLICIT.stances.length);
    expect(await picturesOf(first.body.id, app.keys.sk_live)).toEqual(before);
  });

  it("402 when the day's seed_frame quota cannot take every stance: nothing created, nothing counted", async () => {
    const app = await bootstrap();
    await setQuotaCap(app.appId, "seed_frame", EXPLICIT.stances.length - 1);
    const res = await create(EXPLICIT, app.keys.sk_live);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: "quota_exceeded", kind: "seed_frame" });
    const usage = (await api.get("/v1/usage", app.keys.sk_live)).body.quotas;
    expect(usage.seed_frame.used).toBe(0);
    expect(usage.generation.used).toBe(0);
    expect((await api.get("/v1/worlds", app.keys.sk_live)).body.worlds).toHaveLength(0);
  });

  it("AUTHORED from a frame (live): the character is read from what the frame shows, and painted in its colours with the frame as its reference", async () => {
    const app = await bootstrap();
    // A frame the local painter drew (its manifest is stored beside it): a keeper by a lighthouse.
    const frame = await api.post(
      "/v1/seed-frame",
      { prompt: "an old lighthouse keeper on a rocky shore beside a lighthouse", mood: "dusk" },
      app.keys.sk_live,
    );
    expect(frame.status).toBe(200);
    const framed = await create({ authored: true, frame_url: frame.body.url }, app.keys.sk_live);
    expect(framed.status, JSON.stringify(framed.body)).toBe(201);
    const got = (await api.get(`/v1/characters/${framed.body.id}`, app.keys.sk_live)).body;
    // Not a stranger invented from a hash of the URL: the frame's keeper, on the frame's shore.
    expect(got.world.character.subject).toMatch(/keeper/);
    expect(got.world.character.scene).toMatch(/keeper/i);
    expect(got.world.subjectRef).toEqual({ imageUrl: frame.body.url, descriptor: got.world.character.subject });
    await expectDistinctPictures(framed.body.id, app.keys.sk_live, ["neutral", "warm", "amused", "curious", "guarded", "downcast"]);
    // The seed frame itself was one unit; the six stances six more.
    expect(await seedFrames(app)).toBe(7);
  });

  it("a stance added by PATCH is painted (one seed_frame); kept stances keep their pictures; the same PATCH again paints nothing", async () => {
    const app = await bootstrap();
    const created = await create(EXPLICIT, app.keys.sk_live);
    const before = await picturesOf(created.body.id, app.keys.sk_live);
    const stances = [
      ...EXPLICIT.stances.filter((s) => s.id !== "shaken"),
      { id: "wry", label: "Wry", mood: "amused", expression: "a crooked grin" },
    ];
    const patched = await api.call("PATCH", `/v1/characters/${created.body.id}`, { token: app.keys.sk_live, body: { stances } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const after = await expectDistinctPictures(
      created.body.id,
      app.keys.sk_live,
      stances.map((s) => s.id),
    );
    for (const id of ["calm", "glad", "cross"]) expect(after[id]).toEqual(before[id]);
    expect(Object.values(before).map((p) => p.src)).not.toContain(after.wry!.src);
    expect(after.wry!.label).toBe("Wry");
    expect(await seedFrames(app)).toBe(EXPLICIT.stances.length + 1);
    const again = await api.call("PATCH", `/v1/characters/${created.body.id}`, { token: app.keys.sk_live, body: { stances } });
    expect(again.status).toBe(200);
    expect(await seedFrames(app)).toBe(EXPLICIT.stances.length + 1);
    // A failed edit gives its painted units back: a stance added with an entrance that is no stance.
    const refused = await api.call("PATCH", `/v1/characters/${created.body.id}`, {
      token: app.keys.sk_live,
      body: { stances: [...stances, { id: "new", label: "New", mood: "", expression: "" }], entranceState: "shaken" },
    });
    expect(refused.status).toBe(400);
    expect(await seedFrames(app)).toBe(EXPLICIT.stances.length + 1);
  });

  it("IMPORT stores the world verbatim: its stances keep the pictures they carry and nothing is painted", async () => {
    const app = await bootstrap();
    const drafted = await create(EXPLICIT, app.keys.sk_test);
    const { world } = (await api.get(`/v1/characters/${drafted.body.id}`, app.keys.sk_test)).body;
    delete world.scene.states.cross.image;
    const imported = await create({ world }, app.keys.sk_test);
    expect(imported.status).toBe(201);
    const after = (await api.get(`/v1/characters/${imported.body.id}`, app.keys.sk_test)).body.world;
    expect(after.scene.states.cross.image).toBeUndefined();
    expect(after.scene.states.glad.image).toEqual(world.scene.states.glad.image);
    expect(await seedFrames(app)).toBe(EXPLICIT.stances.length);
  });
});
