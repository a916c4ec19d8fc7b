import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { checkedClient } from "./support/openapi-check";
import { startTestServer, type TestServer } from "./support/test-server";

// What the world player's pages (/play/{slug}, /embed/w/{worldId}) show players: a state's
// picture, label, prose, ambient lines and actions; never its `camera` and `movement`, which are
// directions for the renderer (the Studio's preview shows them).

let server: TestServer;
let api: ReturnType<typeof checkedClient>;
let boot: Bootstrap;
let worldId: string;
let slug: string;

const CAMERA = { static: "CAMERA over-the-shoulder framing on {hero}", dynamic: "CAMERA slow dolly behind {hero}" };
const MOVEMENT = { static: "MOVEMENT {hero} holds the lantern high", dynamic: "MOVEMENT {hero} strides on" };

beforeAll(async () => {
  server = await startTestServer();
  api = checkedClient(server.url);
  boot = await bootstrap();
  const world = makeSmallWorld();
  world.slots = { hero: "Mara" };
  for (const state of Object.values(world.scene.states))
    Object.assign(state, { base: "{hero} stands at the gate.", camera: CAMERA, movement: MOVEMENT });
  const created = await api.post("/v1/worlds", { world }, boot.keys.sk_live);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  worldId = created.body.worldId;
  const made = await api.patch(`/v1/worlds/${worldId}`, { visibility: "public" }, boot.keys.sk_live);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  slug = made.body.slug;
});

afterAll(async () => {
  await server?.close();
});

describe("the world player's first frame, drawn by the server", () => {
  it.each([
    ["/play/{slug}", () => `/play/${slug}`],
    ["/embed/w/{worldId}", () => `/embed/w/${worldId}`],
  ])("%s shows the story and none of the renderer's directions", async (_name, path) => {
    const res = await fetch(server.url + path());
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<p class="pw-base">Mara stands at the gate.</p>');
    expect(html).toContain('<p class="pw-kicker">The start</p>');
    for (const direction of ["CAMERA", "MOVEMENT", "over-the-shoulder", "lantern high", "pw-meta", "<b>Camera</b>", "<b>Movement</b>"]) {
      expect(html, direction).not.toContain(direction);
    }
  });

  it("still hands the directions to a renderer through the runtime API", async () => {
    const res = await api.get(`/v1/runtime/public/${slug}`);
    expect(res.status).toBe(200);
    expect(res.body.world.scene.states.a.camera).toEqual(CAMERA);
    expect(res.body.world.scene.states.a.movement).toEqual(MOVEMENT);
  });
});
