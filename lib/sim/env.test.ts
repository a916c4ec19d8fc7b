import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkWorld, mockWorld, type World } from "@/lib/kernel";
import { makeSmallWorld, makeState } from "@/lib/kernel/fixtures";
import { SimEnv, SimError, type Observation, type StepResult } from "./env";
import { explorePolicy, randomPolicy } from "./policy";
import { buildSimWorld, type Room, type SimWorld } from "./room";
import { ACTIONS, SIM } from "./spec";

const SMALL = buildSimWorld(makeSmallWorld());
const MOCK = buildSimWorld(mockWorld({ premise: "a lighthouse keeper rings a drowned bell in a storm" }));
const A = Object.fromEntries(ACTIONS.map((a, i) => [a, i])) as Record<(typeof ACTIONS)[number], number>;

/** One state, no events, and nothing in the room but its walls. */
function emptyRoom(width = 30, depth = 10): SimWorld {
  const world: World = {
    ...makeSmallWorld(),
    entrance: { image: { src: "x", label: "x" }, state: "a" },
    scene: { states: { a: makeState("a") }, events: [] },
  };
  const sim = buildSimWorld(world);
  const room = sim.rooms.get("a")!;
  const walls = [
    { ax: 0, ay: 0, bx: width, by: 0, exit: -1 },
    { ax: width, ay: 0, bx: width, by: depth, exit: -1 },
    { ax: width, ay: depth, bx: 0, by: depth, exit: -1 },
    { ax: 0, ay: depth, bx: 0, by: 0, exit: -1 },
  ];
  const bare: Room = { ...room, width, depth, walls, objects: [], exits: [], start: { x: width / 2, y: 1.2, heading: Math.PI / 2 } };
  return { ...sim, rooms: new Map([["a", bare]]) };
}

function expectInSpace(o: Observation, k: number, camera: number): void {
  for (const p of o.proximity) expect(p >= 0 && p <= 1 && Number.isFinite(p)).toBe(true);
  expect([0, 1]).toContain(o.collision);
  for (const l of o.labels) expect(Number.isInteger(l) && l >= -1 && l < k).toBe(true);
  expect(o.visible).toHaveLength(k);
  for (const v of o.visible) expect([0, 1]).toContain(v);
  if (camera > 0) expect(o.camera).toHaveLength(camera * camera * 3);
  else expect(o.camera).toBeUndefined();
}

const dump = (r: StepResult) =>
  JSON.stringify({
    ...r,
    observation: { ...r.observation, visible: [...r.observation.visible], camera: r.observation.camera ? [...r.observation.camera] : null },
  });

describe("rooms", () => {
  it("hold the painter's labelled things, one exit per transition named after it, with room to pass", () => {
    for (const sim of [SMALL, MOCK]) {
      expect(sim.labels[0]).toBe("wall");
      for (const [id, room] of sim.rooms) {
        const transitions = sim.world.scene.events.filter((e) => e.from === id && e.to !== undefined);
        expect(room.exits.map((e) => e.label)).toEqual(transitions.map((e) => e.name));
        for (const o of room.objects) expect(sim.labels[o.labelIndex]).toBe(o.label);
        room.objects.forEach((a, i) =>
          room.objects
            .slice(i + 1)
            .forEach((b) => expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(a.r + b.r + 2 * SIM.agentRadius)),
        );
        for (const o of room.objects)
          expect(Math.min(o.x, o.y, room.width - o.x, room.depth - o.y)).toBeGreaterThanOrEqual(o.r + 2 * SIM.agentRadius);
      }
    }
    // The small world's override "look" has a thing of its own to interact with.
    expect(SMALL.rooms.get("a")!.objects.some((o) => o.label === "look" && o.override === 1)).toBe(true);
  });

  it("are the same for the same world", () => {
    const again = buildSimWorld(mockWorld({ premise: "a lighthouse keeper rings a drowned bell in a storm" }));
    expect(again.labels).toEqual(MOCK.labels);
    expect(JSON.stringify([...again.rooms])).toBe(JSON.stringify([...MOCK.rooms]));
  });
});

