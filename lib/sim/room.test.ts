import { describe, expect, it } from "vitest";
import { mockWorld } from "@/lib/kernel";
import { makeLargeWorld, makeSmallWorld } from "@/lib/kernel/fixtures";
import { SimEnv, type StepResult } from "./env";
import { solidLabelsOf } from "./labels";
import { explorePolicy } from "./policy";
import { buildSimWorld, LazyRooms } from "./room";

// Rooms are built lazily, the first time an agent enters them, against labels read up front.

const premise = (k: number) => `world ${k}: salt, lanterns and ${["bells", "wolves", "ships", "keys"][k % 4]} by the sea`;

describe("lazy rooms", () => {
  it("builds no room up front, the entrance when an env starts, and each other room once, on entering it", () => {
    const sim = buildSimWorld(makeLargeWorld());
    const rooms = sim.rooms as LazyRooms;
    expect(rooms).toBeInstanceOf(LazyRooms);
    expect([rooms.size, rooms.built]).toEqual([500, 0]);
    expect(sim.labels.length).toBeGreaterThan(1);
    const env = new SimEnv(sim, { seed: 1 });
    expect(rooms.built).toBe(1);
    expect(rooms.get(sim.entrance)).toBe(env.room);
    const policy = explorePolicy(1);
    env.reset();
    const seen = new Set([env.state]);
    let last: StepResult | null = null;
    for (let i = 0; i < 3000 && seen.size < 3; i++) {
      last = env.step(policy.act(env, last));
      seen.add(env.state);
      if (last.terminated || last.truncated) env.reset();
    }
    expect(seen.size).toBe(3);
    expect(rooms.built).toBe(3);
    expect(rooms.get("no-such-state")).toBeUndefined();
    expect(rooms.built).toBe(3);
  });

  it("gives the same rooms whatever order they are built in", () => {
    const world = mockWorld({ premise: premise(2) });
    const forward = buildSimWorld(world);
    const backward = buildSimWorld(world);
    const ids = [...forward.rooms.keys()];
    const built = [...ids].reverse().map((id) => backward.rooms.get(id)!);
    expect(JSON.stringify(ids.map((id) => forward.rooms.get(id)))).toBe(JSON.stringify(built.reverse()));
    expect(backward.labels).toEqual(forward.labels);
  });

  it("read labels holding every label the painter puts in any room (window and rock included)", () => {
    // Prose that tokenizes awkwardly: contractions (the tagger splits them), possessives, accents, dashes.
    const awkward = makeSmallWorld();
    awkward.scene.states.a!.base = "{hero} won't climb the lighthouse—it's the café-owner's bell tower; the naïve wolves' ship can't sail.";
    awkward.scene.states.b!.base =
      "St. Mary's windmill, a castle's gate and the harbour's lantern-lit boats, where Anne-Marie's horse waits.";
    const worlds = [
      makeSmallWorld(),
      awkward,
      makeLargeWorld({ states: 30, events: 90 }),
      ...Array.from({ length: 50 }, (_, k) => mockWorld({ premise: premise(k) })),
    ];
    const drawn = new Set<string>();
    for (const world of worlds) {
      const sim = buildSimWorld(world);
      // Building a room whose label is missing throws; every room is built here.
      for (const room of sim.rooms.values()) {
        for (const o of room.objects) {
          expect(sim.labels[o.labelIndex]).toBe(o.label);
          drawn.add(o.label);
        }
        for (const e of room.exits) expect(sim.labels[e.labelIndex]).toBe(e.label);
      }
    }
    expect(drawn).toContain("window");
    expect(drawn).toContain("rock");
  }, 60_000);

  it("reads compounds and plurals as the painter's lexicon does, and nothing it cannot draw as a thing", () => {
    expect(solidLabelsOf("The keeper climbs the bell tower, past two lanterns and a lighthouse, under the sky by the sea.")).toEqual(
      expect.arrayContaining(["bell tower", "bell", "tower", "lanterns", "lighthouse"]),
    );
    const none = solidLabelsOf("Under the sky by the sea at night, in a meadow.");
    expect(none).toEqual([]);
  });
});