describe("SimEnv properties", () => {
  const actions = fc.array(fc.integer({ min: 0, max: ACTIONS.length - 1 }), { minLength: 1, maxLength: 250 });
  const worlds = fc.constantFrom(SMALL, MOCK);

  it("is deterministic: the same seed and actions give the same steps", () => {
    fc.assert(
      fc.property(worlds, fc.integer(), actions, fc.constantFrom(0, 16), (sim, seed, list, camera) => {
        const run = () => {
          const env = new SimEnv(sim, { seed, camera });
          const out = [JSON.stringify(env.reset())];
          for (const a of list) {
            const r = env.step(a);
            out.push(dump(r));
            if (r.terminated || r.truncated) env.reset();
          }
          return out;
        };
        expect(run()).toEqual(run());
      }),
      { numRuns: 40 },
    );
  });

  it("keeps every observation in its space, spikes only on a blocked move, and ends episodes for good", () => {
    fc.assert(
      fc.property(worlds, fc.integer(), actions, (sim, seed, list) => {
        const env = new SimEnv({ ...sim, maxSteps: 60 }, { seed, camera: 8 });
        expectInSpace(env.reset().observation, sim.labels.length, 8);
        for (const a of list) {
          const before = { ...env.pose, state: env.state };
          const r = env.step(a);
          expectInSpace(r.observation, sim.labels.length, 8);
          if (r.observation.collision === 1) {
            expect([A.forward, A.back]).toContain(a);
            expect(r.info.state).toBe(before.state);
            // A blocked move stops at the contact: never further than a step (a step may end exactly touching).
            expect(Math.hypot(env.pose.x - before.x, env.pose.y - before.y)).toBeLessThanOrEqual(SIM.moveStep + 1e-9);
          }
          expect(r.terminated && r.truncated).toBe(false);
          if (r.terminated) expect(sim.rooms.get(r.info.state)!.ending).not.toBeNull();
          if (r.truncated) expect(r.info.steps).toBe(60);
          if (r.terminated || r.truncated) {
            expect(() => env.step(A.noop)).toThrow(SimError);
            env.reset();
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it("differs between seeds", () => {
    const poses = new Set(
      [1, 2, 3, 4].map(
        (seed) =>
          JSON.stringify(new SimEnv(MOCK, { seed }).reset(seed).observation.proximity) +
          JSON.stringify(((e) => (e.reset(seed), e.pose))(new SimEnv(MOCK))),
      ),
    );
    expect(poses.size).toBe(4);
  });

  it("rejects actions outside the space and steps before a reset", () => {
    const env = new SimEnv(SMALL);
    expect(() => env.step(A.noop)).toThrow(SimError);
    env.reset();
    for (const bad of [-1, 6, 1.5, Number.NaN]) expect(() => env.step(bad)).toThrow(RangeError);
  });
});

describe("sensors", () => {
  it("spike once per contact with a wall, not once per step while touching", () => {
    const env = new SimEnv(emptyRoom(), { jitter: false });
    env.reset();
    const spikes = (n: number, action: number) =>
      Array.from({ length: n }, () => env.step(action).observation.collision).reduce((a: number, b) => a + b, 0);
    expect(spikes(60, A.forward)).toBe(1);
    expect(spikes(3, A.turn_left) + spikes(3, A.turn_right)).toBe(0);
    expect(spikes(4, A.back)).toBe(0);
    expect(spikes(10, A.forward)).toBe(1);
  });

  it("read less and less while approaching a wall head-on, then the wall's label", () => {
    const env = new SimEnv(emptyRoom(), { jitter: false });
    let last = env.reset().observation;
    let steps = 0;
    for (;;) {
      const r = env.step(A.forward);
      if (r.observation.collision === 1) break;
      const [l, rr] = r.observation.proximity;
      if (last.proximity[0] < 1) expect(l).toBeLessThan(last.proximity[0]);
      if (last.proximity[1] < 1) expect(rr).toBeLessThan(last.proximity[1]);
      expect(l).toBeLessThanOrEqual(last.proximity[0]);
      last = r.observation;
      steps++;
    }
    expect(steps).toBeGreaterThan(20);
    expect(last.proximity[0]).toBeLessThan(0.1);
    expect(last.labels).toEqual([0, 0]);
  });
});

describe("episodes", () => {
  it("reach the small world's good ending with +1, and fire its override on interact", () => {
    const env = new SimEnv(SMALL, { seed: 3 });
    const policy = explorePolicy(3);
    let last: StepResult | null = null;
    const events: string[] = [];
    env.reset();
    for (let i = 0; i < 5000 && !last?.terminated; i++) {
      last = env.step(policy.act(env, last));
      if (last.info.event) events.push(last.info.event);
      if (last.truncated) env.reset();
    }
    expect(last?.terminated).toBe(true);
    expect(last?.info.state).toBe("end");
    expect(last?.reward).toBe(SIM.stepCost + SIM.winReward);
    expect(events).toContain("go");
    expect(events.at(-1)).toBe("finish");
  });

  it("explore enters every state of 50 gate-clean generated worlds within 20,000 steps", () => {
    for (let k = 0; k < 50; k++) {
      const world = mockWorld({ premise: `world ${k}: salt, lanterns and ${["bells", "wolves", "ships", "keys"][k % 4]}` });
      expect(checkWorld(world).ok).toBe(true);
      const sim = buildSimWorld(world);
      const env = new SimEnv(sim, { seed: k });
      const policy = explorePolicy(k);
      const seen = new Set([sim.entrance]);
      let last: StepResult | null = null;
      env.reset();
      for (let i = 0; i < 20_000 && seen.size < sim.rooms.size; i++) {
        last = env.step(policy.act(env, last));
        seen.add(last.info.state);
        if (last.terminated || last.truncated) env.reset();
      }
      expect([k, seen.size]).toEqual([k, sim.rooms.size]);
    }
  }, 60_000);

  it("random rolls stay in the space too", () => {
    const env = new SimEnv(MOCK, { seed: 9 });
    const policy = randomPolicy(9);
    env.reset();
    let last: StepResult | null = null;
    for (let i = 0; i < 2000; i++) {
      last = env.step(policy.act(env, last));
      expectInSpace(last.observation, MOCK.labels.length, 0);
      if (last.terminated || last.truncated) env.reset();
    }
  });
});
